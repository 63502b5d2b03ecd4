import {
  lazy,
  Suspense,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react'
import { useLocation } from 'wouter'
import { pageTitle, shellLayout, type LayoutVariant } from '@shared/routes'
import { usePageViews } from '@client/features/analytics/page-views'
import { useStrings } from '@client/lib/i18n/i18n'
import { useMediaQuery } from '@client/lib/use-media-query'
import { PAGE_LABELS } from '../pages'
import { AvatarButton } from './avatar-button'
import { DragParticles } from './drag-particles'
import { Footer } from './footer'
import { MenuButton } from './menu-button'
import { Sidebar } from './sidebar'
import { SHELL } from './strings'
import { useAccountPanel } from './use-account-panel'

const AccountPanel = lazy(() =>
  import('../account/account-panel').then((module) => ({ default: module.AccountPanel })),
)

let returningByHistory = false
// No window when the pages are prerendered at build time.
if (typeof window !== 'undefined') {
  window.addEventListener('popstate', () => (returningByHistory = true))
}

/** The drawer closes this long after a choice on small screens. */
const DRAWER_CLOSE_DELAY_MS = 500

const MAIN_CLASSES: Record<LayoutVariant, string> = {
  standard: 'mx-auto w-full max-w-6xl flex-1 px-4 pt-16 pb-6 sm:px-8 sm:py-10',
  map: 'h-dvh w-full flex-none',
  articles: 'mx-auto w-full max-w-3xl flex-1 px-4 pt-16 pb-6 sm:px-8 sm:py-12',
  player: 'min-h-dvh w-full flex-1',
}

/**
 * The sidebar, header and account panel around the page. `afterPage` renders after the page,
 * inside its Suspense boundary: its effects run once the page itself has hydrated or rendered.
 */
export function AppShell({ children, afterPage }: { children: ReactNode; afterPage?: ReactNode }) {
  const [pathname] = useLocation()
  const layout = shellLayout(pathname)
  const panel = useAccountPanel()
  // The prerendered sidebar is not inert, so its links work before hydration at any width; below
  // 640 px it sits off screen until the drawer opens.
  const isDesktop = useMediaQuery('(min-width: 640px)', true)
  const [drawerOpen, setDrawerOpen] = useState(false)
  const menuButton = useRef<HTMLButtonElement>(null)
  const closeTimer = useRef<number | undefined>(undefined)
  usePageViews()
  // The same element on every render of the shell (drawer, panel, window width): a page boundary
  // still waiting for its chunk to hydrate would otherwise take the update, drop its prerendered
  // HTML and show the skeleton in between.
  const page = useMemo(
    () => (
      <Suspense fallback={<PageSkeleton />}>
        {children}
        {afterPage}
      </Suspense>
    ),
    [children, afterPage],
  )
  const strings = useStrings('shell', SHELL)
  const labels = useStrings('labels', PAGE_LABELS)
  useLayoutEffect(() => {
    document.title = pageTitle(pathname, labels)
  }, [pathname, labels])

  // A new page starts at its top; going back keeps where it was, and query changes (the
  // account panel) never scroll. The first page stays where the browser put it: a visitor may
  // have scrolled the prerendered page before the app ran, or the browser restored a reload.
  const scrolledFor = useRef(pathname)
  useLayoutEffect(() => {
    if (scrolledFor.current === pathname) return
    scrolledFor.current = pathname
    if (!returningByHistory) window.scrollTo(0, 0)
    returningByHistory = false
  }, [pathname])

  const returnFocus = useRef(false)
  const closeDrawer = (focusMenuButton: boolean) => {
    window.clearTimeout(closeTimer.current)
    returnFocus.current = focusMenuButton
    setDrawerOpen(false)
  }

  useEffect(() => {
    if (!drawerOpen) {
      // Only once the page is no longer inert can the menu button take focus back.
      if (returnFocus.current) menuButton.current?.focus()
      returnFocus.current = false
      return
    }
    document.querySelector<HTMLElement>('#sidebar a')?.focus()
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      window.clearTimeout(closeTimer.current)
      returnFocus.current = true
      setDrawerOpen(false)
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [drawerOpen])

  const drawerActive = drawerOpen && !isDesktop
  useEffect(() => {
    const sidebar = document.getElementById('sidebar')
    if (!drawerActive || sidebar === null) return
    // The focus wrap loads as the drawer opens (the first load carries none of it); it has
    // to answer the key in the same task, so it is held once loaded.
    let wrap: ((event: KeyboardEvent, container: HTMLElement) => void) | undefined
    void import('@client/lib/focus-wrap').then((module) => (wrap = module.wrapTabFocus))
    const onTab = (event: KeyboardEvent) => wrap?.(event, sidebar)
    document.addEventListener('keydown', onTab)
    return () => document.removeEventListener('keydown', onTab)
  }, [drawerActive])
  const chooseInDrawer = () => {
    if (!drawerActive) return
    window.clearTimeout(closeTimer.current)
    closeTimer.current = window.setTimeout(() => closeDrawer(true), DRAWER_CLOSE_DELAY_MS)
  }

  return (
    <>
      <a
        href="#main"
        inert={drawerActive}
        className="sr-only z-50 rounded-full bg-cta px-4 py-2 font-semibold text-cta-ink focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        {strings.skip}
      </a>
      {layout.menuButton && (
        // Outside the part made inert while the drawer is open, and above the drawer, beside
        // it: the same button closes the drawer it opened.
        <div className={`fixed top-3 z-50 ${drawerActive ? 'left-59' : 'left-3'}`}>
          <MenuButton
            ref={menuButton}
            open={drawerActive}
            onToggle={() => (drawerActive ? closeDrawer(false) : setDrawerOpen(true))}
          />
        </div>
      )}
      <Sidebar
        drawerOpen={drawerActive}
        isDesktop={isDesktop}
        onChoose={chooseInDrawer}
        onAccount={panel.open}
      />
      {drawerActive && (
        <div
          data-testid="drawer-backdrop"
          aria-hidden="true"
          onClick={() => closeDrawer(true)}
          className="fixed inset-0 z-30 bg-night-950/50 backdrop-blur-[2px]"
        />
      )}
      <div inert={drawerActive} className="flex min-h-dvh flex-col sm:pl-56">
        <header className="pointer-events-none fixed inset-x-0 top-0 z-20 flex items-center justify-end p-3 sm:left-56">
          <div className="pointer-events-auto">
            {layout.avatarButton && !panel.isOpen && <AvatarButton onOpen={panel.open} />}
          </div>
        </header>
        <main id="main" tabIndex={-1} className={`outline-none ${MAIN_CLASSES[layout.variant]}`}>
          {page}
        </main>
        {layout.footer && <Footer />}
      </div>
      {panel.isOpen && (
        <Suspense fallback={<PanelSkeleton />}>
          <AccountPanel onClose={panel.close} />
        </Suspense>
      )}
      <DragParticles />
    </>
  )
}

/** Stands in for a page while its code arrives, and in the prerendered shell of /@handle. */
export function PageSkeleton() {
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label={useStrings('shell', SHELL).loading}
      className="animate-pulse space-y-4"
    >
      <div className="h-48 rounded-3xl bg-accent-soft" />
      <div className="h-6 w-2/3 rounded-full bg-accent-soft" />
      <div className="h-6 w-1/2 rounded-full bg-accent-soft" />
    </div>
  )
}

/** Shown for the moment the account panel's code takes to arrive on a slow connection. */
function PanelSkeleton() {
  return (
    <div aria-hidden="true" className="fixed inset-0 z-50 bg-night-950/55 backdrop-blur-sm">
      <div className="absolute inset-y-0 right-0 w-[88%] max-w-md animate-pulse bg-raised/90" />
    </div>
  )
}

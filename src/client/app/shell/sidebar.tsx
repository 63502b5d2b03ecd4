import { Link, useLocation } from 'wouter'
import { SIDEBAR_LINKS } from '@shared/pages'
import { normalizePath } from '@shared/routes'
import { useStrings } from '@client/lib/i18n/i18n'
import { PAGE_LABELS, PAGE_VIEWS } from '../pages'
import { SHELL } from './strings'

interface SidebarProps {
  /** Below 640 px the sidebar is a drawer; this says whether it is pulled out. */
  drawerOpen: boolean
  isDesktop: boolean
  onChoose: () => void
  onAccount: () => void
}

export function Sidebar({ drawerOpen, isDesktop, onChoose, onAccount }: SidebarProps) {
  const hidden = !isDesktop && !drawerOpen
  const current = normalizePath(useLocation()[0])
  const labels = useStrings('labels', PAGE_LABELS)
  return (
    <nav
      id="sidebar"
      aria-label={useStrings('shell', SHELL).sections}
      inert={hidden}
      className={`fixed inset-y-0 left-0 z-40 flex w-56 flex-col gap-6 overflow-y-auto border-r border-line bg-sunken/95 px-4 py-5 backdrop-blur-md transition-transform duration-300 ease-out sm:translate-x-0 ${
        drawerOpen ? 'translate-x-0 shadow-2xl shadow-night-950/40' : '-translate-x-full'
      }`}
    >
      <Link href="/" onClick={onChoose} className="flex items-center gap-2 rounded-xl px-2 py-1">
        {/* Mofu as drawn by components/art (calm), a static file: the first load carries no
            drawing code. */}
        <img src="/images/mofu-calm.svg" alt="" width={40} height={40} fetchPriority="high" />
        <span className="font-brand text-xl font-bold text-accent">Mofu</span>
      </Link>
      <ul className="flex flex-col gap-1">
        {SIDEBAR_LINKS.map((link) => (
          <li key={link.path}>
            <Link
              href={link.path}
              aria-current={link.path === current ? 'page' : undefined}
              onClick={(event) => {
                if (link.path === '/account') {
                  event.preventDefault()
                  onAccount()
                }
                onChoose()
              }}
              className={`fx-sidebar-link flex items-center gap-3 rounded-xl px-3 py-2.5 font-medium transition-colors ${
                link.path === current
                  ? 'bg-accent-soft text-accent'
                  : 'text-ink hover:bg-accent-soft/70'
              }`}
            >
              <SidebarIcon path={PAGE_VIEWS[link.path].icon} />
              {labels[link.label]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

/** A sidebar link's line icon (its page's, src/client/app/pages.ts), in the link's colour. */
function SidebarIcon({ path }: { path: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-5 shrink-0"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={path} />
    </svg>
  )
}

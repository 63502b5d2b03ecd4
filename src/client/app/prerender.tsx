/**
 * The build's server-side entry (scripts/prerender.mjs runs it once per page, after `vite build
 * --ssr`): each page of PRERENDERED_PATHS rendered to HTML with every lazy page resolved, so the
 * sidebar, header and page text paint before any script runs, and main.tsx hydrates that HTML.
 * The generic shells (paths with a part of their own) show the page skeleton in the shell of
 * their layout; the client renders those afresh.
 */
import { StrictMode, type ReactNode } from 'react'
import { prerender } from 'react-dom/static'
import { Router } from 'wouter'
import { GENERIC_SHELL_PATHS } from '@shared/routes'
import { AppRoutes } from './routes'
import { AppShell, PageSkeleton } from './shell/app-shell'

export interface Rendered {
  /** Resource hints React hoists (the preload of the avatar image): they belong in <head>. */
  head: string
  /** The markup of #root, as the client's first render draws it. */
  root: string
}

async function render(path: string, app: ReactNode): Promise<Rendered> {
  const { prelude } = await prerender(
    <StrictMode>
      <Router ssrPath={path} ssrSearch="">
        {app}
      </Router>
    </StrictMode>,
    // Every boundary inline and complete: no hidden copies, no scripts to move them into place.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  )
  const html = await new Response(prelude).text()
  const [, head = '', root = ''] = /^((?:<link [^>]*>)*)([\s\S]*)$/.exec(html) ?? []
  return { head, root }
}

/** One page as the client's first render draws it at `path` (hydration reads no query). */
export const renderPage = (path: string) => render(path, <AppRoutes />)

/** The shell of a layout around the page skeleton. */
export const renderShell = (variant: keyof typeof GENERIC_SHELL_PATHS) =>
  render(
    GENERIC_SHELL_PATHS[variant],
    <AppShell>
      <PageSkeleton />
    </AppShell>,
  )

export {
  GENERIC_SHELL_PATHS,
  pageFile,
  pageTitle,
  PRERENDERED_PATHS,
  shellFile,
} from '@shared/routes'

import { useEffect, useRef } from 'react'
import { useLocation } from 'wouter'
import { idle } from '@client/lib/idle'

/**
 * The sending code, loaded once, at the first idle moment after the page came to life (nothing a
 * visitor waits for). Every page view waits on this one promise, so they are sent in the order
 * they happened: two import() calls of a module still loading may settle either way.
 */
let sender: Promise<typeof import('./record-page-view')> | undefined
const loadSender = () => (sender ??= idle().then(() => import('./record-page-view')))

/** One page view per route change; query-only changes (opening the account panel) are not. */
export function usePageViews() {
  const [pathname] = useLocation()
  const previous = useRef<string | null>(null)
  useEffect(() => {
    if (previous.current === pathname) return
    const referrer = previous.current ?? (document.referrer || null)
    previous.current = pathname
    // The title now, not once the sending code has loaded: the visitor may have moved on.
    const title = document.title
    void loadSender().then((module) => module.recordPageView({ path: pathname, referrer }, title))
  }, [pathname])
}

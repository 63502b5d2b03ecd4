import { useEffect, useRef } from 'react'
import { useLocation } from 'wouter'

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
    void import('./record-page-view').then((module) =>
      module.recordPageView({ path: pathname, referrer }, title),
    )
  }, [pathname])
}

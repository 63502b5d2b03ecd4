import { useLocation, useSearch } from 'wouter'
import { isAccountPath, normalizePath } from '@shared/routes'

/** History entries the app pushed to open the panel carry this state. */
const OPENED_IN_APP = 'mofu:account-panel'

/**
 * Whether the history entry before this one is a page of Mofu. The Navigation API lists only
 * this origin's entries; without it, a same-origin referrer tells the same.
 */
function cameFromMofu(): boolean {
  // Older browsers lack it, whatever the DOM types say.
  const { navigation } = window as Partial<Pick<Window, 'navigation'>>
  if (navigation !== undefined) return navigation.canGoBack
  try {
    return new URL(document.referrer).origin === window.location.origin
  } catch {
    return false
  }
}

/**
 * The account panel is open on /account… and wherever the query has account=true.
 * Opening adds the parameter without leaving the page or scrolling. Closing goes back when the
 * app opened it, or from /account when the page before was Mofu's (a full load included); when
 * the visit began with the panel open, it shows the page without it (home for /account) instead
 * of leaving the site.
 */
export function useAccountPanel() {
  const [pathname, navigate] = useLocation()
  const params = new URLSearchParams(useSearch())
  const onAccountRoute = isAccountPath(normalizePath(pathname))
  const isOpen = onAccountRoute || params.get('account') === 'true'

  const open = () => {
    if (isOpen) return
    params.set('account', 'true')
    navigate(`${pathname}?${params}`, { state: OPENED_IN_APP })
  }

  const close = () => {
    if (window.history.state === OPENED_IN_APP || (onAccountRoute && cameFromMofu())) {
      window.history.back()
      return
    }
    params.delete('account')
    params.delete('oobCode')
    const search = params.size > 0 ? `?${params}` : ''
    navigate(onAccountRoute ? '/' : `${pathname}${search}`, { replace: true })
  }

  return { isOpen, open, close }
}

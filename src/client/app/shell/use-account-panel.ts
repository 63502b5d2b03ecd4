import { useLocation, useSearch } from 'wouter'
import { isAccountPath, normalizePath } from '@shared/routes'

/** History entries the app pushed to open the panel carry this state. */
const OPENED_IN_APP = 'mofu:account-panel'

/**
 * The account panel is open on /account… and wherever the query has account=true (SPEC 2).
 * Opening adds the parameter without leaving the page or scrolling. Closing goes back when the
 * app opened it; when the visit began with the panel open, it shows the page without it (home for
 * /account) instead of leaving the site.
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
    if (window.history.state === OPENED_IN_APP) {
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

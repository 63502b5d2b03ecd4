import { useAuth } from '@client/features/account/auth-state'
import { FavoritesPage } from '@client/features/anime/favorites-page'
import { useAccountPanel } from './shell/use-account-panel'

/** /favorites: the Like page, with the signed-in user and the account panel to sign in with. */
export function LikePage() {
  const auth = useAuth()
  const panel = useAccountPanel()
  return <FavoritesPage uid={auth.user?.uid ?? null} onSignIn={panel.open} />
}

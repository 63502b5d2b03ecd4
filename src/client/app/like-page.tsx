import { useAuth } from '@client/features/account/auth-state'
import { FavoritesPage } from '@client/features/anime/favorites-page'
import { refreshLikes } from '@client/features/anime/likes-query'
import { BoardFiles } from '@client/features/board/mal-import'
import { useAccountPanel } from './shell/use-account-panel'

/**
 * /favorites: the Like page, with the signed-in user and the account panel to sign in with,
 * and for a signed-in user the MyAnimeList import and the CSV under it.
 */
export function LikePage() {
  const auth = useAuth()
  const panel = useAccountPanel()
  return (
    <div className="space-y-10">
      <FavoritesPage uid={auth.user?.uid ?? null} onSignIn={panel.open} />
      {auth.user !== null && <BoardFiles onImported={() => void refreshLikes()} />}
    </div>
  )
}

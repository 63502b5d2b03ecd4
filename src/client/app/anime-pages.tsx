import { useAuth } from '@client/features/account/auth-state'
import { AnimeBrowsePage } from '@client/features/anime/browse-page'
import { AnimeTitlePage } from '@client/features/anime/title-page'
import { useAccountPanel } from './shell/use-account-panel'

/** /anime/:id: a title's page, with the signed-in user and the account panel to sign in with. */
export function AnimeTitleRoute({ id }: { id: string }) {
  const auth = useAuth()
  const panel = useAccountPanel()
  return <AnimeTitlePage id={id} uid={auth.user?.uid ?? null} onSignIn={panel.open} />
}

/** /anime: the catalog by season, with the signed-in user and the account panel. */
export function AnimeBrowseRoute() {
  const auth = useAuth()
  const panel = useAccountPanel()
  return <AnimeBrowsePage uid={auth.user?.uid ?? null} onSignIn={panel.open} />
}

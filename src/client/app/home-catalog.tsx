import { useAuth } from '@client/features/account/auth-state'
import { HomeCatalog } from '@client/features/anime/home-catalog'
import { useAccountPanel } from './shell/use-account-panel'

/** Home's search box and newest season, with the signed-in user and the panel to sign in with. */
export function HomeCatalogPart() {
  const auth = useAuth()
  const panel = useAccountPanel()
  return <HomeCatalog uid={auth.user?.uid ?? null} onSignIn={panel.open} />
}

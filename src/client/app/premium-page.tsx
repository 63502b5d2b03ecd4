import { useAuth } from '@client/features/account/auth-state'
import { PremiumPage } from '@client/features/content-pages/premium-page'
import { useFreshProfile } from '@client/features/profile/profile-query'

/**
 * /premium: the Premium page with the signed-in user's plan and pins, read again each time the
 * page opens, so a plan the operator granted shows on the next navigation.
 */
export function OwnPremiumPage() {
  const uid = useAuth().user?.uid ?? null
  const profile = useFreshProfile(uid ?? '').data
  return <PremiumPage own={uid === null ? undefined : profile} />
}

import { PrivacyPage } from '@client/features/content-pages/privacy-page'
import { PROFILE } from '@client/features/profile/strings'
import { useStrings } from '@client/lib/i18n/i18n'

/**
 * /privacy: the privacy page, which names each profile field by its label in the edit form
 * where its own words do not name it otherwise; the typecheck asks the edit form's strings for
 * a label for every field.
 */
export function PrivacyRoute() {
  return <PrivacyPage fieldLabels={useStrings('profile', PROFILE).editor} />
}

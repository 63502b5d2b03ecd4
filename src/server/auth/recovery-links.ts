import type { Kysely } from 'kysely'
import type { Language } from '../../shared/language'
import type { Tables } from '../db/tables'
import type { Mailer } from '../mail/mailer'
import { recoveryLinkMail } from '../mail/templates'
import { createRecoveryCode } from '../stores/recovery-codes'

/** How long a "This wasn't me" link from the activity works: as long as a reset link. */
export const RECOVERY_LINK_VALID_SECONDS = 60 * 60

/**
 * "This wasn't me" on an entry of the activity: mails `to`, the address the account had at that
 * entry's moment (addressAt), a link that takes the account back. Throws when the mail cannot
 * be sent.
 */
export async function sendRecoveryLink(
  deps: { db: Kysely<Tables>; mailer: Mailer; publicUrl: string },
  { userId, to: email }: { userId: string; to: string },
  since: Date,
  language: Language,
): Promise<void> {
  const code = await createRecoveryCode(
    deps.db,
    userId,
    { email, since },
    RECOVERY_LINK_VALID_SECONDS,
  )
  await deps.mailer.send(
    recoveryLinkMail({
      to: email,
      url: `${deps.publicUrl}/account/reset?oobCode=${encodeURIComponent(code)}`,
      language,
      validHours: RECOVERY_LINK_VALID_SECONDS / 3600,
      since,
    }),
  )
}

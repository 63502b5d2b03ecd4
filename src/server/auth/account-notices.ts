import type { Logger } from '../logger'
import type { Mailer } from '../mail/mailer'
import { passwordChangedMail } from '../mail/templates'

/**
 * Mails that tell the owner of an account what just happened to it (README "Notices"). They
 * never hold up the answer, and one that cannot be sent is logged: the change itself stands.
 */
export function accountNotices(deps: { mailer: Mailer; logger: Logger; publicUrl: string }) {
  const send = (mail: Parameters<Mailer['send']>[0], userId: string) => {
    deps.mailer.send(mail).catch((error: unknown) => {
      deps.logger.warn({ err: error, userId }, 'account notice not sent')
    })
  }
  return {
    passwordChanged(user: { id: string; email: string }) {
      send(passwordChangedMail({ to: user.email, url: `${deps.publicUrl}/?account=true` }), user.id)
    },
  }
}

export type AccountNotices = ReturnType<typeof accountNotices>

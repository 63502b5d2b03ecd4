import type { Logger } from '../logger'
import type { Mailer } from '../mail/mailer'
import { newSignInMail, passwordChangedMail, twoFactorChangedMail } from '../mail/templates'
import {
  passkeyAddedMail,
  passkeyRemovedMail,
  passwordRemovedMail,
} from '../mail/sign-in-method-mails'
import { describeUserAgent } from './user-agent'

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
  /** The account panel, which lists the sessions. */
  const sessionsUrl = `${deps.publicUrl}/?account=true`
  return {
    passwordChanged(user: { id: string; email: string }) {
      send(passwordChangedMail({ to: user.email, url: sessionsUrl }), user.id)
    },
    newSignIn(user: { id: string; email: string }, userAgent: string | null | undefined) {
      const { browser, system } = describeUserAgent(userAgent)
      const device = [browser ?? 'an unknown browser', system].filter(Boolean).join(' on ')
      send(newSignInMail({ to: user.email, url: sessionsUrl, device }), user.id)
    },
    passkeyAdded(user: { id: string; email: string }, name: string) {
      send(passkeyAddedMail({ to: user.email, url: sessionsUrl, name }), user.id)
    },
    passkeyRemoved(user: { id: string; email: string }, name: string) {
      send(passkeyRemovedMail({ to: user.email, url: sessionsUrl, name }), user.id)
    },
    passwordRemoved(user: { id: string; email: string }) {
      send(passwordRemovedMail({ to: user.email, url: sessionsUrl }), user.id)
    },
    twoFactorChanged(user: { id: string; email: string }, on: boolean) {
      send(twoFactorChangedMail({ to: user.email, url: sessionsUrl, on }), user.id)
    },
  }
}

export type AccountNotices = ReturnType<typeof accountNotices>

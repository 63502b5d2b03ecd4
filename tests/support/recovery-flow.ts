import { expect } from 'vitest'
import type { Keep, RecoveryChoices } from '../../src/shared/account-recovery'
import { ResetCodeAnswerSchema } from '../../src/shared/password-reset'
import { callApp, callAuth, type Answer, type Requester } from './api'
import type { CapturedMail, SmtpCapture } from './smtp-capture'

/**
 * The steps of changing an address and taking an account back, over HTTP, as the panel and the
 * mails' links take them: shared by the recovery tests and the recovery model test.
 */

/** POST /api/me/email from the session `cookie` signs in. */
export const requestEmailChange = (
  app: Requester,
  who: { cookie: string; ip: string },
  newEmail: string,
  password: string,
) => callApp(app, '/api/me/email', { ip: who.ip, cookie: who.cookie, body: { newEmail, password } })

/** Opens a change-of-address link by its code, from `who`'s address, signed in with its cookie if any. */
export const confirmEmailChange = (
  app: Requester,
  code: string,
  who: { ip: string; cookie?: string },
) => callApp(app, '/api/email-change/confirm', { ip: who.ip, cookie: who.cookie, body: { code } })

/** "This wasn't me" on one entry of the security activity. */
export const disownActivity = (app: Requester, who: { cookie: string; ip: string }, id: string) =>
  callApp(app, '/api/me/activity/not-me', { ip: who.ip, cookie: who.cookie, body: { id } })

/** The first link in a mail, as a URL. */
export const linkIn = (mail: Pick<CapturedMail, 'text'>) =>
  new URL(/https?:\/\/\S+/.exec(mail.text ?? '')?.[0] ?? 'http://missing/')

/** The code a reset page or a change-of-address page reads from its link. */
export const codeIn = (mail: Pick<CapturedMail, 'text'>) => {
  const link = linkIn(mail)
  return link.searchParams.get('oobCode') ?? link.searchParams.get('code') ?? ''
}

/** Asks for a reset mail to `email` from `ip`, as 'Forgot password?' does; the code its link carries. */
export async function requestResetCode(
  app: Requester,
  smtp: SmtpCapture,
  email: string,
  ip: string,
): Promise<string> {
  smtp.clear()
  expect((await callAuth(app, '/request-password-reset', { ip, body: { email } })).status).toBe(200)
  const mail = await smtp.waitForMail(email, { subject: /reset/i })
  return linkIn(mail).searchParams.get('oobCode') ?? ''
}

/**
 * Sets a new password through a reset or recovery link's code, as the reset form does, keeping
 * what `keep` names (the recovery page's ticks).
 */
export const resetWith = (
  app: Requester,
  ip: string,
  token: string,
  newPassword: string,
  keep?: Keep,
) =>
  callAuth(app, '/reset-password', {
    ip,
    body: { token, newPassword, ...(keep === undefined ? {} : { keep }) },
  })

/** The recovery page's list of ways in the owner may keep, for a recovery link's code. */
export async function recoveryChoicesOf(app: Requester, code: string): Promise<RecoveryChoices> {
  const answer = await callApp(app, '/api/password-reset/verify', { body: { code } })
  const checked = ResetCodeAnswerSchema.parse(answer.json)
  if (checked.recovery === undefined) throw new Error('not a recovery link')
  return checked.recovery
}

/** Whether the reset page would show its form for this code. */
export async function resetCodeValid(app: Requester, code: string): Promise<boolean> {
  const answer = await callApp(app, '/api/password-reset/verify', { body: { code } })
  return answer.json.valid === true
}

/** A password sign-in; its answer and the session cookie it set. */
export const signInByPassword = (app: Requester, ip: string, email: string, password: string) =>
  callAuth(app, '/sign-in/email', { ip, body: { email, password } })

/** Whether the answer is a signed-in session of `uid` (not a two-factor challenge). */
export const isSessionOf = (answer: Answer, uid: string) =>
  answer.status === 200 && (answer.json.user as { id?: unknown } | undefined)?.id === uid

/** The user id a session cookie stands for now, or null. */
export async function sessionUser(app: Requester, cookie: string): Promise<string | null> {
  const session = await callAuth(app, '/get-session', { cookie, origin: null })
  return (session.json.user as { id?: string } | undefined)?.id ?? null
}

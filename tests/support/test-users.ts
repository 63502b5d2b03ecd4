import { callAuth, freshAddress, type Answer, type Requester } from './api'
import type { CapturedMail, WaitForMailOptions } from './smtp-capture'

export const TEST_PASSWORD = 'sakura-123'

/** Where a test reads the mail the server sent: the SMTP capture, or the server's outbox. */
export interface MailSource {
  waitForMail(to: string, options?: WaitForMailOptions): Promise<Pick<CapturedMail, 'text'>>
}

/**
 * Someone about to sign up: an e-mail address starting with `tag` that no other visitor has, and
 * a fresh client address, the one place they sign up and sign in from.
 */
export function newVisitor(tag: string): { email: string; ip: string } {
  const ip = freshAddress()
  return { email: `${tag}-${ip.replaceAll('.', '-')}-${Date.now()}@mofu.test`, ip }
}

export interface TestUser {
  email: string
  ip: string
  cookie: string
  uid: string
}

/**
 * What a person does with a verification link: open its page and give the password chosen at
 * sign-up, as the page sends it. 200 with the session cookie when the address is verified.
 */
export function openVerificationLink(
  app: Requester,
  link: string,
  password: string,
  ip: string,
): Promise<Answer> {
  const token = new URL(link).searchParams.get('token')
  return callAuth(app, '/sign-up/verify', { ip, body: { token, password } })
}

/**
 * A user made as the app makes one, over HTTP: sign up, follow the link in the verification
 * mail, sign in. `ip` is the client address rate limits count.
 */
export async function createTestUser(
  app: Requester,
  mail: MailSource,
  identity: { email: string; ip: string },
): Promise<TestUser> {
  const { email, ip } = identity
  const fail = (step: string, answer: Answer) =>
    new Error(`${step} for ${email} answered ${answer.status}`)
  const signedUp = await callAuth(app, '/sign-up/email', {
    ip,
    body: { email, password: TEST_PASSWORD, name: '', callbackURL: '/' },
  })
  if (signedUp.status !== 200) throw fail('sign-up', signedUp)
  const verification = await mail.waitForMail(email, { subject: /verify/i })
  const link = /https?:\/\/\S+/.exec(verification.text ?? '')?.[0] ?? ''
  const verified = await openVerificationLink(app, link, TEST_PASSWORD, ip)
  if (verified.status !== 200) throw fail('verification', verified)
  const signedIn = await callAuth(app, '/sign-in/email', {
    ip,
    body: { email, password: TEST_PASSWORD },
  })
  if (signedIn.status !== 200) throw fail('sign-in', signedIn)
  const { cookie } = signedIn
  const session = await callAuth(app, '/get-session', { ip, cookie, origin: null })
  const uid = (session.json.user as { id?: string } | undefined)?.id
  if (uid === undefined) throw new Error(`no session for ${email}`)
  return { email, ip, cookie, uid }
}

/** PUT /api/me/avatar as the user the cookie signs in. */
export function putAvatar(
  app: Requester,
  cookie: string,
  image: Buffer,
  type = 'image/jpeg',
): Promise<Response> {
  return Promise.resolve(
    app.request('/api/me/avatar', {
      method: 'PUT',
      headers: { Cookie: cookie, 'Content-Type': type },
      body: new Uint8Array(image),
    }),
  )
}

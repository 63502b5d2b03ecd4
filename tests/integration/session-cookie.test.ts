import { describe, expect, it } from 'vitest'
import { callApp } from '../support/api'
import { addPasskey } from '../support/passkey-flow'
import { appWithMail } from '../support/app-with-mail'
import { type TestUser } from '../support/test-users'

/**
 * One reading of the session cookie (docs/using.md "Sessions"): Mofu's own routes and Better Auth read
 * the same session, so a Cookie header carrying the session cookie twice, or quoted, is refused
 * rather than read one way by one and another way by the other.
 */

const SITE = 'http://localhost:3000'
const COOKIE = 'better-auth.session_token'
const TWO_DAYS_MS = 2 * 24 * 60 * 60 * 1000

const file = appWithMail('cookie')

/** The session cookie's value as the server set it (signed, URL-encoded). */
const valueOf = (user: TestUser) => new RegExp(`${COOKIE}=([^;]+)`).exec(user.cookie)?.[1] ?? ''

/** A passkey-only account whose session last proved its owner two days ago. */
async function stalePasskeyOnlyUser(): Promise<TestUser> {
  const user = await file.createUser()
  const { answer } = await addPasskey(file.subject.app, SITE, user.cookie, 'Phone', { ip: user.ip })
  expect(answer.status).toBe(200)
  const { db, dialect } = file.subject.database
  await db
    .deleteFrom('account')
    .where('userId', '=', user.uid)
    .where('providerId', '=', 'credential')
    .execute()
  const twoDaysAgo = new Date(Date.now() - TWO_DAYS_MS)
  await db
    .updateTable('session')
    .set({
      authenticatedAt: (dialect === 'postgres' ? twoDaysAgo : twoDaysAgo.toISOString()) as never,
    })
    .where('userId', '=', user.uid)
    .execute()
  return user
}

const deleteAccount = (cookie: string) =>
  callApp(file.subject.app, '/api/me', { method: 'DELETE', cookie })

const userExists = async (uid: string) =>
  (await file.subject.database.db
    .selectFrom('user')
    .select('id')
    .where('id', '=', uid)
    .executeTakeFirst()) !== undefined

describe('a Cookie header with the session cookie twice or quoted', () => {
  it("cannot pass a passkey-only account's deletion check on the attacker's own fresh session", async () => {
    const victim = await stalePasskeyOnlyUser()
    const attacker = await file.createUser()
    // On its own, the stolen stale session cannot delete the account.
    expect((await deleteAccount(victim.cookie)).status).toBe(403)

    const smuggled = `${COOKIE}="${valueOf(attacker)}x; ${COOKIE}=${valueOf(victim)}`
    const answer = await deleteAccount(smuggled)
    expect(answer.status).toBe(401)
    expect(answer.json.code).toBe('UNAUTHENTICATED')
    expect(await userExists(victim.uid)).toBe(true)
  })

  it('is refused by Better Auth and by Mofu alike', async () => {
    const user = await file.createUser()
    const other = await file.createUser()
    for (const cookie of [
      `${COOKIE}=${valueOf(user)}; ${COOKIE}=${valueOf(other)}`,
      `${COOKIE}=${valueOf(user)}; ${COOKIE}=${valueOf(user)}`,
      `${COOKIE}="${valueOf(user)}"`,
      ` ${COOKIE} = "${valueOf(user)}`,
    ]) {
      for (const path of ['/api/auth/get-session', '/api/me/profile', '/api/me/sessions']) {
        const answer = await callApp(file.subject.app, path, { cookie })
        expect(answer.status, `${path} with ${cookie}`).toBe(401)
      }
    }
    // The same session, sent once as set, is read by both.
    const session = await callApp(file.subject.app, '/api/auth/get-session', {
      cookie: user.cookie,
    })
    expect((session.json.user as { id: string }).id).toBe(user.uid)
    const profile = await callApp(file.subject.app, '/api/me/profile', {
      cookie: `other=1; ${user.cookie}; theme=dark`,
    })
    expect(profile.status).toBe(200)
  })
})

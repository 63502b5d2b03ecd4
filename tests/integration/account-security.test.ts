import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { AUTH_MESSAGES } from '../../src/shared/auth-messages'
import { deleteStaleUnverifiedAccounts } from '../../src/server/auth/unverified-accounts'
import { appWithMail } from '../support/app-with-mail'
import { signInWithGoogle } from '../support/google-flow'
import { cookiesOf } from '../support/test-users'

const PUBLIC_URL = 'http://localhost:3000'
const ATTACKER_PASSWORD = 'attacker-pass-1'
const OWNER_PASSWORD = 'owner-pass-22'

const file = appWithMail('owner', 10, { google: true })

async function call(ip: string, path: string, body?: unknown, cookie?: string) {
  const response = await file.subject.app.request(`/api/auth${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Forwarded-For': ip,
      Origin: PUBLIC_URL,
      ...(cookie === undefined ? {} : { Cookie: cookie }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  const json = (text.startsWith('{') ? JSON.parse(text) : {}) as Record<string, unknown>
  return { status: response.status, json, headers: response.headers }
}

const signUp = (email: string, ip: string, password: string) =>
  call(ip, '/sign-up/email', { email, password, name: '', callbackURL: '/' })
const signIn = (email: string, ip: string, password: string) =>
  call(ip, '/sign-in/email', { email, password })

/** Every verification link mailed to `email` so far, oldest first. */
function verificationLinks(email: string): string[] {
  return file.smtp.messages
    .filter((mail) => mail.to.includes(email) && /verify/i.test(mail.subject ?? ''))
    .map((mail) => /https?:\/\/\S+/.exec(mail.text ?? '')?.[0] ?? '')
}

async function waitForLinks(email: string, count: number): Promise<string[]> {
  for (let tries = 0; tries < 100; tries++) {
    const links = verificationLinks(email)
    if (links.length >= count) return links
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`fewer than ${count} verification mails for ${email}`)
}

async function open(link: string) {
  const url = new URL(link)
  const response = await file.subject.app.request(url.pathname + url.search, { redirect: 'manual' })
  return {
    status: response.status,
    location: response.headers.get('location') ?? '',
    cookie: cookiesOf(response.headers),
  }
}

describe('pre-account takeover', () => {
  it('a later sign-up replaces the unverified password, and only its link verifies', async () => {
    const { email, ip } = file.newVisitor()
    expect((await signUp(email, '10.99.0.1', ATTACKER_PASSWORD)).status).toBe(200)
    const [attackerLink = ''] = await waitForLinks(email, 1)
    const sessionsOf = (userId: string) =>
      file.subject.database.db
        .selectFrom('session' as never)
        .select('id' as never)
        .where('userId' as never, '=', userId as never)
        .execute()
    const context = await file.subject.auth.$context
    const found = await context.internalAdapter.findUserByEmail(email)
    if (found === null) throw new Error('the first sign-up made no account')
    const { user } = found
    // However the first sign-up came by a session, the owner's sign-up ends it.
    await context.internalAdapter.createSession(user.id)
    expect(await sessionsOf(user.id)).toHaveLength(1)

    const owner = await signUp(email, ip, OWNER_PASSWORD)
    expect(owner.status).toBe(200)
    expect(owner.json.code).toBeUndefined()
    const [, ownerLink = ''] = await waitForLinks(email, 2)
    expect(await sessionsOf(user.id)).toEqual([])

    const early = await open(attackerLink)
    expect(early.location).toContain('error=')
    expect(early.cookie).not.toContain('session_token=')
    expect((await signIn(email, ip, OWNER_PASSWORD)).json.code).toBe('EMAIL_NOT_VERIFIED')

    const verified = await open(ownerLink)
    expect(verified.status).toBe(302)
    expect(verified.location).not.toContain('error=')
    expect(verified.cookie).toContain('session_token=')

    expect((await signIn(email, ip, ATTACKER_PASSWORD)).status).toBe(401)
    expect((await signIn(email, ip, OWNER_PASSWORD)).status).toBe(200)
  })

  it('a verified address stays in use', async () => {
    const { email, ip } = file.newVisitor()
    await signUp(email, ip, OWNER_PASSWORD)
    await open((await waitForLinks(email, 1))[0] ?? '')
    const again = await signUp(email, ip, ATTACKER_PASSWORD)
    expect(again.status).toBe(422)
    expect(again.json).toMatchObject({ code: 'EMAIL_IN_USE', message: AUTH_MESSAGES.emailInUse })
    expect((await signIn(email, ip, ATTACKER_PASSWORD)).status).toBe(401)
  })

  it('Google sign-in for an unverified address links Google and removes that password', async () => {
    const { email, ip } = file.newVisitor()
    await signUp(email, '10.99.0.2', ATTACKER_PASSWORD)
    const [attackerLink = ''] = await waitForLinks(email, 1)

    const google = await signInWithGoogle(file.subject.app, file.oidc, email, ip)
    expect(google.status).toBe(302)
    expect(google.location).not.toContain('error')
    expect(google.cookie).toContain('session_token=')

    const attacker = await signIn(email, '10.99.0.2', ATTACKER_PASSWORD)
    expect(attacker.status).toBe(401)
    expect((await open(attackerLink)).location).toContain('error=')

    const rows = await file.subject.database.db
      .selectFrom('account')
      .innerJoin('user', 'user.id', 'account.userId')
      .select(['account.providerId', sql<unknown>`"accessToken"`.as('accessToken')])
      .where('user.email', '=', email)
      .execute()
    expect(rows.map((row) => row.providerId)).toEqual(['google'])
    // Mofu never calls Google's APIs, so it keeps none of its tokens.
    expect(rows[0]?.accessToken ?? null).toBeNull()
  })

  it('deletes unverified accounts older than 7 days, on several instances at once', async () => {
    const stale = file.newVisitor()
    const recent = file.newVisitor()
    const kept = file.newVisitor()
    await signUp(stale.email, stale.ip, ATTACKER_PASSWORD)
    await signUp(recent.email, recent.ip, ATTACKER_PASSWORD)
    await signUp(kept.email, kept.ip, OWNER_PASSWORD)
    await open((await waitForLinks(kept.email, 1))[0] ?? '')
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 60 * 60 * 1000)
    const { db, dialect } = file.subject.database
    await db
      .updateTable('user')
      .set({ createdAt: dialect === 'postgres' ? eightDaysAgo : eightDaysAgo.toISOString() })
      .where('email', 'in', [stale.email, kept.email])
      .execute()

    const deleted = await Promise.all([
      deleteStaleUnverifiedAccounts(db, dialect),
      deleteStaleUnverifiedAccounts(db, dialect),
    ])
    expect(deleted[0] + deleted[1]).toBeGreaterThanOrEqual(1)
    const left = await db
      .selectFrom('user')
      .select('email')
      .where('email', 'in', [stale.email, recent.email, kept.email])
      .execute()
    expect(left.map((row) => row.email).sort()).toEqual([kept.email, recent.email].sort())

    // The address is free again: a sign-up makes a new account with a fresh link.
    expect((await signUp(stale.email, stale.ip, OWNER_PASSWORD)).status).toBe(200)
    const links = await waitForLinks(stale.email, 2)
    expect((await open(links[1] ?? '')).cookie).toContain('session_token=')
  })
})

import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { AUTH_MESSAGES } from '../../src/shared/auth-messages'
import { deleteStaleUnverifiedAccounts } from '../../src/server/account/unverified-accounts'
import { callAuth, freshAddress } from '../support/api'
import { appWithMail } from '../support/app-with-mail'
import { signInWithGoogle } from '../support/google-flow'
import { openVerificationLink } from '../support/test-users'

const ATTACKER_PASSWORD = 'attacker-pass-1'
const OWNER_PASSWORD = 'owner-pass-22'

const file = appWithMail('owner', { google: true })

const signUp = (email: string, ip: string, password: string) =>
  callAuth(file.subject.app, '/sign-up/email', {
    ip,
    body: { email, password, name: '', callbackURL: '/' },
  })
const signIn = (email: string, ip: string, password: string) =>
  callAuth(file.subject.app, '/sign-in/email', { ip, body: { email, password } })

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

const open = (link: string, password: string, ip: string) =>
  openVerificationLink(file.subject.app, link, password, ip)

describe('pre-account takeover', () => {
  it('a verified address stays in use', async () => {
    const { email, ip } = file.newVisitor()
    await signUp(email, ip, OWNER_PASSWORD)
    await open((await waitForLinks(email, 1))[0] ?? '', OWNER_PASSWORD, ip)
    const again = await signUp(email, ip, ATTACKER_PASSWORD)
    expect(again.status).toBe(422)
    expect(again.json).toMatchObject({ code: 'EMAIL_IN_USE', message: AUTH_MESSAGES.emailInUse })
    expect((await signIn(email, ip, ATTACKER_PASSWORD)).status).toBe(401)
  })

  it('Google sign-in for an unverified address links Google and removes that password', async () => {
    const { email, ip } = file.newVisitor()
    const attackerIp = freshAddress()
    await signUp(email, attackerIp, ATTACKER_PASSWORD)
    const [attackerLink = ''] = await waitForLinks(email, 1)

    const google = await signInWithGoogle(file.subject.app, file.oidc, email, ip)
    expect(google.status).toBe(302)
    expect(google.location).not.toContain('error')
    expect(google.cookie).toContain('session_token=')

    const attacker = await signIn(email, attackerIp, ATTACKER_PASSWORD)
    expect(attacker.status).toBe(401)
    expect((await open(attackerLink, ATTACKER_PASSWORD, attackerIp)).cookie).not.toContain(
      'session_token=',
    )

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
    // A later sign-up's password waits apart, and goes with the account.
    await signUp(stale.email, freshAddress(), OWNER_PASSWORD)
    await open((await waitForLinks(kept.email, 1))[0] ?? '', OWNER_PASSWORD, kept.ip)
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
    const orphans = await db
      .selectFrom('sign_up_passwords')
      .select('id')
      .where('user_id', 'not in', db.selectFrom('user').select('id'))
      .execute()
    expect(orphans).toEqual([])

    // The address is free again: a sign-up makes a new account with a fresh link.
    expect((await signUp(stale.email, stale.ip, OWNER_PASSWORD)).status).toBe(200)
    const links = await waitForLinks(stale.email, 3)
    expect((await open(links[2] ?? '', OWNER_PASSWORD, stale.ip)).cookie).toContain(
      'session_token=',
    )
  })
})

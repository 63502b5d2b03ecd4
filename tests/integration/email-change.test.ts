import { afterEach, describe, expect, it, vi } from 'vitest'
import { EMAIL_CHANGE_MESSAGES } from '../../src/shared/email-change'
import { SHARED_MESSAGES_JA } from '../../src/shared/messages-ja'
import { callApp, callAuth } from '../support/api'
import { appWithMail } from '../support/app-with-mail'
import { addPasskey } from '../support/passkey-flow'
import { TEST_PASSWORD, type TestUser } from '../support/test-users'

/**
 * Changing the sign-in address (docs/email-and-activity.md): nothing changes until the link
 * mailed to the new address is opened; the old address is told, with a way back.
 */

const SITE = 'http://localhost:3000'
const file = appWithMail('mailchange')

afterEach(() => {
  vi.useRealTimers()
})

const newAddress = (name: string) => `${name}-${Date.now()}-${Math.random()}@mofu.test`

const requestChange = (user: TestUser, body: unknown, headers: Record<string, string> = {}) =>
  callApp(file.subject.app, '/api/me/email', { ip: user.ip, cookie: user.cookie, body, headers })

/** The code of the link in the latest confirmation mail to `to`. */
async function confirmationCode(to: string): Promise<string> {
  const mail = await file.smtp.waitForMail(to, { subject: /confirm your new e-mail/i })
  const link = new URL(/https?:\/\/\S+/.exec(mail.text ?? '')?.[0] ?? '')
  expect(link.pathname).toBe('/account/email')
  return link.searchParams.get('code') ?? ''
}

const confirm = (code: string, headers: Record<string, string> = {}) =>
  callApp(file.subject.app, '/api/email-change/confirm', { body: { code }, headers })

const signIn = (email: string, password: string, ip: string) =>
  callAuth(file.subject.app, '/sign-in/email', { ip, body: { email, password } })

const sessionEmail = async (cookie: string) => {
  const session = await callAuth(file.subject.app, '/get-session', { cookie, origin: null })
  return (session.json.user as { email?: string } | undefined)?.email ?? null
}

describe('changing the e-mail address', () => {
  it('changes nothing until the link mailed to the new address is opened, then switches', async () => {
    const user = await file.createUser()
    const target = newAddress('new')
    const asked = await requestChange(user, { newEmail: target, password: TEST_PASSWORD })
    expect(asked.status).toBe(202)
    const code = await confirmationCode(target)

    // Until the link is opened: still the old address, and the new one signs nothing in.
    expect(await sessionEmail(user.cookie)).toBe(user.email)
    expect((await signIn(target, TEST_PASSWORD, user.ip)).status).toBe(401)

    const confirmed = await confirm(code)
    expect(confirmed.status).toBe(200)
    expect(confirmed.json).toEqual({ email: target })
    expect((await signIn(target, TEST_PASSWORD, user.ip)).status).toBe(200)
    expect((await signIn(user.email, TEST_PASSWORD, user.ip)).status).toBe(401)

    // Single use.
    const again = await confirm(code)
    expect(again.status).toBe(400)
    expect(again.json).toEqual({
      code: 'INVALID_LINK',
      message: EMAIL_CHANGE_MESSAGES.invalidLink,
    })
  })

  it("keeps only the latest request's link, for one hour", async () => {
    const user = await file.createUser()
    const first = newAddress('first')
    const second = newAddress('second')
    expect((await requestChange(user, { newEmail: first, password: TEST_PASSWORD })).status).toBe(
      202,
    )
    const firstCode = await confirmationCode(first)
    expect((await requestChange(user, { newEmail: second, password: TEST_PASSWORD })).status).toBe(
      202,
    )
    const secondCode = await confirmationCode(second)
    expect((await confirm(firstCode)).status).toBe(400)

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61 * 60 * 1000 })
    const expired = await confirm(secondCode)
    expect(expired.status).toBe(400)
    expect(expired.json.code).toBe('INVALID_LINK')
    vi.useRealTimers()
    expect(await sessionEmail(user.cookie)).toBe(user.email)
  })

  it('refuses a session that cannot prove its owner: no password, a wrong one, no recent proof', async () => {
    const user = await file.createUser()
    const target = newAddress('thief')
    const none = await requestChange(user, { newEmail: target })
    expect(none.status).toBe(403)
    expect(none.json).toEqual({
      code: 'PASSWORD_REQUIRED',
      message: EMAIL_CHANGE_MESSAGES.passwordRequired,
    })
    const wrong = await requestChange(user, { newEmail: target, password: 'not-the-password' })
    expect(wrong.status).toBe(403)
    expect(wrong.json.code).toBe('INCORRECT_PASSWORD')

    // An account without a password, whose session last proved its owner 11 minutes ago.
    const passkeyUser = await file.createUser()
    await addPasskey(file.subject.app, SITE, passkeyUser.cookie, 'Pixel 8', { ip: passkeyUser.ip })
    const removed = await callAuth(file.subject.app, '/remove-password', {
      ip: passkeyUser.ip,
      cookie: passkeyUser.cookie,
      body: { password: TEST_PASSWORD },
    })
    expect(removed.status).toBe(200)
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 11 * 60 * 1000 })
    const stale = await requestChange(passkeyUser, { newEmail: target })
    expect(stale.status).toBe(403)
    expect(stale.json).toEqual({
      code: 'REAUTH_REQUIRED',
      message: EMAIL_CHANGE_MESSAGES.reauthRequired,
    })
    vi.useRealTimers()

    // None of them mailed the new address: the first mail there is the link of a request
    // with the password, sent after them (mails leave in the order they are asked for).
    expect((await requestChange(user, { newEmail: target, password: TEST_PASSWORD })).status).toBe(
      202,
    )
    await file.smtp.waitForMail(target)
    expect(file.smtp.messages.filter((mail) => mail.to.includes(target))).toHaveLength(1)
  })

  it('gives the address to exactly one of two accounts that claim it at once', async () => {
    const [a, b] = await Promise.all([file.createUser(), file.createUser()])
    const target = newAddress('contested')
    expect((await requestChange(a, { newEmail: target, password: TEST_PASSWORD })).status).toBe(202)
    const codeA = await confirmationCode(target)
    file.smtp.clear()
    expect((await requestChange(b, { newEmail: target, password: TEST_PASSWORD })).status).toBe(202)
    const codeB = await confirmationCode(target)

    const answers = await Promise.all([confirm(codeA), confirm(codeB)])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
    const refused = answers.find((answer) => answer.status === 409)
    expect(refused?.json).toEqual({
      code: 'EMAIL_IN_USE',
      message: EMAIL_CHANGE_MESSAGES.inUse,
    })
    const owners = await file.subject.database.db
      .selectFrom('user')
      .select('id')
      .where('email', '=', target)
      .execute()
    expect(owners).toHaveLength(1)
    const loser = owners[0]?.id === a.uid ? b : a
    expect(await sessionEmail(loser.cookie)).toBe(loser.email)
  })

  it('answers an address another account has alike, and its link then changes nothing', async () => {
    const [user, other] = await Promise.all([file.createUser(), file.createUser()])
    const asked = await requestChange(user, { newEmail: other.email, password: TEST_PASSWORD })
    expect(asked.status).toBe(202)
    const answer = await confirm(await confirmationCode(other.email))
    expect(answer.status).toBe(409)
    expect(await sessionEmail(user.cookie)).toBe(user.email)
    expect(await sessionEmail(other.cookie)).toBe(other.email)
  })

  it('takes an address from a sign-up nobody verified: opening the link proves the mailbox', async () => {
    const user = await file.createUser()
    const target = newAddress('pending')
    const { ip } = file.newVisitor()
    const pending = await callAuth(file.subject.app, '/sign-up/email', {
      ip,
      body: { email: target, password: `${TEST_PASSWORD}-other`, name: '' },
    })
    expect(pending.status).toBe(200)
    const asked = await requestChange(user, { newEmail: target, password: TEST_PASSWORD })
    expect(asked.status).toBe(202)
    const confirmed = await confirm(await confirmationCode(target))
    expect(confirmed.status).toBe(200)
    expect((await signIn(target, TEST_PASSWORD, user.ip)).status).toBe(200)
    // The unverified account is gone with its password; the address has one owner.
    expect((await signIn(target, `${TEST_PASSWORD}-other`, ip)).status).toBe(401)
    const owners = await file.subject.database.db
      .selectFrom('user')
      .select('id')
      .where('email', '=', target)
      .execute()
    expect(owners).toEqual([{ id: user.uid }])
  })

  it('mails the old address, ends the other sessions, and its link takes the account back', async () => {
    const user = await file.createUser()
    const second = await signIn(user.email, TEST_PASSWORD, user.ip)
    const otherSession = second.cookie
    expect(await sessionEmail(otherSession)).toBe(user.email)

    const target = newAddress('taken-over')
    await requestChange(user, { newEmail: target, password: TEST_PASSWORD })
    const confirmed = await confirm(await confirmationCode(target), {
      Cookie: user.cookie,
      'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36',
    })
    expect(confirmed.status).toBe(200)
    // The browser that opened the link keeps its session; the other one is signed out.
    expect(await sessionEmail(user.cookie)).toBe(target)
    expect(await sessionEmail(otherSession)).toBeNull()

    const notice = await file.smtp.waitForMail(user.email, { subject: /address .*was changed/i })
    expect(notice.text).toMatch(/Chrome 131 on Linux/)
    expect(notice.text).toMatch(/This link is valid for 168 hours/)
    const undo = new URL(/https?:\/\/\S+\/account\/reset\?\S+/.exec(notice.text ?? '')?.[0] ?? '')
    const token = undo.searchParams.get('oobCode') ?? ''

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 6 * 24 * 60 * 60 * 1000 })
    const reset = await callAuth(file.subject.app, '/reset-password', {
      ip: user.ip,
      body: { token, newPassword: 'owner-again-456' },
    })
    expect(reset.status).toBe(200)
    // Every session ends, the old address is the account's again, with the new password.
    expect(await sessionEmail(user.cookie)).toBeNull()
    expect((await signIn(user.email, 'owner-again-456', user.ip)).status).toBe(200)
    expect((await signIn(target, 'owner-again-456', user.ip)).status).toBe(401)
  })

  it('refuses the same address, an invalid one, and a fourth request in an hour', async () => {
    const user = await file.createUser()
    const same = await requestChange(user, { newEmail: user.email.toUpperCase(), password: 'x' })
    expect(same.status).toBe(403)
    const sameWithPassword = await requestChange(user, {
      newEmail: ` ${user.email.toUpperCase()} `,
      password: TEST_PASSWORD,
    })
    expect(sameWithPassword.status).toBe(400)
    expect(sameWithPassword.json).toEqual({
      code: 'SAME_EMAIL',
      message: EMAIL_CHANGE_MESSAGES.sameEmail,
    })
    const invalid = await requestChange(user, {
      newEmail: 'not an address',
      password: TEST_PASSWORD,
    })
    expect(invalid.status).toBe(400)
    expect(invalid.json).toMatchObject({
      code: 'INVALID_INPUT',
      issues: [{ field: 'newEmail', message: EMAIL_CHANGE_MESSAGES.invalidEmail }],
    })
    // Two requests counted so far (the invalid one never reached the count): a third passes.
    expect(
      (await requestChange(user, { newEmail: newAddress('fine'), password: TEST_PASSWORD })).status,
    ).toBe(202)
    const fourth = await requestChange(user, {
      newEmail: newAddress('fourth'),
      password: TEST_PASSWORD,
    })
    expect(fourth.status).toBe(429)
    expect(fourth.headers.get('Retry-After')).toMatch(/^\d+$/)
  })

  it('words its refusals in Japanese when asked', async () => {
    const user = await file.createUser()
    const same = await requestChange(
      user,
      { newEmail: user.email, password: TEST_PASSWORD },
      { 'Accept-Language': 'ja' },
    )
    expect(same.status).toBe(400)
    expect(same.json).toEqual({
      code: 'SAME_EMAIL',
      message: SHARED_MESSAGES_JA.emailChange.sameEmail,
    })
  })
})

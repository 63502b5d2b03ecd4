import { describe, expect, it } from 'vitest'
import { disableAccount } from '../../src/server/account/admin'
import { callApp, callAuth } from '../support/api'
import { appWithMail } from '../support/app-with-mail'
import { addPasskey, signInWithPasskey } from '../support/passkey-flow'
import {
  codeIn,
  confirmEmailChange,
  disownActivity,
  isSessionOf,
  recoveryChoicesOf,
  requestEmailChange,
  resetCodeValid,
  resetWith,
  sessionUser,
  signInByPassword,
} from '../support/recovery-flow'
import { turnOnTwoFactor } from '../support/two-factor-flow'
import { TEST_PASSWORD, type TestUser } from '../support/test-users'
import { adminDepsOf } from '../support/admin-deps'

/**
 * Taking an account back (docs/email-and-activity.md "Taking an account back"): whatever someone
 * who held the account did meanwhile, afterwards only the owner gets in.
 */

const SITE = 'http://localhost:3000'
const file = appWithMail('recovery')
/** Sessions, reset links and limits in Redis, as with REDIS_URL set. */
const inRedis = appWithMail('recovery-redis', { redis: true })
const app = () => file.subject.app
const OWNER_PASSWORD = 'owner-takes-it-back-42'
const ATTACKER_PASSWORD = 'attacker-own-pass-77'

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0'
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36'

const attackerAddress = (name: string) => `${name}-${Date.now()}-${Math.random()}@evil.test`

/** The newest mail to `to` whose subject matches, once one has come. */
async function latestMail(to: string, subject: RegExp) {
  await file.smtp.waitForMail(to, { subject })
  const found = file.smtp.messages.filter(
    (mail) => mail.to.includes(to.toLowerCase()) && subject.test(mail.subject ?? ''),
  )
  const mail = found.at(-1)
  if (mail === undefined) throw new Error(`no mail to ${to}`)
  return mail
}

/** The attacker signs in with the owner's password from elsewhere and moves the address. */
async function moveAddress(owner: TestUser) {
  const { ip } = file.newVisitor()
  const signedIn = await signInByPassword(app(), ip, owner.email, TEST_PASSWORD)
  expect(signedIn.status).toBe(200)
  const attacker = { cookie: signedIn.cookie, ip }
  const target = attackerAddress('moved')
  expect((await requestEmailChange(app(), attacker, target, TEST_PASSWORD)).status).toBe(202)
  const code = codeIn(await file.smtp.waitForMail(target, { subject: /confirm your new/i }))
  // Opened in the attacker's browser, whose session the change keeps.
  expect((await confirmEmailChange(app(), code, attacker)).status).toBe(200)
  return { attacker, target }
}

/** The code of the "This wasn't me" link the old address was mailed. */
const undoCode = async (owner: TestUser) =>
  codeIn(await latestMail(owner.email, /e-mail address of your Mofu account was changed/i))

// Each case is a whole attack and its undoing: a dozen requests, several of them a password hash,
// which is slow on purpose.
describe('taking an account back', { timeout: 60_000 }, () => {
  it('gives the old address back even when a sign-up took it meanwhile', async () => {
    const owner = await file.createUser()
    const { target } = await moveAddress(owner)
    const squat = await callAuth(app(), '/sign-up/email', {
      ip: file.newVisitor().ip,
      body: { email: owner.email, password: ATTACKER_PASSWORD, name: '' },
    })
    expect(squat.status).toBe(200)

    const undone = await resetWith(app(), owner.ip, await undoCode(owner), OWNER_PASSWORD)
    expect(undone.status).toBe(200)
    expect(undone.json.recovered).toMatchObject({ email: owner.email })
    expect(
      isSessionOf(await signInByPassword(app(), owner.ip, owner.email, OWNER_PASSWORD), owner.uid),
    ).toBe(true)
    // Neither the squatter's password, the old one, nor the attacker's address gets in.
    expect((await signInByPassword(app(), owner.ip, owner.email, ATTACKER_PASSWORD)).status).toBe(
      401,
    )
    expect((await signInByPassword(app(), owner.ip, owner.email, TEST_PASSWORD)).status).toBe(401)
    expect((await signInByPassword(app(), owner.ip, target, OWNER_PASSWORD)).status).toBe(401)
  })

  it('removes every sign-in method added since, and says so in the page and a mail', async () => {
    const owner = await file.createUser()
    const { ip } = file.newVisitor()
    const signedIn = await signInByPassword(app(), ip, owner.email, TEST_PASSWORD)
    const attacker = { cookie: signedIn.cookie, ip }
    const { answer, credential } = await addPasskey(app(), SITE, attacker.cookie, 'Not yours', {
      ip,
    })
    expect(answer.status).toBe(200)
    const twoFactor = await turnOnTwoFactor(app(), attacker)
    const target = attackerAddress('added')
    const moved = { cookie: twoFactor.cookie, ip }
    expect((await requestEmailChange(app(), moved, target, TEST_PASSWORD)).status).toBe(202)
    const code = codeIn(await file.smtp.waitForMail(target, { subject: /confirm your new/i }))
    expect((await confirmEmailChange(app(), code, { ip })).status).toBe(200)

    const undone = await resetWith(app(), owner.ip, await undoCode(owner), OWNER_PASSWORD)
    expect(undone.status).toBe(200)
    expect(undone.json.recovered).toEqual({
      handle: null,
      email: owner.email,
      passkeys: ['Not yours'],
      twoFactor: true,
      google: false,
    })
    // The owner's password alone signs in: no code of the attacker's app is asked for.
    const ownerIn = await signInByPassword(app(), owner.ip, owner.email, OWNER_PASSWORD)
    expect(isSessionOf(ownerIn, owner.uid)).toBe(true)
    expect((await signInWithPasskey(app(), SITE, credential, { ip })).status).not.toBe(200)
    const told = await latestMail(owner.email, /taken back/i)
    expect(told.text).toContain('"Not yours"')
    expect(told.text).toMatch(/two-factor authentication was turned off/i)
  })

  it("voids a pending change when the owner resets the password, ends the asker's session, or an operator disables the account", async () => {
    const ending: ((owner: TestUser) => Promise<unknown>)[] = [
      async (owner) => {
        await callAuth(app(), '/request-password-reset', {
          ip: owner.ip,
          body: { email: owner.email, redirectTo: '/account/reset' },
        })
        const reset = codeIn(await latestMail(owner.email, /reset your mofu password/i))
        expect((await resetWith(app(), owner.ip, reset, OWNER_PASSWORD)).status).toBe(200)
      },
      async (owner) =>
        callApp(app(), '/api/me/sessions', {
          method: 'DELETE',
          ip: owner.ip,
          cookie: owner.cookie,
          origin: SITE,
        }),
      (owner) => disableAccount(adminDepsOf(file.subject), owner.uid, null),
    ]
    for (const end of ending) {
      const owner = await file.createUser()
      const { ip } = file.newVisitor()
      const attacker = {
        cookie: (await signInByPassword(app(), ip, owner.email, TEST_PASSWORD)).cookie,
        ip,
      }
      const target = attackerAddress('pending')
      expect((await requestEmailChange(app(), attacker, target, TEST_PASSWORD)).status).toBe(202)
      const code = codeIn(await file.smtp.waitForMail(target, { subject: /confirm your new/i }))
      await end(owner)
      expect((await confirmEmailChange(app(), code, { ip })).status).toBe(400)
      const stillOwner = await file.subject.database.db
        .selectFrom('user')
        .select('email')
        .where('id', '=', owner.uid)
        .executeTakeFirstOrThrow()
      expect(stillOwner.email).toBe(owner.email)
    }
  })

  it("voids every reset link sent before a recovery, and the undo link outlives the attacker's reset", async () => {
    const owner = await file.createUser()
    const { target } = await moveAddress(owner)
    const resetMails = () =>
      file.smtp.messages.filter(
        (mail) =>
          mail.to.includes(target.toLowerCase()) &&
          /reset your mofu password/i.test(mail.subject ?? ''),
      )
    for (let sent = 0; sent < 2; sent++) {
      await callAuth(app(), '/request-password-reset', {
        ip: file.newVisitor().ip,
        body: { email: target, redirectTo: '/account/reset' },
      })
    }
    await expect.poll(() => resetMails().length).toBe(2)
    const [first = '', second = ''] = resetMails().map(codeIn)
    // The attacker resets through one of their links: the other stops working, the owner's
    // undo link does not.
    expect((await resetWith(app(), owner.ip, first, ATTACKER_PASSWORD)).status).toBe(200)
    expect(await resetCodeValid(app(), second)).toBe(false)
    const undo = await undoCode(owner)
    expect(await resetCodeValid(app(), undo)).toBe(true)
    expect((await resetWith(app(), owner.ip, undo, OWNER_PASSWORD)).status).toBe(200)
    expect((await resetWith(app(), owner.ip, second, ATTACKER_PASSWORD)).status).toBe(400)
    expect(
      isSessionOf(await signInByPassword(app(), owner.ip, owner.email, OWNER_PASSWORD), owner.uid),
    ).toBe(true)
    expect((await signInByPassword(app(), owner.ip, owner.email, ATTACKER_PASSWORD)).status).toBe(
      401,
    )
  })

  it('from the activity: signs everyone else out at once, and the link removes what was added since', async () => {
    const owner = await file.createUser()
    const { ip } = file.newVisitor()
    const attacker = {
      cookie: (await signInByPassword(app(), ip, owner.email, TEST_PASSWORD)).cookie,
      ip,
    }
    const { credential } = await addPasskey(app(), SITE, attacker.cookie, 'Sneaky', { ip })
    const activity = await callApp(app(), '/api/me/activity', { cookie: owner.cookie })
    const events = (
      activity.json as { events: { id: string; event: string; thisDevice: boolean }[] }
    ).events
    const theirs = events.find((entry) => entry.event === 'sign-in.ok' && !entry.thisDevice)
    expect(theirs).toBeDefined()

    expect((await disownActivity(app(), owner, theirs?.id ?? '')).status).toBe(202)
    expect(await sessionUser(app(), attacker.cookie)).toBeNull()
    expect(await sessionUser(app(), owner.cookie)).toBe(owner.uid)
    const code = codeIn(await latestMail(owner.email, /take your mofu account back/i))
    const reset = await resetWith(app(), owner.ip, code, OWNER_PASSWORD)
    expect(reset.json.recovered).toEqual({
      handle: null,
      email: null,
      passkeys: ['Sneaky'],
      twoFactor: false,
      google: false,
    })
    expect((await signInWithPasskey(app(), SITE, credential, { ip })).status).not.toBe(200)
    expect(await sessionUser(app(), owner.cookie)).toBeNull()
    // Another user's entry is not this account's to disown.
    const other = await file.createUser()
    expect((await disownActivity(app(), other, theirs?.id ?? '')).status).toBe(404)
  })

  it('leaves nothing to an attacker who changes the address from a fresh session', async () => {
    const owner = await file.createUser()
    const { ip } = file.newVisitor()
    const first = await signInByPassword(app(), ip, owner.email, TEST_PASSWORD)
    const { credential } = await addPasskey(app(), SITE, first.cookie, 'Fresh start', { ip })
    const twoFactor = await turnOnTwoFactor(app(), { ip, cookie: first.cookie })
    const sessionA = twoFactor.cookie
    expect(
      (await callApp(app(), '/api/me/sessions', { ip, cookie: sessionA, method: 'DELETE' })).status,
    ).toBeLessThan(300)
    // Session B: the password and a code of the attacker's own app; then A signs out.
    const challenged = await signInByPassword(app(), ip, owner.email, TEST_PASSWORD)
    expect(challenged.json.twoFactorRedirect).toBe(true)
    const sessionB = await callAuth(app(), '/two-factor/verify-totp', {
      ip,
      cookie: challenged.cookie,
      body: { code: await twoFactor.code(0) },
    })
    expect(sessionB.status).toBe(200)
    expect((await callAuth(app(), '/sign-out', { ip, cookie: sessionA, body: {} })).status).toBe(
      200,
    )
    const target = attackerAddress('fresh')
    const moved = { cookie: sessionB.cookie, ip }
    expect((await requestEmailChange(app(), moved, target, TEST_PASSWORD)).status).toBe(202)
    const code = codeIn(await file.smtp.waitForMail(target, { subject: /confirm your new/i }))
    expect((await confirmEmailChange(app(), code, moved)).status).toBe(200)

    const undone = await resetWith(app(), owner.ip, await undoCode(owner), OWNER_PASSWORD)
    expect(undone.status).toBe(200)
    expect(undone.json.recovered).toEqual({
      handle: null,
      email: owner.email,
      passkeys: ['Fresh start'],
      twoFactor: true,
      google: false,
    })
    const ownerIn = await signInByPassword(app(), owner.ip, owner.email, OWNER_PASSWORD)
    expect(
      ownerIn.json.twoFactorRedirect,
      "the attacker's code is asked of the owner",
    ).toBeUndefined()
    expect(isSessionOf(ownerIn, owner.uid)).toBe(true)
    expect((await signInWithPasskey(app(), SITE, credential, { ip })).status).not.toBe(200)
  })

  it('gives back the handle the account had before its holder changed it', async () => {
    const owner = await file.createUser()
    const handle = `own${Date.now()}`
    const saveHandle = (who: { cookie: string; ip: string }, name: string) =>
      callApp(app(), '/api/me/profile', {
        ip: who.ip,
        cookie: who.cookie,
        method: 'PATCH',
        body: { name: 'Owner', handle: name },
      })
    expect((await saveHandle(owner, handle)).status).toBe(200)
    const { ip } = file.newVisitor()
    const attacker = {
      cookie: (await signInByPassword(app(), ip, owner.email, TEST_PASSWORD)).cookie,
      ip,
    }
    expect((await saveHandle(attacker, `${handle}x`)).status).toBe(200)
    const target = attackerAddress('handle')
    expect((await requestEmailChange(app(), attacker, target, TEST_PASSWORD)).status).toBe(202)
    const code = codeIn(await file.smtp.waitForMail(target, { subject: /confirm your new/i }))
    expect((await confirmEmailChange(app(), code, attacker)).status).toBe(200)

    const undone = await resetWith(app(), owner.ip, await undoCode(owner), OWNER_PASSWORD)
    expect(undone.status).toBe(200)
    expect(undone.json.recovered).toMatchObject({ email: owner.email, handle })
    const page = await callApp(app(), `/api/handles/${handle}x`)
    expect(page.json).toMatchObject({ available: false })
    const ownerIn = await signInByPassword(app(), owner.ip, owner.email, OWNER_PASSWORD)
    const profile = await callApp(app(), '/api/me/profile', {
      ip: owner.ip,
      cookie: ownerIn.cookie,
    })
    expect(profile.json).toMatchObject({ username: handle })
  })

  it('keeps only what the owner ticks, each listed with when and from which browser it was added', async () => {
    const owner = await file.createUser()
    const ownersBrowser = { 'User-Agent': FIREFOX }
    const mine = await addPasskey(app(), SITE, owner.cookie, 'My laptop', {
      ip: owner.ip,
      headers: ownersBrowser,
    })
    expect(mine.answer.status).toBe(200)
    const { ip } = file.newVisitor()
    const attacker = {
      cookie: (await signInByPassword(app(), ip, owner.email, TEST_PASSWORD)).cookie,
      ip,
    }
    const theirs = await addPasskey(app(), SITE, attacker.cookie, 'Also mine', {
      ip,
      headers: { 'User-Agent': CHROME },
    })
    expect(theirs.answer.status).toBe(200)
    attacker.cookie = (await turnOnTwoFactor(app(), attacker)).cookie
    const target = attackerAddress('kept')
    expect((await requestEmailChange(app(), attacker, target, TEST_PASSWORD)).status).toBe(202)
    const moveCode = codeIn(await file.smtp.waitForMail(target, { subject: /confirm your new/i }))
    expect((await confirmEmailChange(app(), moveCode, attacker)).status).toBe(200)

    const undo = await undoCode(owner)
    const choices = await recoveryChoicesOf(app(), undo)
    expect(choices.email).toBe(owner.email)
    expect(
      choices.passkeys.map(({ name, browser, system }) => ({ name, browser, system })),
    ).toEqual([
      { name: 'My laptop', browser: 'Firefox 140', system: 'Linux' },
      { name: 'Also mine', browser: 'Chrome 156', system: 'Windows' },
    ])
    expect(choices.passkeys.every((passkey) => passkey.addedAt !== null)).toBe(true)
    expect(choices.twoFactor).toMatchObject({ browser: null })
    const kept = choices.passkeys.find((passkey) => passkey.name === 'My laptop')?.id ?? ''
    // A ticked id that is not the account's, and a malformed keep, keep nothing of anyone's.
    const malformed = await resetWith(app(), owner.ip, undo, OWNER_PASSWORD, {
      passkeys: [kept],
      twoFactor: null,
      backupCodes: false,
      google: [],
      extra: true,
    } as never)
    expect(malformed.status).toBe(400)
    const undone = await resetWith(app(), owner.ip, undo, OWNER_PASSWORD, {
      passkeys: [kept, 'not-a-passkey-of-this-account'],
      twoFactor: null,
      backupCodes: false,
      google: [],
    })
    expect(undone.status).toBe(200)
    expect(undone.json.recovered).toEqual({
      handle: null,
      email: owner.email,
      passkeys: ['Also mine'],
      twoFactor: true,
      google: false,
    })
    expect(
      isSessionOf(
        await signInWithPasskey(app(), SITE, mine.credential, { ip: owner.ip }),
        owner.uid,
      ),
    ).toBe(true)
    expect((await signInWithPasskey(app(), SITE, theirs.credential, { ip })).status).not.toBe(200)
  })

  it('tells the previous address of every new sign-in method for a week after a change', async () => {
    const owner = await file.createUser()
    const { attacker } = await moveAddress(owner)
    const { answer } = await addPasskey(app(), SITE, attacker.cookie, 'Hidden key', {
      ip: attacker.ip,
    })
    expect(answer.status).toBe(200)
    const told = await latestMail(owner.email, /a passkey was added/i)
    expect(told.text).toContain('"Hidden key"')
    await turnOnTwoFactor(app(), attacker)
    await latestMail(owner.email, /two-factor authentication turned on/i)
  })
})

describe('taking an account back with sessions and links in Redis', { timeout: 60_000 }, () => {
  it("ends the attacker's sessions and voids their reset links", async () => {
    const redisApp = inRedis.subject.app
    const owner = await inRedis.createUser()
    const { ip } = inRedis.newVisitor()
    const attacker = {
      cookie: (await signInByPassword(redisApp, ip, owner.email, TEST_PASSWORD)).cookie,
      ip,
    }
    const target = attackerAddress('redis')
    expect((await requestEmailChange(redisApp, attacker, target, TEST_PASSWORD)).status).toBe(202)
    const code = codeIn(await inRedis.smtp.waitForMail(target, { subject: /confirm your new/i }))
    expect((await confirmEmailChange(redisApp, code, attacker)).status).toBe(200)
    await callAuth(redisApp, '/request-password-reset', {
      ip,
      body: { email: target, redirectTo: '/account/reset' },
    })
    const attackerReset = codeIn(
      await inRedis.smtp.waitForMail(target, { subject: /reset your mofu password/i }),
    )
    const undo = codeIn(
      await inRedis.smtp.waitForMail(owner.email, {
        subject: /e-mail address of your Mofu account was changed/i,
      }),
    )
    expect((await resetWith(redisApp, owner.ip, undo, OWNER_PASSWORD)).status).toBe(200)
    expect(await sessionUser(redisApp, attacker.cookie)).toBeNull()
    expect((await resetWith(redisApp, ip, attackerReset, ATTACKER_PASSWORD)).status).toBe(400)
    const ownerIn = await signInByPassword(redisApp, owner.ip, owner.email, OWNER_PASSWORD)
    expect(isSessionOf(ownerIn, owner.uid)).toBe(true)
  })
})

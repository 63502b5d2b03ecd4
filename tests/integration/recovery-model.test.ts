import { randomUUID } from 'node:crypto'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { recoverAsOperator } from '../../src/server/account/admin'
import {
  type Answer,
  callApp,
  callAuth,
  freshAddress,
  joinCookies,
  keptCookies,
} from '../support/api'
import { KEEP_NOTHING } from '../../src/shared/account-recovery'
import { EMAIL_CHANGE_VALID_SECONDS, EMAIL_CHANGES_PER_HOUR } from '../../src/shared/email-change'
import { hashOf } from '../../src/server/stores/recovery-codes'
import { HANDLE_CHANGES_MAX } from '../../src/shared/profile'
import { appWithMail } from '../support/app-with-mail'
import { signInWithGoogle } from '../support/google-flow'
import { addPasskey, signInWithPasskey } from '../support/passkey-flow'
import {
  codeIn,
  confirmEmailChange,
  disownActivity,
  isSessionOf,
  recoveryChoicesOf,
  requestEmailChange,
  resetWith,
  sessionUser,
  signInByPassword,
} from '../support/recovery-flow'
import type { Credential } from '../support/software-authenticator'
import { turnOnTwoFactor } from '../support/two-factor-flow'
import { currentTestDialect } from '../support/test-database'
import { TEST_PASSWORD } from '../support/test-users'
import { adminDepsOf } from '../support/admin-deps'

/**
 * The recovery model (docs/email-and-activity.md "Taking an account back"): a generated sequence
 * of what someone holding an account's password can do with it, then the owner's recovery; after
 * it the attacker's every way in is refused and the owner's recovered password alone signs in.
 * A failure names its seed; `MOFU_MODEL_SEED=<seed>` replays the same sequences, and
 * `MOFU_MODEL_RUNS=<n>` draws more of them.
 */

const SITE = 'http://localhost:3000'
const file = appWithMail('model', { google: true })
const app = () => file.subject.app
/**
 * Many sequences where sign-ups cost least, a sample on the other database; each run of the
 * suite draws new ones (the seed is random).
 */
const RUNS = Number(process.env.MOFU_MODEL_RUNS ?? (currentTestDialect() === 'sqlite' ? 200 : 12))
const OWNER_PASSWORD = 'owner-new-secret-91'
const SQUAT_PASSWORD = 'squatter-pass-55'
/** The reset mails' cap, which recovery links share (docs/api.md). */
const RESET_MAILS_PER_HOUR = 3
/** The attacker's browser, when it signs in again after the recovery. */
const EDGE =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36 Edg/156.0.0.0'

const ACTIONS = [
  'session',
  'freshSession',
  'passkey',
  'twoFactor',
  'trust',
  'google',
  'change',
  'pending',
  'squat',
  'resetLink',
  'recoveryLink',
  'handle',
  'olderPending',
  'calendar',
] as const
type Action = (typeof ACTIONS)[number]
type Recovery = 'notice' | 'activity' | 'operator'
interface Way {
  how: Recovery
  moved: boolean
  /**
   * The owner had two-factor on before the attack and keeps it on the recovery page (the
   * operator's recovery keeps nothing); the attacker holds the owner's backup codes.
   */
  ownTwoFactor: boolean
}
/**
 * Every recovery, with the address moved and without (the notice needs a move: the mail is the
 * old address's), for an owner with two-factor and one without. Each sequence takes the next,
 * so even a dozen runs cover every one.
 */
const WAYS: readonly Way[] = [false, true].flatMap((ownTwoFactor) =>
  (
    [
      { how: 'notice', moved: true },
      { how: 'activity', moved: false },
      { how: 'activity', moved: true },
      { how: 'operator', moved: false },
      { how: 'operator', moved: true },
    ] as const
  ).map((way) => ({ ...way, ownTwoFactor })),
)

/** What the attacker holds when the owner steps in. */
interface Holdings {
  ip: string
  /** The latest session's cookie (the trust cookie with it, when there is one). */
  cookie: string
  cookies: string[]
  passkeys: Credential[]
  /** Addresses the attacker reads, in the order they took them. */
  addresses: string[]
  googleAddresses: string[]
  resetCodes: string[]
  /** Recovery links the attacker had mailed to an address they hold. */
  recoveryCodes: string[]
  pendingCodes: string[]
  /** Calendar feed addresses (their paths) the attacker made. */
  feeds: string[]
  /** Backup codes the attacker holds: of their own set-up, or stolen from the owner's. */
  backupCodes: string[]
  /** Whether two-factor is on (the attacker's, or the owner's with codes the attacker stole). */
  twoFactor: boolean
  passwords: string[]
  moved: boolean
  /** When the attack began: the operator recovers from then. */
  startedAt: Date
  /** How many times each kind of step took effect. */
  done: Partial<Record<Action, number>>
}

interface Owner {
  uid: string
  email: string
  ip: string
  cookie: string
  /** The owner's own passkey, which the owner keeps on the recovery page. */
  passkey: Credential
  passkeyId: string
  /** The owner's authenticator app, when the owner turned two-factor on before the attack. */
  totp?: (steps?: number) => Promise<string>
  /** The owner's backup codes, which the attacker steals. */
  backupCodes: string[]
  /** The owner's handle, which the attacker may change. */
  handle: string
}

/** A handle nobody else's looks like: letters no skeleton folds into another. */
const newHandle = () =>
  Array.from({ length: 12 }, () => 'abcdefghjkpqstuvwxyz'[Math.floor(Math.random() * 20)]).join('')

const saveHandle = (who: { ip: string; cookie: string }, handle: string) =>
  callApp(app(), '/api/me/profile', { ...who, method: 'PATCH', body: { handle } })

const currentHandle = async (uid: string) =>
  (
    await file.subject.database.db
      .selectFrom('profiles')
      .select('username')
      .where('user_id', '=', uid)
      .executeTakeFirst()
  )?.username ?? null

let ownerHash = ''

beforeAll(async () => {
  ownerHash = await (await file.subject.auth.$context).password.hash(TEST_PASSWORD)
})

/**
 * A verified owner with the test password (made directly: hashing it anew each time is slow),
 * their own passkey and, if `twoFactor`, their own authenticator app.
 */
async function newOwner(twoFactor: boolean) {
  const context = await file.subject.auth.$context
  const { email, ip } = file.newVisitor()
  const user = await context.internalAdapter.createUser(
    { email, name: '', emailVerified: true },
    { method: 'admin' },
  )
  await context.internalAdapter.linkAccount({
    userId: user.id,
    providerId: 'credential',
    accountId: user.id,
    password: ownerHash,
  })
  const signedIn = await signInByPassword(app(), ip, email, TEST_PASSWORD)
  expect(signedIn.status).toBe(200)
  const own = await addPasskey(app(), SITE, signedIn.cookie, "Owner's key", { ip })
  expect(own.answer.status).toBe(200)
  const row = await file.subject.database.db
    .selectFrom('passkey')
    .select('id')
    .where('userId', '=', user.id)
    .executeTakeFirstOrThrow()
  const owner: Owner = {
    uid: user.id,
    email,
    ip,
    cookie: signedIn.cookie,
    passkey: own.credential,
    passkeyId: row.id,
    backupCodes: [],
    handle: newHandle(),
  }
  const saved = await saveHandle(owner, owner.handle)
  expect(saved.status, saved.text).toBe(200)
  if (twoFactor) {
    const turnedOn = await turnOnTwoFactor(app(), owner)
    owner.cookie = turnedOn.cookie
    owner.totp = turnedOn.code
    owner.backupCodes = [...turnedOn.backupCodes]
  }
  return owner
}

const mailsTo = (to: string, subject: RegExp) =>
  file.smtp.messages.filter(
    (mail) => mail.to.includes(to.toLowerCase()) && subject.test(mail.subject ?? ''),
  )

/** The code of the newest mail to `to` with this subject, waiting for one past `before` of them. */
async function nextCode(to: string, subject: RegExp, before: number): Promise<string> {
  await expect.poll(() => mailsTo(to, subject).length, { timeout: 10_000 }).toBeGreaterThan(before)
  return codeIn(mailsTo(to, subject).at(-1) ?? { text: '' })
}

const currentEmail = async (uid: string) =>
  (
    await file.subject.database.db
      .selectFrom('user')
      .select('email')
      .where('id', '=', uid)
      .executeTakeFirstOrThrow()
  ).email

const keep = (held: Holdings, answer: Answer) => {
  held.cookie = keptCookies(joinCookies(held.cookie, answer.cookie))
  held.cookies.push(held.cookie)
}

/** The steps a step needs first: each drawn step then takes effect. */
function withPreconditions(action: Action, held: Holdings): Action[] {
  const twoFactorOn = held.twoFactor
  switch (action) {
    case 'trust':
      return twoFactorOn ? [] : ['twoFactor']
    case 'google':
    case 'resetLink':
    case 'recoveryLink':
    case 'squat':
      return held.moved ? [] : ['change']
    default:
      return []
  }
}

/** A password sign-in as the attacker, past a second step with one of the attacker's codes. */
async function attackerSignIn(held: Holdings, address: string, trustDevice = false) {
  const answer = await signInByPassword(app(), held.ip, address, TEST_PASSWORD)
  const backupCode = held.backupCodes.pop()
  if (answer.json.twoFactorRedirect !== true || backupCode === undefined) return answer
  return callAuth(app(), '/two-factor/verify-backup-code', {
    ip: held.ip,
    cookie: answer.cookie,
    body: { code: backupCode, trustDevice },
  })
}

/** One attacker step; whether it took effect. */
async function act(action: Action, held: Holdings, owner: Owner): Promise<boolean> {
  const address = await currentEmail(owner.uid)
  switch (action) {
    case 'session': {
      const answer = await attackerSignIn(held, address)
      if (!isSessionOf(answer, owner.uid)) return false
      keep(held, answer)
      return true
    }
    case 'freshSession': {
      // Everyone else out, a new session, then the one before it signed out: no session open
      // when the account is moved tells when the attacker came in.
      const before = held.cookie
      const ended = await callApp(app(), '/api/me/sessions', {
        ip: held.ip,
        cookie: before,
        method: 'DELETE',
      })
      if (ended.status >= 300) throw new Error(`ending others ${ended.status}`)
      const answer = await attackerSignIn(held, address)
      if (!isSessionOf(answer, owner.uid)) throw new Error(`signing in again ${answer.status}`)
      const signedOut = await callAuth(app(), '/sign-out', {
        ip: held.ip,
        cookie: before,
        body: {},
      })
      if (signedOut.status !== 200) throw new Error(`signing out ${signedOut.status}`)
      keep(held, answer)
      return true
    }
    case 'passkey': {
      const added = await addPasskey(app(), SITE, held.cookie, `key ${held.passkeys.length}`, {
        ip: held.ip,
      })
      if (added.answer.status !== 200) return false
      held.passkeys.push(added.credential)
      return true
    }
    case 'twoFactor': {
      const turnedOn = await turnOnTwoFactor(app(), held)
      keep(held, { cookie: turnedOn.cookie } as Answer)
      held.twoFactor = true
      held.backupCodes = [...turnedOn.backupCodes]
      return true
    }
    case 'trust': {
      const given = await attackerSignIn(held, address, true)
      if (!isSessionOf(given, owner.uid)) return false
      if (!/trust_device=/.test(given.cookie)) return false
      keep(held, given)
      return true
    }
    case 'google': {
      // Google sign-ins are limited to 3 in 10 s per client address: the attacker has many.
      const signedIn = await signInWithGoogle(app(), file.oidc, address, freshAddress())
      held.googleAddresses.push(address)
      if (signedIn.cookie !== '') held.cookies.push(signedIn.cookie)
      // With two-factor on, Google's sign-in waits for a code; the link is made all the same.
      const linked = await file.subject.database.db
        .selectFrom('account')
        .select('id')
        .where('userId', '=', owner.uid)
        .where('providerId', '=', 'google')
        .executeTakeFirst()
      return linked !== undefined
    }
    case 'change':
    case 'pending': {
      const target = `taken-${held.ip.replaceAll('.', '-')}-${held.addresses.length}@evil.test`
      const asked = await requestEmailChange(app(), held, target, TEST_PASSWORD)
      if (asked.status !== 202) return false
      const code = await nextCode(target, /confirm your new/i, 0)
      held.addresses.push(target)
      if (action === 'pending') {
        held.pendingCodes.push(code)
        return true
      }
      if ((await confirmEmailChange(app(), code, held)).status !== 200) return false
      held.moved = true
      return true
    }
    case 'squat': {
      const squat = await callAuth(app(), '/sign-up/email', {
        ip: held.ip,
        body: { email: owner.email, password: SQUAT_PASSWORD, name: '' },
      })
      if (squat.status !== 200) return false
      held.passwords.push(SQUAT_PASSWORD)
      return true
    }
    case 'recoveryLink': {
      // "This wasn't me" on the newest entry, after the move: its link goes to the attacker.
      const page = await callApp(app(), '/api/me/activity', { ip: held.ip, cookie: held.cookie })
      const newest = (page.json.events as { id: string }[] | undefined)?.[0]
      if (newest === undefined) return false
      const before = mailsTo(address, /take your mofu account back/i).length
      if ((await disownActivity(app(), held, newest.id)).status !== 202) return false
      held.recoveryCodes.push(await nextCode(address, /take your mofu account back/i, before))
      return true
    }
    case 'olderPending': {
      // A change asked on an instance of the previous release during a roll: it belongs to no
      // session, so ending sessions does not void it. Written as that release writes it.
      const code = `older-${randomUUID()}`
      const row = {
        user_id: owner.uid,
        code_hash: hashOf(code),
        new_email: `${code}@evil.test`,
        expires_at: new Date(Date.now() + EMAIL_CHANGE_VALID_SECONDS * 1000).toISOString(),
      }
      await file.subject.database.db
        .insertInto('email_changes')
        .values(row)
        .onConflict((conflict) => conflict.column('user_id').doUpdateSet(row))
        .execute()
      held.pendingCodes.push(code)
      return true
    }
    case 'calendar': {
      // A feed address is a standing read of the account that needs no session.
      const made = await callApp(app(), '/api/me/calendar', {
        ip: held.ip,
        cookie: held.cookie,
        body: { feed: 'new' },
      })
      if (made.status !== 200 || typeof made.json.url !== 'string') return false
      held.feeds.push(new URL(made.json.url).pathname)
      return true
    }
    case 'handle': {
      // The owner's handle is left, reserved for the account, and another taken in its place.
      return (await saveHandle(held, newHandle())).status === 200
    }
    case 'resetLink': {
      const before = mailsTo(address, /reset your mofu password/i).length
      const asked = await callAuth(app(), '/request-password-reset', {
        ip: held.ip,
        body: { email: address, redirectTo: '/account/reset' },
      })
      if (asked.status !== 200) return false
      held.resetCodes.push(await nextCode(address, /reset your mofu password/i, before))
      return true
    }
  }
}

/** Takes the step after what it needs; a step that does not take effect fails the sequence. */
async function take(action: Action, held: Holdings, owner: Owner) {
  for (const first of withPreconditions(action, held)) await take(first, held, owner)
  if (!(await act(action, held, owner))) throw new Error(`${action} did not take effect`)
  held.done[action] = (held.done[action] ?? 0) + 1
}

/**
 * The owner keeps their own passkey and their own two-factor set-up (not its backup codes, which
 * the attacker stole), and nothing else, on the recovery page.
 */
async function ownerResets(owner: Owner, code: string) {
  const choices = await recoveryChoicesOf(app(), code)
  expect(choices.passkeys.map((passkey) => passkey.id)).toContain(owner.passkeyId)
  const twoFactor = owner.totp === undefined ? null : (choices.twoFactor?.id ?? null)
  expect(twoFactor === null, "the owner's two-factor on the recovery page").toBe(
    owner.totp === undefined,
  )
  return resetWith(app(), owner.ip, code, OWNER_PASSWORD, {
    ...KEEP_NOTHING,
    passkeys: [owner.passkeyId],
    twoFactor,
  })
}

/** The owner takes the account back the way `how` says; the reset's answer. */
async function recover(how: Recovery, held: Holdings, owner: Owner): Promise<Answer> {
  if (how === 'notice') {
    const code = await nextCode(owner.email, /e-mail address of your mofu account was changed/i, 0)
    return ownerResets(owner, code)
  }
  if (how === 'activity') {
    // Signed out by the attacker's change of address or sessions, the owner signs in with
    // their own passkey, which needs no address.
    const signedIn = await signInWithPasskey(app(), SITE, owner.passkey, { ip: owner.ip })
    expect(isSessionOf(signedIn, owner.uid), "the owner's passkey").toBe(true)
    const cookie = signedIn.cookie
    const before = mailsTo(owner.email, /take your mofu account back/i).length
    const page = await callApp(app(), '/api/me/activity', { cookie })
    const { events } = page.json as {
      events: { id: string; event: string; thisDevice: boolean; at: string }[]
    }
    const first = events.filter((entry) => entry.event === 'sign-in.ok' && !entry.thisDevice).at(-1)
    if (first === undefined) throw new Error('the attacker left no sign-in in the activity')
    expect((await disownActivity(app(), { ip: owner.ip, cookie }, first.id)).status).toBe(202)
    const code = await nextCode(owner.email, /take your mofu account back/i, before)
    return ownerResets(owner, code)
  }
  const before = mailsTo(owner.email, /reset your mofu password/i).length
  await recoverAsOperator(adminDepsOf(file.subject), owner.uid, held.startedAt)
  // Out at once, not when the owner gets round to the mailed link.
  for (const cookie of held.cookies) {
    expect(await sessionUser(app(), cookie), "a session after the operator's recovery").toBeNull()
  }
  const code = await nextCode(owner.email, /reset your mofu password/i, before)
  return resetWith(app(), owner.ip, code, OWNER_PASSWORD)
}

/**
 * Every way in the attacker kept is refused, and the owner alone signs in: with the new password
 * and, when they kept it, their own authenticator app.
 */
async function expectOnlyTheOwner(held: Holdings, owner: Owner, way: Way) {
  const { how } = way
  // The owner's passkey and two-factor were kept on the recovery page; the operator's recovery
  // keeps nothing.
  const ownTwoFactor = owner.totp !== undefined && how !== 'operator'
  expect(await currentEmail(owner.uid)).toBe(owner.email)
  expect(await currentHandle(owner.uid), "the owner's handle").toBe(owner.handle)
  const ownerIn = await signInByPassword(app(), owner.ip, owner.email, OWNER_PASSWORD)
  expect(ownerIn.json.twoFactorRedirect === true, 'a code asked of the owner').toBe(ownTwoFactor)
  if (ownTwoFactor && owner.totp !== undefined) {
    const verified = await callAuth(app(), '/two-factor/verify-totp', {
      ip: owner.ip,
      cookie: ownerIn.cookie,
      body: { code: await owner.totp() },
    })
    expect(isSessionOf(verified, owner.uid), "the owner's own authenticator").toBe(true)
  } else {
    expect(isSessionOf(ownerIn, owner.uid), 'the owner signs in with the new password alone').toBe(
      true,
    )
    // Whatever set-up the account had is gone: the owner can start one with their own app.
    const setUp = await callAuth(app(), '/two-factor/enable', {
      ip: owner.ip,
      cookie: ownerIn.cookie,
      body: { password: OWNER_PASSWORD },
    })
    expect(setUp.status, `the owner's own two-factor: ${setUp.text}`).toBe(200)
  }
  const ownKey = await signInWithPasskey(app(), SITE, owner.passkey, { ip: owner.ip })
  expect(isSessionOf(ownKey, owner.uid), "the owner's kept passkey").toBe(how !== 'operator')
  // The attacker's browsers, even with the new password, are asked for whatever second step
  // the account has (no browser the attacker trusted skips it, no backup code they hold passes
  // it) and are signed in by no cookie they hold.
  // The attacker's browser is no longer known: signing in from it tells the owner.
  const browser = held.cookies.find((cookie) => cookie.includes('mofu_device='))
  if (browser !== undefined && !ownTwoFactor) {
    const toldOfEdge = () =>
      mailsTo(owner.email, /new sign-in to your mofu account/i).filter((mail) =>
        /Edge/.test(mail.text ?? ''),
      ).length
    const tried = await callAuth(app(), '/sign-in/email', {
      ip: held.ip,
      cookie: browser,
      headers: { 'User-Agent': EDGE },
      body: { email: owner.email, password: OWNER_PASSWORD },
    })
    expect(isSessionOf(tried, owner.uid)).toBe(true)
    await expect
      .poll(toldOfEdge, { timeout: 10_000, message: "the attacker's browser, known still" })
      .toBe(1)
  }
  for (const cookie of held.cookies) {
    // From an address of its own each (callAuth's): the attacker has many, and a limit met
    // proves nothing.
    const tried = await callAuth(app(), '/sign-in/email', {
      cookie,
      body: { email: owner.email, password: OWNER_PASSWORD },
    })
    expect(tried.status, "the new password in the attacker's browser").toBe(200)
    expect(
      tried.json.twoFactorRedirect === true,
      ownTwoFactor ? "the owner's code skipped in the attacker's browser" : 'a code asked',
    ).toBe(ownTwoFactor)
  }
  for (const code of ownTwoFactor ? held.backupCodes : []) {
    const ip = freshAddress()
    const challenge = await signInByPassword(app(), ip, owner.email, OWNER_PASSWORD)
    const passed = await callAuth(app(), '/two-factor/verify-backup-code', {
      ip,
      cookie: challenge.cookie,
      body: { code },
    })
    expect(isSessionOf(passed, owner.uid), 'a backup code the attacker stole').toBe(false)
  }
  for (const email of [owner.email, ...held.addresses]) {
    for (const password of held.passwords) {
      const tried = await signInByPassword(app(), held.ip, email, password)
      expect(isSessionOf(tried, owner.uid), `password at ${email}`).toBe(false)
      expect(tried.json.twoFactorRedirect, `password at ${email} reaches a code`).toBeUndefined()
    }
  }
  for (const cookie of held.cookies) {
    expect(await sessionUser(app(), cookie), 'a session of the attacker').not.toBe(owner.uid)
  }
  for (const credential of held.passkeys) {
    const tried = await signInWithPasskey(app(), SITE, credential, { ip: held.ip })
    expect(isSessionOf(tried, owner.uid), 'a passkey of the attacker').toBe(false)
  }
  for (const email of held.googleAddresses) {
    const signedIn = await signInWithGoogle(app(), file.oidc, email, freshAddress())
    const user = signedIn.cookie === '' ? null : await sessionUser(app(), signedIn.cookie)
    expect(user, `Google as ${email}`).not.toBe(owner.uid)
  }
  for (const code of [...held.resetCodes, ...held.recoveryCodes]) {
    expect((await resetWith(app(), held.ip, code, 'attacker-again-1')).status).toBe(400)
  }
  for (const code of held.pendingCodes) {
    expect((await confirmEmailChange(app(), code, held)).status).toBe(400)
  }
  for (const path of held.feeds) {
    const read = await callApp(app(), path, { origin: null })
    expect(read.status, "the attacker's calendar feed").toBe(404)
  }
  // The addresses the attacker moved the account to hear of it no more, the recovery's own
  // notice first among what would go to every address the account had within the week.
  for (const address of held.addresses) {
    expect(mailsTo(address, /taken back|password was changed/i), `a notice to ${address}`).toEqual(
      [],
    )
  }
}

/** Without a move, a change of address stays pending, and what needs the address is left out. */
const unmoved = (action: Action): Action[] =>
  action === 'change'
    ? ['pending']
    : ['google', 'resetLink', 'recoveryLink', 'squat'].includes(action)
      ? []
      : [action]

/**
 * What the attacker does of what was drawn: without a move, changes stay pending; within the
 * hour's limits of one account's change-of-address requests (a precondition or the way may ask
 * one more) and of reset and recovery mails to one address.
 */
function planned(actions: Action[], way: Way): Action[] {
  let changes = 0
  let mails = 0
  let handles = 0
  return (way.moved ? actions : actions.flatMap(unmoved)).filter((action) => {
    // With the owner's two-factor on, the attacker passes it with the stolen codes.
    if (action === 'twoFactor' && way.ownTwoFactor) return false
    if (action === 'change' || action === 'pending') return ++changes <= EMAIL_CHANGES_PER_HOUR - 1
    if (action === 'resetLink' || action === 'recoveryLink') return ++mails <= RESET_MAILS_PER_HOUR
    if (action === 'handle') return ++handles <= HANDLE_CHANGES_MAX
    return true
  })
}

/** One generated attack: what the attacker does; the recovery is the sequence's turn in WAYS. */
const AttackArbitrary = fc
  .array(fc.constantFrom(...ACTIONS), { minLength: 1, maxLength: 5 })
  // Two-factor is turned on once, by its own step or as what trust needs first: a second
  // set-up needs the first turned off.
  .map((actions) =>
    actions.filter(
      (action, at) =>
        action !== 'twoFactor' ||
        !actions.slice(0, at).some((before) => before === 'twoFactor' || before === 'trust'),
    ),
  )

async function attackAndRecover(actions: Action[], way: Way) {
  const owner = await newOwner(way.ownTwoFactor)
  const held: Holdings = {
    ip: freshAddress(),
    cookie: '',
    cookies: [],
    passkeys: [],
    addresses: [],
    googleAddresses: [],
    resetCodes: [],
    recoveryCodes: [],
    pendingCodes: [],
    feeds: [],
    backupCodes: [...owner.backupCodes],
    passwords: [TEST_PASSWORD],
    moved: false,
    twoFactor: way.ownTwoFactor,
    done: {},
    startedAt: new Date(),
  }
  await take('session', held, owner)
  for (const action of planned(actions, way)) await take(action, held, owner)
  if (way.moved && !held.moved) await take('change', held, owner)
  // Past the owner's two-factor with a stolen code, the attacker's last step trusts their
  // browser: after every change of address and ending of sessions, which forget trusted ones.
  if (way.ownTwoFactor) await take('trust', held, owner)
  expect(held.moved, 'the address moved as the way says').toBe(way.moved)
  const reset = await recover(way.how, held, owner)
  expect(reset.status, "the owner's reset").toBe(200)
  await expectOnlyTheOwner(held, owner, way)
  return held.done
}

/** Sequences run this many at a time: each waits on mail and hashes most of its time. */
const AT_ONCE = 4

describe('recovery leaves an attacker nothing', () => {
  // Hundreds of generated attacks, each a few dozen requests; the time is the password hashes.
  it(`in ${RUNS} generated sequences`, { timeout: 900_000 }, async () => {
    const seed = Number(process.env.MOFU_MODEL_SEED ?? Math.floor(Math.random() * 2 ** 31))
    const attacks = fc.sample(AttackArbitrary, { numRuns: RUNS, seed })
    const failures: string[] = []
    const done: Partial<Record<Action, number>> = {}
    const drawn: Partial<Record<Action, number>> = {}
    let next = 0
    const worker = async () => {
      for (let index = next++; index < attacks.length; index = next++) {
        const actions = attacks[index] ?? []
        const way = WAYS[index % WAYS.length] ?? { how: 'notice', moved: true, ownTwoFactor: false }
        for (const action of planned(actions, way)) {
          drawn[action] = (drawn[action] ?? 0) + 1
        }
        await attackAndRecover(actions, way).then(
          (took) => {
            for (const [action, times] of Object.entries(took) as [Action, number][]) {
              done[action] = (done[action] ?? 0) + times
            }
          },
          (error: unknown) => {
            failures.push(
              `#${index} (${actions.join(', ')}; then ${way.how}${way.moved ? ', moved' : ''}${way.ownTwoFactor ? ", the owner's two-factor" : ''}): ${error instanceof Error ? error.message : String(error)}`,
            )
          },
        )
      }
    }
    await Promise.all(Array.from({ length: AT_ONCE }, worker))
    expect(failures, `MOFU_MODEL_SEED=${seed} replays these`).toEqual([])
    // Every drawn step took effect (more, with the steps some needed first).
    for (const action of ACTIONS) {
      expect(done[action] ?? 0, `${action} took effect`).toBeGreaterThanOrEqual(drawn[action] ?? 0)
    }
  })
})

import fc from 'fast-check'
import { pino } from 'pino'
import { beforeAll, describe, expect, it } from 'vitest'
import { recoverAsOperator } from '../../src/server/account/admin'
import { profileStore } from '../../src/server/profiles/profile-store'
import { type Answer, callAuth, joinCookies, keptCookies } from '../support/api'
import { appWithMail } from '../support/app-with-mail'
import { authenticator } from '../support/authenticator'
import { signInWithGoogle } from '../support/google-flow'
import { addPasskey, signInWithPasskey } from '../support/passkey-flow'
import {
  codeIn,
  confirmEmailChange,
  disownActivity,
  isSessionOf,
  requestEmailChange,
  resetWith,
  sessionUser,
  signInByPassword,
} from '../support/recovery-flow'
import type { Credential } from '../support/software-authenticator'
import { currentTestDialect } from '../support/test-database'
import { TEST_PASSWORD } from '../support/test-users'

/**
 * The recovery model (docs/email-and-activity.md "Taking an account back"): a generated sequence
 * of what someone holding an account's password can do with it, then the owner's recovery; after
 * it the attacker's every way in is refused and the owner's recovered password alone signs in.
 * A failure names its seed; `MOFU_MODEL_SEED=<seed>` replays the same sequences, and
 * `MOFU_MODEL_RUNS=<n>` draws more of them.
 */

const SITE = 'http://localhost:3000'
const file = appWithMail('model', 189, { google: true })
const app = () => file.subject.app
/**
 * Many sequences where sign-ups cost least, a sample on the other database; each run of the
 * suite draws new ones (the seed is random).
 */
const RUNS = Number(process.env.MOFU_MODEL_RUNS ?? (currentTestDialect() === 'sqlite' ? 200 : 12))
const OWNER_PASSWORD = 'owner-new-secret-91'
const SQUAT_PASSWORD = 'squatter-pass-55'

const ACTIONS = [
  'session',
  'passkey',
  'twoFactor',
  'trust',
  'google',
  'change',
  'pending',
  'squat',
  'resetLink',
] as const
type Action = (typeof ACTIONS)[number]
const RECOVERIES = ['notice', 'activity', 'operator'] as const
type Recovery = (typeof RECOVERIES)[number]

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
  pendingCodes: string[]
  backupCodes: string[]
  passwords: string[]
  moved: boolean
}

let ownerHash = ''
let sequence = 0
let addresses = 0
/** A client address of its own for each visitor, so per-address limits never meet. */
const nextIp = () => {
  addresses += 1
  return `10.${(addresses >> 8) & 255}.${addresses & 255}.7`
}

beforeAll(async () => {
  ownerHash = await (await file.subject.auth.$context).password.hash(TEST_PASSWORD)
})

/** A verified owner with the test password, made directly: hashing it anew each time is slow. */
async function newOwner() {
  const context = await file.subject.auth.$context
  const { email } = file.newVisitor()
  const ip = nextIp()
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
  return { uid: user.id, email, ip, cookie: signedIn.cookie }
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

/** One attacker step, when what it needs is there; a step that does not apply does nothing. */
async function act(action: Action, held: Holdings, owner: { uid: string; email: string }) {
  const address = await currentEmail(owner.uid)
  const twoFactorOn = held.backupCodes.length > 0
  const mine = held.addresses.includes(address)
  switch (action) {
    case 'session': {
      const answer = await signInByPassword(app(), held.ip, address, TEST_PASSWORD)
      if (isSessionOf(answer, owner.uid)) keep(held, answer)
      return
    }
    case 'passkey': {
      const added = await addPasskey(app(), SITE, held.cookie, `key ${held.passkeys.length}`, {
        ip: held.ip,
      })
      if (added.answer.status === 200) held.passkeys.push(added.credential)
      return
    }
    case 'twoFactor': {
      if (twoFactorOn) return
      const enabled = await callAuth(app(), '/two-factor/enable', {
        ip: held.ip,
        cookie: held.cookie,
        body: { password: TEST_PASSWORD },
      })
      if (enabled.status !== 200) return
      const code = authenticator(String(enabled.json.totpURI))
      const confirmed = await callAuth(app(), '/two-factor/verify-totp', {
        ip: held.ip,
        cookie: held.cookie,
        body: { code: await code(0) },
      })
      expect(confirmed.status).toBe(200)
      keep(held, confirmed)
      held.backupCodes.push(...(enabled.json.backupCodes as string[]))
      return
    }
    case 'trust': {
      const backupCode = held.backupCodes.pop()
      if (backupCode === undefined) return
      const challenged = await signInByPassword(app(), held.ip, address, TEST_PASSWORD)
      const given = await callAuth(app(), '/two-factor/verify-backup-code', {
        ip: held.ip,
        cookie: challenged.cookie,
        body: { code: backupCode, trustDevice: true },
      })
      if (given.status === 200) keep(held, given)
      return
    }
    case 'google': {
      if (!mine) return
      // Google sign-ins are limited to 3 in 10 s per client address: the attacker has many.
      const signedIn = await signInWithGoogle(app(), file.oidc, address, nextIp())
      held.googleAddresses.push(address)
      if (signedIn.cookie !== '') held.cookies.push(signedIn.cookie)
      return
    }
    case 'change':
    case 'pending': {
      const target = `taken${sequence}-${held.addresses.length}-${Date.now()}@evil.test`
      const asked = await requestEmailChange(app(), held, target, TEST_PASSWORD)
      if (asked.status !== 202) return
      const code = await nextCode(target, /confirm your new/i, 0)
      held.addresses.push(target)
      if (action === 'pending') {
        held.pendingCodes.push(code)
        return
      }
      expect((await confirmEmailChange(app(), code, held)).status).toBe(200)
      held.moved = true
      return
    }
    case 'squat': {
      if (!held.moved || address === owner.email) return
      const squat = await callAuth(app(), '/sign-up/email', {
        ip: held.ip,
        body: { email: owner.email, password: SQUAT_PASSWORD, name: '' },
      })
      expect(squat.status).toBe(200)
      held.passwords.push(SQUAT_PASSWORD)
      return
    }
    case 'resetLink': {
      if (!mine) return
      const before = mailsTo(address, /reset your mofu password/i).length
      const asked = await callAuth(app(), '/request-password-reset', {
        ip: held.ip,
        body: { email: address, redirectTo: '/account/reset' },
      })
      if (asked.status !== 200) return
      held.resetCodes.push(await nextCode(address, /reset your mofu password/i, before))
      return
    }
  }
}

/** The owner takes the account back the way `how` says, when it applies; the reset's answer. */
async function recover(
  how: Recovery,
  held: Holdings,
  owner: { uid: string; email: string; ip: string; cookie: string },
  startedAt: Date,
): Promise<Answer> {
  const ownerStillIn = (await sessionUser(app(), owner.cookie)) === owner.uid
  const way: Recovery = held.moved ? 'notice' : how === 'notice' || !ownerStillIn ? 'operator' : how
  if (way === 'notice') {
    const code = await nextCode(owner.email, /e-mail address of your mofu account was changed/i, 0)
    return resetWith(app(), owner.ip, code, OWNER_PASSWORD)
  }
  if (way === 'activity') {
    const before = mailsTo(owner.email, /take your mofu account back/i).length
    const page = await app().request('/api/me/activity', { headers: { Cookie: owner.cookie } })
    const { events } = (await page.json()) as {
      events: { id: string; event: string; thisDevice: boolean; at: string }[]
    }
    const first = events.filter((entry) => entry.event === 'sign-in.ok' && !entry.thisDevice).at(-1)
    if (first === undefined) throw new Error('the attacker left no sign-in in the activity')
    expect((await disownActivity(app(), owner, first.id)).status).toBe(202)
    const code = await nextCode(owner.email, /take your mofu account back/i, before)
    return resetWith(app(), owner.ip, code, OWNER_PASSWORD)
  }
  const before = mailsTo(owner.email, /reset your mofu password/i).length
  await recoverAsOperator(
    {
      auth: file.subject.auth,
      db: file.subject.database.db,
      storage: file.subject.storage,
      profiles: profileStore(file.subject.database),
      logger: pino({ level: 'silent' }),
    },
    owner.uid,
    startedAt,
  )
  const code = await nextCode(owner.email, /reset your mofu password/i, before)
  return resetWith(app(), owner.ip, code, OWNER_PASSWORD)
}

/** Every way in the attacker kept is refused, and the owner's new password alone signs in. */
async function expectOnlyTheOwner(
  held: Holdings,
  owner: { uid: string; email: string; ip: string },
) {
  expect(await currentEmail(owner.uid)).toBe(owner.email)
  const ownerIn = await signInByPassword(app(), owner.ip, owner.email, OWNER_PASSWORD)
  expect(isSessionOf(ownerIn, owner.uid), 'the owner signs in with the new password alone').toBe(
    true,
  )
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
    const signedIn = await signInWithGoogle(app(), file.oidc, email, nextIp())
    const user = signedIn.cookie === '' ? null : await sessionUser(app(), signedIn.cookie)
    expect(user, `Google as ${email}`).not.toBe(owner.uid)
  }
  for (const code of held.resetCodes) {
    expect((await resetWith(app(), held.ip, code, 'attacker-again-1')).status).toBe(400)
  }
  for (const code of held.pendingCodes) {
    expect((await confirmEmailChange(app(), code, held)).status).toBe(400)
  }
}

/** One generated attack: what the attacker does, and how the owner then takes the account back. */
const AttackArbitrary = fc.tuple(
  fc.array(fc.constantFrom(...ACTIONS), { minLength: 1, maxLength: 5 }),
  fc.constantFrom(...RECOVERIES),
)

async function attackAndRecover(actions: Action[], how: Recovery) {
  sequence += 1
  const startedAt = new Date()
  const owner = await newOwner()
  const held: Holdings = {
    ip: nextIp(),
    cookie: '',
    cookies: [],
    passkeys: [],
    addresses: [],
    googleAddresses: [],
    resetCodes: [],
    pendingCodes: [],
    backupCodes: [],
    passwords: [TEST_PASSWORD],
    moved: false,
  }
  await act('session', held, owner)
  for (const action of actions) await act(action, held, owner)
  const reset = await recover(how, held, owner, startedAt)
  expect(reset.status, "the owner's reset").toBe(200)
  await expectOnlyTheOwner(held, owner)
}

/** Sequences run this many at a time: each waits on mail and hashes most of its time. */
const AT_ONCE = 4

describe('recovery leaves an attacker nothing', () => {
  // Hundreds of generated attacks, each a few dozen requests; the time is the password hashes.
  it(`in ${RUNS} generated sequences`, { timeout: 900_000 }, async () => {
    const seed = Number(process.env.MOFU_MODEL_SEED ?? Math.floor(Math.random() * 2 ** 31))
    const attacks = fc.sample(AttackArbitrary, { numRuns: RUNS, seed })
    const failures: string[] = []
    let next = 0
    const worker = async () => {
      for (let index = next++; index < attacks.length; index = next++) {
        const [actions, how] = attacks[index] ?? [[], 'notice']
        await attackAndRecover(actions, how).catch((error: unknown) => {
          failures.push(
            `#${index} (${actions.join(', ')}; then ${how}): ${error instanceof Error ? error.message : String(error)}`,
          )
        })
      }
    }
    await Promise.all(Array.from({ length: AT_ONCE }, worker))
    expect(failures, `MOFU_MODEL_SEED=${seed} replays these`).toEqual([])
  })
})

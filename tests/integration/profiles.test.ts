import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { DEFAULT_EFFECTS } from '../../src/shared/preferences'
import { HANDLE_MESSAGES, type Profile } from '../../src/shared/profile'
import { eachProfileField } from '../../src/shared/profile-fields'
import { AUTH_MESSAGES } from '../../src/shared/auth-messages'
import { callApp, type Call } from '../support/api'
import { forgetHandleChanges } from '../support/handle-changes'
import { startSmtpCapture, type SmtpCapture } from '../support/smtp-capture'
import { createTestApp, type TestApp } from '../support/test-app'
import { createTestUser, newVisitor, TEST_PASSWORD, type TestUser } from '../support/test-users'

/**
 * Profiles over HTTP (docs/api.md "Profile and handles"): GET/PATCH /api/me/profile,
 * GET /api/handles/:handle, GET /api/profiles/:handle and DELETE /api/me, as an API client sees
 * them, plus the rows of the `profiles` table where what is stored is the point.
 */

const AVAILABLE = 'This ID is available'
const TAKEN = 'This ID is already taken'
const TAKEN_BODY = { code: 'HANDLE_TAKEN', message: TAKEN }
/** A refused handle's answer offers one to three other IDs (look-alike-handles.test.ts). */
const SUGGESTED = expect.arrayContaining([expect.any(String)])
/**
 * The profile fields while none is set: each its own empty value (profile-fields.test.ts spells
 * them out), and no verified link.
 */
const NO_FIELDS = {
  ...eachProfileField<Record<string, unknown>>((field) => field.empty),
  verifiedLinks: [],
}
/** How many users race for one handle, and how many users the file shares. */
const RACERS = 50

type User = TestUser

/** A body sent as it is, under the JSON content type. */
const asJson = (raw: string): Call => ({ raw, headers: { 'Content-Type': 'application/json' } })

let smtp: SmtpCapture
let subject: TestApp
/** Signed-in users shared by the tests; each test sets the state it relies on itself. */
let users: User[] = []

beforeAll(async () => {
  smtp = await startSmtpCapture()
  subject = await createTestApp({ smtpUrl: smtp.url })
  users = await createUsers(RACERS)
}, 120_000)
afterAll(async () => {
  await subject?.dispose()
  await smtp?.close()
})
// The users are shared and change handles far more often than the limit on changes allows.
beforeEach(() => forgetHandleChanges(subject))

/** Any request to the app. Every answer is checked for a 5xx: none is acceptable anywhere. */
async function request(method: string, path: string, call: Call = {}) {
  const answer = await callApp(subject.app, path, { method, ...call })
  expect(answer.status, `${method} ${path} answered ${answer.status}: ${answer.text}`).toBeLessThan(
    500,
  )
  return answer
}

/** Sign up, follow the link in the verification mail, sign in: a user as the app makes one. */
function createUser(): Promise<User> {
  return createTestUser(subject.app, smtp, newVisitor('profile'))
}

/** `count` users, made a few at a time. */
async function createUsers(count: number): Promise<User[]> {
  const made: User[] = []
  while (made.length < count) {
    const batch = Math.min(10, count - made.length)
    made.push(...(await Promise.all(Array.from({ length: batch }, () => createUser()))))
  }
  return made
}

const getProfile = (user: User) => request('GET', '/api/me/profile', { cookie: user.cookie })
const patchProfile = (user: User, body: unknown) =>
  request('PATCH', '/api/me/profile', { cookie: user.cookie, body })
const checkHandle = (handle: string, user?: User) =>
  request('GET', `/api/handles/${encodeURIComponent(handle)}`, { cookie: user?.cookie })
const publicProfile = (handle: string) =>
  request('GET', `/api/profiles/${encodeURIComponent(handle)}`)

/** The user's row of the `profiles` table, as stored. */
function rowOf(uid: string) {
  return subject.database.db
    .selectFrom('profiles')
    .selectAll()
    .where('user_id', '=', uid)
    .executeTakeFirst()
}

/** The row without its timestamp, for "nothing changed" comparisons. */
async function contentOf(uid: string) {
  const row = await rowOf(uid)
  if (row === undefined) return undefined
  const content: Partial<typeof row> = { ...row }
  delete content.updated_at
  return {
    ...content,
    pin_count: Number(row.pin_count),
    used_pin_count: Number(row.used_pin_count),
  }
}

async function rowsWithUsername(username: string) {
  return subject.database.db
    .selectFrom('profiles')
    .select('user_id')
    .where('username', '=', username)
    .execute()
}

/** Sets name and handle so a later test starts from known values. */
async function setUp(user: User, name: string, handle: string): Promise<Profile> {
  const saved = await patchProfile(user, { name, handle })
  expect(saved.status, saved.text).toBe(200)
  return saved.json as Profile
}

describe('GET /api/me/profile', () => {
  it('answers 401 without a session or with an unknown one', async () => {
    const none = await request('GET', '/api/me/profile')
    expect(none.status).toBe(401)
    expect(none.json).toEqual({ code: 'UNAUTHENTICATED', message: expect.any(String) })
    const forged = await request('GET', '/api/me/profile', {
      cookie: 'better-auth.session_token=forged.token',
    })
    expect(forged.status).toBe(401)
  })

  it('creates the profile with the defaults on first load, once', async () => {
    const user = await createUser()
    expect(await rowOf(user.uid)).toBeUndefined()

    const first = await getProfile(user)
    expect(first.status).toBe(200)
    expect(first.json).toEqual({
      uid: user.uid,
      name: '',
      username: '',
      displayUsername: '',
      avatar: '',
      avatarThumbhash: '',
      banner: '',
      bannerThumbhash: '',
      font: 'default',
      // Free's 5 pins a period, none used and no period started.
      pinCount: 5,
      usedPinCount: 0,
      pinResetAt: null,
      plan: 'free',
      planUntil: null,
      preferences: null,
      ...NO_FIELDS,
    })

    const second = await getProfile(user)
    expect(second.status).toBe(200)
    expect(second.json).toEqual(first.json)

    const rows = await subject.database.db
      .selectFrom('profiles')
      .selectAll()
      .where('user_id', '=', user.uid)
      .execute()
    expect(rows).toHaveLength(1)
    // No handle yet is NULL in the table, not '' (the unique index then allows many of them).
    expect(rows[0]?.username).toBeNull()
    expect(rows[0]?.display_username).toBeNull()
    expect(rows[0]?.plan).toBe('free')
  })
})

describe('PATCH /api/me/profile', () => {
  it('leaves the row whole when one user saves twice at once: name and handle of one save', async () => {
    const user = users[0] as User
    for (let round = 0; round < 20; round++) {
      // One save keeps the handle the row has, the other moves it: whichever lands last, the
      // row holds that save's name with that save's handle.
      await forgetHandleChanges(subject)
      await setUp(user, 'Start', `stay${round}`)
      const saves = [
        { name: `Stay ${round}`, handle: `stay${round}` },
        { name: `Move ${round}`, handle: `move${round}` },
      ]
      const answers = await Promise.all(saves.map((save) => patchProfile(user, save)))
      expect(answers.map((answer) => answer.status)).toEqual([200, 200])
      const row = await contentOf(user.uid)
      const from = saves.find((save) => save.name === row?.name)
      expect(row?.username, `round ${round}: ${row?.name}`).toBe(from?.handle)
    }
  })

  it('keeps the fields a save does not send', async () => {
    const user = users[0] as User
    await setUp(user, 'Before', 'mergestart')

    const named = await patchProfile(user, { name: '  Sakura Mofu  ' })
    expect(named.status).toBe(200)
    expect(named.json).toMatchObject({
      uid: user.uid,
      name: 'Sakura Mofu',
      username: 'mergestart',
      font: 'default',
    })

    const handled = await patchProfile(user, { handle: '@MergeKeeper' })
    expect(handled.status).toBe(200)
    expect(handled.json).toMatchObject({
      name: 'Sakura Mofu',
      username: 'mergekeeper',
      displayUsername: 'MergeKeeper',
      font: 'default',
    })

    const fonted = await patchProfile(user, { preferences: { font: 'orbitron' } })
    expect(fonted.status).toBe(200)
    const expected = {
      uid: user.uid,
      name: 'Sakura Mofu',
      username: 'mergekeeper',
      displayUsername: 'MergeKeeper',
      avatar: '',
      avatarThumbhash: '',
      banner: '',
      bannerThumbhash: '',
      font: 'orbitron',
      // Free's 5 pins a period, none used and no period started.
      pinCount: 5,
      usedPinCount: 0,
      pinResetAt: null,
      plan: 'free',
      planUntil: null,
      // The font is the one kept among the preferences, which the account's browsers follow.
      preferences: { font: 'orbitron' },
      ...NO_FIELDS,
    }
    expect(fonted.json).toEqual(expected)
    expect((await getProfile(user)).json).toEqual(expected)
    expect(await contentOf(user.uid)).toMatchObject({
      name: 'Sakura Mofu',
      username: 'mergekeeper',
      display_username: 'MergeKeeper',
      preferences: '{"font":"orbitron"}',
    })

    // The font has one place in a save: beside the preferences it is refused, naming itself,
    // and the save keeps nothing.
    const beside = await patchProfile(user, { name: 'Beside', font: 'default' })
    expect(beside.status).toBe(400)
    expect(beside.json).toMatchObject({ code: 'INVALID_INPUT' })
    expect(JSON.stringify(beside.json.issues)).toContain('font')
    expect((await getProfile(user)).json).toEqual(expected)
  })

  it('keeps only the preferences a browser chose, merged key by key, and the font from them', async () => {
    const user = users[1] as User
    await setUp(user, 'Prefs', 'prefskeeper')
    const effects = {
      sidebarHoverEffect: false,
      hamburgerBounce: true,
      dragParticleEffect: true,
      folderOpenEffect: false,
      filterJumpEffect: true,
      fullStatePersistence: true,
    }
    // A browser that chose only its theme: the account keeps that, and its stored font stays.
    const themed = await patchProfile(user, { preferences: { theme: 'light' } })
    expect(themed.status, themed.text).toBe(200)
    expect(themed.json).toMatchObject({ font: 'default', preferences: { theme: 'light' } })
    expect((await getProfile(user)).json).toMatchObject({
      font: 'default',
      preferences: { theme: 'light' },
    })
    expect(JSON.parse((await rowOf(user.uid))?.preferences ?? 'null')).toEqual({ theme: 'light' })

    // Another choice joins it; the font chosen becomes the profile's font.
    expect(
      (await patchProfile(user, { preferences: { font: 'orbitron', effects } })).json,
    ).toMatchObject({
      font: 'orbitron',
      preferences: { theme: 'light', font: 'orbitron', effects },
    })
    expect((await patchProfile(user, { preferences: { theme: 'dark' } })).json).toMatchObject({
      preferences: { theme: 'dark', font: 'orbitron', effects },
    })
    // A theme of null (never chosen, from older browsers) changes nothing; a name-only save
    // leaves the preferences alone.
    expect((await patchProfile(user, { preferences: { theme: null } })).json).toMatchObject({
      preferences: { theme: 'dark', font: 'orbitron', effects },
    })
    expect((await patchProfile(user, { name: 'Prefs Two' })).json).toMatchObject({
      preferences: { theme: 'dark', font: 'orbitron', effects },
    })

    for (const broken of [
      { theme: 'sepia' },
      { font: 'comic' },
      { effects: { ...effects, hamburgerBounce: 'yes' } },
      { effects: { hamburgerBounce: true } },
      { effects: { ...effects, extra: true } },
      { theme: 'dark', colour: 'pink' },
      'dark',
      null,
    ]) {
      const refused = await patchProfile(user, { preferences: broken })
      expect(refused.status, JSON.stringify(broken)).toBe(400)
    }
    expect((await getProfile(user)).json).toMatchObject({
      font: 'orbitron',
      preferences: { theme: 'dark', font: 'orbitron', effects },
    })
  })

  it('keeps both of two browsers choosing different preferences at once', async () => {
    const user = users[12] as User
    await setUp(user, 'Racing prefs', 'prefsracer')
    for (const theme of ['light', 'dark', 'system', 'light', 'dark']) {
      await subject.database.db
        .updateTable('profiles')
        .set({ preferences: null })
        .where('user_id', '=', user.uid)
        .execute()
      const saves = await Promise.all(
        [{ theme }, { font: 'orbitron' }, { language: 'ja' }].map((preferences) =>
          patchProfile(user, { preferences }),
        ),
      )
      expect(saves.map((save) => save.status)).toEqual([200, 200, 200])
      const { json } = await getProfile(user)
      expect((json as Profile).preferences).toEqual({ theme, font: 'orbitron', language: 'ja' })
    }
  })

  it('keeps the language chosen with the preferences, and reads kept ones without it as system', async () => {
    const user = users[11] as User
    await setUp(user, 'Lang', 'langkeeper')
    const effects = {
      sidebarHoverEffect: true,
      hamburgerBounce: true,
      dragParticleEffect: true,
      folderOpenEffect: true,
      filterJumpEffect: true,
      fullStatePersistence: true,
    }
    const japanese = { theme: 'dark', font: 'default', effects, language: 'ja' }
    const saved = await patchProfile(user, { preferences: japanese })
    expect(saved.status, saved.text).toBe(200)
    expect(saved.json).toMatchObject({ preferences: japanese })
    expect((await getProfile(user)).json).toMatchObject({ preferences: japanese })
    expect(JSON.parse((await rowOf(user.uid))?.preferences ?? 'null')).toEqual(japanese)

    for (const language of ['fr', 'JA', 'ja-JP', '', null, 1]) {
      const refused = await patchProfile(user, { preferences: { ...japanese, language } })
      expect(refused.status, JSON.stringify(language)).toBe(400)
    }
    expect((await getProfile(user)).json).toMatchObject({ preferences: japanese })

    // A browser that never chose a language sends none: the account keeps the one it has.
    const unchosen = { theme: 'light', font: 'orbitron', effects }
    expect((await patchProfile(user, { preferences: unchosen })).json).toMatchObject({
      preferences: { ...unchosen, language: 'ja' },
    })
    // Preferences kept whole before they were kept by key (a theme of null: never chosen) read
    // as the keys chosen.
    await subject.database.db
      .updateTable('profiles')
      .set({ preferences: JSON.stringify({ ...unchosen, theme: null }) })
      .where('user_id', '=', user.uid)
      .execute()
    const { json } = await getProfile(user)
    expect((json as Profile).preferences).toEqual({ font: 'orbitron', effects })
  })

  it('reads the kept preferences it understands among ones it does not, and saves them back with them', async () => {
    const user = users[13] as User
    await setUp(user, 'Later prefs', 'laterprefs')
    const effects = { ...DEFAULT_EFFECTS, sidebarHoverEffect: false, filterJumpEffect: false }
    const keep = (preferences: string | null) =>
      subject.database.db
        .updateTable('profiles')
        .set({ preferences })
        .where('user_id', '=', user.uid)
        .execute()
    // As a later release may keep them while this one still runs beside it: a key of its own, a
    // font and an effect this one does not know.
    const later = {
      theme: 'dark',
      font: 'mincho',
      effects: { ...effects, sparkleTrail: true },
      language: 'ja',
      wallpaper: { name: 'sakura', dim: 0.4 },
    }
    await keep(JSON.stringify(later))
    const read = await getProfile(user)
    expect(read.status, read.text).toBe(200)
    expect((read.json as Profile).preferences).toEqual({ theme: 'dark', effects, language: 'ja' })

    const saved = await patchProfile(user, { preferences: { theme: 'light' } })
    expect(saved.status, saved.text).toBe(200)
    expect((saved.json as Profile).preferences).toEqual({ theme: 'light', effects, language: 'ja' })
    expect(JSON.parse((await rowOf(user.uid))?.preferences ?? 'null')).toEqual({
      ...later,
      theme: 'light',
    })
    // A choice of a key it knows replaces the value it could not read.
    await patchProfile(user, { preferences: { font: 'orbitron' } })
    expect(JSON.parse((await rowOf(user.uid))?.preferences ?? 'null')).toEqual({
      ...later,
      theme: 'light',
      font: 'orbitron',
    })

    // Kept preferences that are no object at all read as none; a choice then stands alone.
    for (const unreadable of ['"dark"', '[1]', '{"theme":', 'null']) {
      await keep(unreadable)
      expect((await getProfile(user)).json, unreadable).toMatchObject({ preferences: null })
      await patchProfile(user, { preferences: { theme: 'system' } })
      expect(JSON.parse((await rowOf(user.uid))?.preferences ?? 'null')).toEqual({
        theme: 'system',
      })
    }
  })

  it('answers 401 without a session and stores nothing', async () => {
    const response = await request('PATCH', '/api/me/profile', { body: { name: 'Nobody' } })
    expect(response.status).toBe(401)
    const named = await subject.database.db
      .selectFrom('profiles')
      .select('user_id')
      .where('name', '=', 'Nobody')
      .execute()
    expect(named).toEqual([])
  })
})

describe('handle normalization', () => {
  const valid: [input: string, username: string, displayUsername: string][] = [
    ['@Sakura_01', 'sakura01', 'Sakura01'],
    ['ｓａｋｕｒａ', 'sakura', 'sakura'],
    ['Mofu🌸Fan', 'mofufan', 'MofuFan'],
    ['abc', 'abc', 'abc'],
    ['B'.repeat(30), 'b'.repeat(30), 'B'.repeat(30)],
  ]
  const invalid: [label: string, input: string, username: string, message: string][] = [
    ['only spaces', '  ', '', HANDLE_MESSAGES.tooShort],
    ['only @', '@@', '', HANDLE_MESSAGES.tooShort],
    ['emoji only', '🌸🌸🌸', '', HANDLE_MESSAGES.tooShort],
    ['200 characters', 'x'.repeat(200), 'x'.repeat(200), HANDLE_MESSAGES.tooLong],
    ['2 characters', 'ab', 'ab', HANDLE_MESSAGES.tooShort],
    ['31 characters', 'y'.repeat(31), 'y'.repeat(31), HANDLE_MESSAGES.tooLong],
    ['reserved admin', 'admin', 'admin', HANDLE_MESSAGES.reserved],
    ['reserved @Account', '@Account', 'account', HANDLE_MESSAGES.reserved],
    ['reserved SETTINGS', 'SETTINGS', 'settings', HANDLE_MESSAGES.reserved],
  ]

  it.each(valid)('saves %j as %s (shown as %s)', async (input, username, displayUsername) => {
    const owner = users[1] as User
    const other = users[2] as User
    const before = await checkHandle(input)
    expect(before.status).toBe(200)
    expect(before.json).toEqual({ username, available: true, message: AVAILABLE, suggestions: [] })

    const saved = await patchProfile(owner, { handle: input })
    expect(saved.status, saved.text).toBe(200)
    expect(saved.json).toMatchObject({ username, displayUsername })
    expect(await contentOf(owner.uid)).toMatchObject({
      username,
      display_username: displayUsername,
    })

    // The owner's own handle counts as available to the owner, taken to anyone else.
    expect((await checkHandle(input, owner)).json).toEqual({
      username,
      available: true,
      message: AVAILABLE,
      suggestions: [],
    })
    const takenAnswer = { username, available: false, message: TAKEN, suggestions: SUGGESTED }
    expect((await checkHandle(input, other)).json).toEqual(takenAnswer)
    expect((await checkHandle(input)).json).toEqual(takenAnswer)
  })

  it.each(invalid)('refuses %s', async (_label, input, username, message) => {
    const user = users[3] as User
    await setUp(user, 'Steady', 'steadyhandle')
    const before = await contentOf(user.uid)

    const saved = await patchProfile(user, { name: 'Changed', handle: input })
    expect(saved.status).toBe(400)
    expect(saved.json).toEqual({
      code: 'INVALID_INPUT',
      message: 'Invalid input',
      issues: [{ field: 'handle', message }],
    })
    expect(await contentOf(user.uid)).toEqual(before)

    const checked = await checkHandle(input, user)
    expect(checked.status).toBe(200)
    // Reserved names come with IDs to use instead; a wrong length has nothing to build on.
    expect(checked.json).toEqual({
      username,
      available: false,
      message,
      suggestions: message === HANDLE_MESSAGES.reserved ? SUGGESTED : [],
    })
  })
})

describe('concurrent saves of one handle', () => {
  it(`lets exactly one of ${RACERS} users take it`, { timeout: 120_000 }, async () => {
    const racers = users.slice(0, RACERS)
    expect(racers).toHaveLength(RACERS)
    for (const [index, racer] of racers.entries()) {
      await setUp(racer, `Racer ${index}`, `racer${index}`)
    }
    const before = await Promise.all(racers.map((racer) => contentOf(racer.uid)))

    const results = await Promise.all(
      racers.map((racer, index) =>
        patchProfile(racer, {
          handle: 'Hanabi',
          name: `Winner ${index}`,
          preferences: { theme: 'dark', font: 'orbitron' },
        }),
      ),
    )

    const statuses = results.map((result) => result.status)
    expect(statuses.filter((status) => status === 200)).toHaveLength(1)
    expect(statuses.filter((status) => status === 409)).toHaveLength(RACERS - 1)
    const winner = statuses.indexOf(200)
    for (const [index, result] of results.entries()) {
      if (index === winner) {
        expect(result.json).toMatchObject({
          uid: racers[index]?.uid,
          name: `Winner ${index}`,
          username: 'hanabi',
          displayUsername: 'Hanabi',
          font: 'orbitron',
        })
      } else {
        expect(result.json).toEqual(TAKEN_BODY)
      }
    }

    const holders = await rowsWithUsername('hanabi')
    expect(holders).toEqual([{ user_id: racers[winner]?.uid }])
    const after = await Promise.all(racers.map((racer) => contentOf(racer.uid)))
    for (const [index, row] of after.entries()) {
      if (index === winner) continue
      // Nothing of a refused save is stored: name, font, preferences and old handle are as before.
      expect(row, `racer ${index}`).toEqual(before[index])
    }
  })
})

describe('a user changes only their own profile', () => {
  it('offers no way to write to another user', async () => {
    const victim = users[4] as User
    const attacker = users[5] as User
    await setUp(victim, 'Victim', 'victimhandle')
    await setUp(attacker, 'Attacker', 'attackerhandle')
    const victimBefore = await contentOf(victim.uid)

    const withUid = await patchProfile(attacker, { uid: victim.uid, name: 'Hacked' })
    expect(withUid.status).toBe(400)
    expect(withUid.json).toMatchObject({ code: 'INVALID_INPUT', message: 'Invalid input' })
    expect(await contentOf(attacker.uid)).toMatchObject({ name: 'Attacker' })

    // A user id in the query string is not a way in either.
    const withQuery = await request('PATCH', `/api/me/profile?uid=${victim.uid}`, {
      cookie: attacker.cookie,
      body: { name: 'Renamed' },
    })
    expect(withQuery.status).toBe(200)
    expect(withQuery.json).toMatchObject({ uid: attacker.uid, name: 'Renamed' })

    const attempts: [method: string, path: string][] = [
      ['PATCH', '/api/profiles/victimhandle'],
      ['PUT', '/api/profiles/victimhandle'],
      ['POST', '/api/profiles/victimhandle'],
      ['DELETE', '/api/profiles/victimhandle'],
      ['PATCH', `/api/profiles/${victim.uid}`],
      ['PATCH', `/api/users/${victim.uid}/profile`],
      ['PATCH', `/api/me/profile/${victim.uid}`],
      ['DELETE', `/api/users/${victim.uid}`],
      ['DELETE', `/api/me/${victim.uid}`],
    ]
    for (const [method, path] of attempts) {
      const body = method === 'DELETE' ? undefined : { name: 'Hacked', handle: 'hacked' }
      const response = await request(method, path, { cookie: attacker.cookie, body })
      expect(response.status, `${method} ${path}`).toBeGreaterThanOrEqual(400)
    }

    expect(await contentOf(victim.uid)).toEqual(victimBefore)
    expect((await getProfile(victim)).json).toMatchObject({
      uid: victim.uid,
      name: 'Victim',
      username: 'victimhandle',
    })
    expect((await getProfile(attacker)).json).toMatchObject({ uid: attacker.uid })
    expect(await rowsWithUsername('hacked')).toEqual([])
  })
})

describe('refused request bodies', () => {
  const cases: [label: string, call: Call, status?: number][] = [
    ['malformed JSON', asJson('{"name": "Broken",'), 400],
    ['an empty body', asJson(''), 400],
    ['JSON null', asJson('null'), 400],
    ['a JSON array', { body: [{ name: 'Listed' }] }, 400],
    ['a JSON string', { body: 'Stringy' }, 400],
    ['a number as name', { body: { name: 42 } }, 400],
    ['an array as handle', { body: { handle: ['x'] } }, 400],
    ['null as name', { body: { name: null } }, 400],
    ['an unknown font', { body: { font: 'comic-sans' } }, 400],
    ['a blank name', { body: { name: '   ' } }, 400],
    ['a name over 50 characters', { body: { name: 'n'.repeat(51) } }, 400],
    ['plan', { body: { name: 'Sneaky', plan: 'premium' } }, 400],
    ['pinCount', { body: { name: 'Sneaky', pinCount: 99 } }, 400],
    ['usedPinCount', { body: { usedPinCount: -1 } }, 400],
    ['pinResetAt', { body: { pinResetAt: '2030-01-01T00:00:00Z' } }, 400],
    ['planUntil', { body: { planUntil: '2030-01-01T00:00:00Z' } }, 400],
    ['avatar', { body: { name: 'Sneaky', avatar: 'https://evil.example/a.png' } }, 400],
    ['username', { body: { username: 'sneaky' } }, 400],
    ['uid', { body: { name: 'Sneaky', uid: 'someone-else' } }, 400],
    ['a body over 16 KB', { body: { name: 'Sneaky', handle: 'h'.repeat(17 * 1024) } }, 413],
    [
      'a body over 16 KB that is mostly whitespace',
      asJson(`{"name":"Sneaky"${' '.repeat(17 * 1024)}}`),
      413,
    ],
  ]

  it.each(cases)('refuses %s with a 4xx and stores nothing', async (_label, call, status) => {
    const user = users[6] as User
    await setUp(user, 'Unchanged', 'unchangedhandle')
    const before = await contentOf(user.uid)

    const response = await request('PATCH', '/api/me/profile', { ...call, cookie: user.cookie })
    expect(response.status).toBe(status)
    expect(response.json).toMatchObject({ code: expect.any(String), message: expect.any(String) })
    expect(await contentOf(user.uid)).toEqual(before)
  })

  it('treats an empty JSON object as a save of nothing', async () => {
    const user = users[6] as User
    await setUp(user, 'Unchanged', 'unchangedhandle')
    const before = await contentOf(user.uid)
    const response = await patchProfile(user, {})
    expect(response.status).toBe(200)
    expect(response.json).toEqual((await getProfile(user)).json)
    expect(response.json).toMatchObject({ name: 'Unchanged', username: 'unchangedhandle' })
    expect(await contentOf(user.uid)).toEqual(before)
  })

  it.each([
    ['as text/plain', 'text/plain'],
    ['as a form', 'application/x-www-form-urlencoded'],
    ['without a content type', undefined],
  ])('refuses a JSON body sent %s instead of ignoring it', async (_label, contentType) => {
    const user = users[6] as User
    await setUp(user, 'Unchanged', 'unchangedhandle')
    const before = await contentOf(user.uid)
    const response = await request('PATCH', '/api/me/profile', {
      cookie: user.cookie,
      raw: JSON.stringify({ name: 'Sent as text' }),
      headers: contentType === undefined ? {} : { 'Content-Type': contentType },
    })
    // A 200 would tell the client its save went through while nothing was stored.
    expect(response.status).toBe(415)
    expect(await contentOf(user.uid)).toEqual(before)
  })

  it('refuses a name with a NUL character, naming the problem, and stores nothing', async () => {
    const user = users[6] as User
    await setUp(user, 'Unchanged', 'unchangedhandle')
    const before = await contentOf(user.uid)
    const response = await patchProfile(user, { name: 'Petal\u0000Name' })
    expect(response.status).toBe(400)
    expect(JSON.stringify(response.json)).toContain('Please remove control characters')
    expect(await contentOf(user.uid)).toEqual(before)
  })
})

describe('case-insensitive uniqueness', () => {
  it('refuses a handle that differs from a taken one only in case or width', async () => {
    const first = users[7] as User
    const second = users[8] as User
    await setUp(second, 'Second', 'secondhandle')
    const secondBefore = await contentOf(second.uid)

    const taken = await patchProfile(first, { handle: 'Hanami' })
    expect(taken.status).toBe(200)
    expect(taken.json).toMatchObject({ username: 'hanami', displayUsername: 'Hanami' })

    for (const handle of ['hanami', '@HANAMI', 'ｈａｎａｍｉ', 'Ha-na-mi']) {
      const refused = await patchProfile(second, { name: 'Copycat', handle })
      expect(refused.status, handle).toBe(409)
      expect(refused.json).toEqual(TAKEN_BODY)
      expect((await checkHandle(handle, second)).json).toEqual({
        username: 'hanami',
        available: false,
        message: TAKEN,
        suggestions: SUGGESTED,
      })
    }
    expect(await contentOf(second.uid)).toEqual(secondBefore)
    expect(await rowsWithUsername('hanami')).toEqual([{ user_id: first.uid }])

    // The holder may change the case of their own handle.
    const recased = await patchProfile(first, { handle: 'HANAMI' })
    expect(recased.status).toBe(200)
    expect(recased.json).toMatchObject({ username: 'hanami', displayUsername: 'HANAMI' })
  })
})

describe('GET /api/profiles/:handle', () => {
  it('shows the public fields only, by handle in any case, and 404 for no one', async () => {
    const user = users[9] as User
    await setUp(user, 'Public Petal', 'PublicPetal')

    for (const handle of ['PublicPetal', 'publicpetal', '@PUBLICPETAL']) {
      const shown = await publicProfile(handle)
      expect(shown.status).toBe(200)
      expect(shown.json).toEqual({
        name: 'Public Petal',
        username: 'publicpetal',
        displayUsername: 'PublicPetal',
        avatar: '',
        avatarThumbhash: '',
        banner: '',
        bannerThumbhash: '',
        ...NO_FIELDS,
        pinned: [],
        folders: [],
      })
    }

    const missing = await publicProfile('nobodyhasthis')
    expect(missing.status).toBe(404)
    expect(missing.json).toEqual({ code: 'NOT_FOUND', message: expect.any(String) })
  })
})

describe('DELETE /api/me', () => {
  it('removes the account and its profile, and keeps the handle reserved for 30 days', async () => {
    const leaving = await createUser()
    const successor = users[10] as User
    await setUp(successor, 'Successor', 'successorhandle')
    await setUp(leaving, 'Leaving', 'Farewell')
    expect((await checkHandle('farewell')).json).toMatchObject({ available: false })

    expect((await request('DELETE', '/api/me')).status).toBe(401)

    const withoutPassword = await request('DELETE', '/api/me', { cookie: leaving.cookie })
    expect(withoutPassword.status).toBe(403)
    expect(withoutPassword.json).toEqual({
      code: 'PASSWORD_REQUIRED',
      message: AUTH_MESSAGES.passwordRequired,
    })
    const wrongPassword = await request('DELETE', '/api/me', {
      cookie: leaving.cookie,
      body: { password: 'not-the-password' },
    })
    expect(wrongPassword.status).toBe(403)
    expect(wrongPassword.json).toEqual({
      code: 'INCORRECT_PASSWORD',
      message: AUTH_MESSAGES.incorrectPassword,
    })
    // The right password in a body of 64 KB: refused unread, like every other body over its size.
    const oversized = await request('DELETE', '/api/me', {
      cookie: leaving.cookie,
      ...asJson(JSON.stringify({ password: TEST_PASSWORD }) + ' '.repeat(64 * 1024)),
    })
    expect(oversized.status).toBe(413)
    expect((await getProfile(leaving)).status).toBe(200)

    const deleted = await request('DELETE', '/api/me', {
      cookie: leaving.cookie,
      body: { password: TEST_PASSWORD },
    })
    expect(deleted.status).toBe(204)
    expect(deleted.text).toBe('')

    expect((await getProfile(leaving)).status).toBe(401)
    expect(await rowOf(leaving.uid)).toBeUndefined()
    const account = await subject.database.db
      .selectFrom('user')
      .select('id')
      .where('id', '=', leaving.uid)
      .executeTakeFirst()
    expect(account).toBeUndefined()

    const signIn = await request('POST', '/api/auth/sign-in/email', {
      ip: leaving.ip,
      body: { email: leaving.email, password: TEST_PASSWORD },
    })
    expect(signIn.status).toBe(401)

    // Reserved for 30 days with no one behind it: nobody can pass for the deleted user, and
    // nothing but the handle is kept.
    expect((await checkHandle('farewell')).json).toMatchObject({
      available: false,
      message: TAKEN,
    })
    expect((await patchProfile(successor, { handle: 'FAREWELL' })).json).toEqual(TAKEN_BODY)
    expect((await publicProfile('farewell')).status).toBe(404)
    const reserved = await subject.database.db
      .selectFrom('released_handles')
      .selectAll()
      .where('username', '=', 'farewell')
      .executeTakeFirstOrThrow()
    expect(reserved).toEqual({
      username: 'farewell',
      skeleton: 'farevvell',
      user_id: null,
      expires_at: expect.any(String),
    })
    const days = (Date.parse(reserved.expires_at) - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(29.9)
    expect(days).toBeLessThanOrEqual(30)

    await subject.database.db
      .updateTable('released_handles')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('username', '=', 'farewell')
      .execute()
    expect((await checkHandle('farewell')).json).toEqual({
      username: 'farewell',
      available: true,
      message: AVAILABLE,
      suggestions: [],
    })
    const taken = await patchProfile(successor, { handle: 'FAREWELL' })
    expect(taken.status).toBe(200)
    expect(taken.json).toMatchObject({ username: 'farewell', displayUsername: 'FAREWELL' })
    expect(await rowsWithUsername('farewell')).toEqual([{ user_id: successor.uid }])
  })
})

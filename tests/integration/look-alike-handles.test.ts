import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { handleSkeleton } from '../../src/shared/handle-skeleton'
import {
  HandleAvailabilitySchema,
  HANDLE_MESSAGES,
  passesForReserved,
  ProfilePatchSchema,
} from '../../src/shared/profile'
import { callApp } from '../support/api'
import { forgetHandleChanges } from '../support/handle-changes'
import { startSmtpCapture, type SmtpCapture } from '../support/smtp-capture'
import { createTestApp, type TestApp } from '../support/test-app'
import { createTestUser, newVisitor, type TestUser } from '../support/test-users'
import { isStorableHandle } from '../support/typed-text'

/**
 * Look-alike IDs (docs/using.md "Look-alike IDs") as an API client sees them: handles
 * whose skeleton equals another user's or a reserved name's are refused at the availability
 * check and at save, refused handles come with free suggestions, and the unique index on the
 * skeleton decides races.
 */

const TOO_SIMILAR = HANDLE_MESSAGES.tooSimilar
const TOO_SIMILAR_BODY = { code: 'HANDLE_TOO_SIMILAR', message: TOO_SIMILAR }
const USERS = 6

let smtp: SmtpCapture
let subject: TestApp
let users: TestUser[] = []

beforeAll(async () => {
  smtp = await startSmtpCapture()
  subject = await createTestApp({ smtpUrl: smtp.url })
  users = await Promise.all(
    Array.from({ length: USERS }, () => createTestUser(subject.app, smtp, newVisitor('lookalike'))),
  )
}, 120_000)
afterAll(async () => {
  await subject?.dispose()
  await smtp?.close()
})

const user = (index: number) => users[index] as TestUser

async function request(method: string, path: string, cookie?: string, body?: unknown) {
  const answer = await callApp(subject.app, path, { method, cookie, body })
  expect(answer.status, answer.text).toBeLessThan(500)
  // Every answer here is JSON: anything else fails the test.
  JSON.parse(answer.text)
  return answer
}

const save = (who: TestUser, body: unknown) => request('PATCH', '/api/me/profile', who.cookie, body)
async function check(handle: string, who?: TestUser) {
  const answer = await request('GET', `/api/handles/${encodeURIComponent(handle)}`, who?.cookie)
  expect(answer.status).toBe(200)
  return HandleAvailabilitySchema.parse(answer.json)
}

async function setHandle(who: TestUser, handle: string) {
  const saved = await save(who, { name: 'Mofu fan', handle })
  expect(saved.status, saved.text).toBe(200)
}

/**
 * Gives each user a handle of its own that no test uses, and ends every release (released
 * handles are reserved: released-handles.test.ts) and the count of changes, so a test starts
 * from known rows.
 */
async function resetHandles() {
  await forgetHandleChanges(subject)
  for (const [index, each] of users.entries()) await setHandle(each, `resting${'x'.repeat(index)}`)
  await subject.database.db.deleteFrom('released_handles').execute()
  await forgetHandleChanges(subject)
}

const storedRow = (who: TestUser) =>
  subject.database.db
    .selectFrom('profiles')
    .select(['username', 'display_username', 'name', 'handle_skeleton'])
    .where('user_id', '=', who.uid)
    .executeTakeFirstOrThrow()

/** What a refused handle's suggestions must be: one to three valid IDs, free for anyone. */
async function expectFreeSuggestions(suggestions: string[], typed: string) {
  expect(suggestions.length).toBeGreaterThanOrEqual(1)
  expect(suggestions.length).toBeLessThanOrEqual(3)
  expect(new Set(suggestions.map(handleSkeleton)).size).toBe(suggestions.length)
  for (const suggestion of suggestions) {
    expect(isStorableHandle(suggestion), suggestion).toBe(true)
    expect(passesForReserved(suggestion), suggestion).toBe(false)
    expect(suggestion.startsWith(typed.replace(/\d+$/, '').slice(0, 4)), suggestion).toBe(true)
    expect(await check(suggestion), suggestion).toMatchObject({ available: true })
  }
}

describe('a handle that passes for another user’s', () => {
  it('is refused at the availability check and at save, with suggestions', async () => {
    await resetHandles()
    const [holder, copycat] = [user(0), user(1)]
    await setHandle(holder, 'Mochi')
    // IDs the suggestions would be built as: one held, one passing for a held one.
    await setHandle(user(2), 'mochichan')
    await setHandle(user(3), 'rnochi2026')
    const before = await storedRow(copycat)

    for (const typed of ['rnochi', 'M0CHI', 'moch1', 'rn0chl', '@Mochl']) {
      const answer = await check(typed, copycat)
      expect(answer, typed).toMatchObject({ available: false, message: TOO_SIMILAR })
      await expectFreeSuggestions(answer.suggestions, answer.username)

      const saved = await save(copycat, { name: 'Copycat', handle: typed })
      expect(saved.status, typed).toBe(409)
      expect(saved.json).toEqual(TOO_SIMILAR_BODY)
    }
    // Nothing of a refused save is kept.
    expect(await storedRow(copycat)).toEqual(before)

    // The exact handle is still "taken", also with suggestions.
    const taken = await check('mochi', copycat)
    expect(taken).toMatchObject({ available: false, message: HANDLE_MESSAGES.taken })
    await expectFreeSuggestions(taken.suggestions, 'mochi')

    // A suggestion is there to be used: saving one works.
    const [suggestion] = taken.suggestions
    await setHandle(copycat, suggestion ?? '')
    expect((await storedRow(copycat)).username).toBe(suggestion)
  })

  it('stays reserved once its holder moves on, and is free when the release ends', async () => {
    await resetHandles()
    await setHandle(user(0), 'kumo')
    expect(await check('kurno', user(1))).toMatchObject({ available: false })
    await setHandle(user(0), 'sora')
    expect(await check('kurno', user(1))).toMatchObject({ available: false, message: TOO_SIMILAR })
    await subject.database.db
      .updateTable('released_handles')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('username', '=', 'kumo')
      .execute()
    expect(await check('kurno', user(1))).toEqual({
      username: 'kurno',
      available: true,
      message: HANDLE_MESSAGES.available,
      suggestions: [],
    })
    await setHandle(user(1), 'kurno')
  })
})

describe('a handle that passes for a reserved name', () => {
  it('is refused like one that passes for a user’s, the reserved name itself stays reserved', async () => {
    await resetHandles()
    for (const typed of ['adrnin', 'ADM1N', 'adm1n', 'rnofu', 'm0fu', 'supp0rt']) {
      const answer = await check(typed, user(2))
      expect(answer, typed).toMatchObject({ available: false, message: TOO_SIMILAR })
      await expectFreeSuggestions(answer.suggestions, answer.username)
      const saved = await save(user(2), { handle: typed })
      expect(saved.status, typed).toBe(409)
      expect(saved.json).toEqual(TOO_SIMILAR_BODY)
    }
    const reserved = await save(user(2), { handle: 'admin' })
    expect(reserved.status).toBe(400)
    expect(reserved.json).toMatchObject({
      issues: [{ field: 'handle', message: 'This ID is reserved' }],
    })
  })
})

describe('a user’s own handle', () => {
  it('never collides with itself, nor with a look-alike of itself', async () => {
    await resetHandles()
    const owner = user(0)
    await setHandle(owner, 'Yume')
    expect(await check('yume', owner)).toMatchObject({ available: true, suggestions: [] })
    await setHandle(owner, 'YUME')
    // Switching to a look-alike of one's own handle passes for no one else.
    expect(await check('yurne', owner)).toMatchObject({ available: true, suggestions: [] })
    await setHandle(owner, 'yurne')
    expect(await storedRow(owner)).toMatchObject({ username: 'yurne', handle_skeleton: 'yurne' })
    // `yume` is the owner's released handle now, `yurne` their current one.
    expect(await check('yume', user(1))).toMatchObject({ message: HANDLE_MESSAGES.taken })
    expect(await check('yurnE', user(1))).toMatchObject({ message: HANDLE_MESSAGES.taken })
    expect(await check('yume', owner)).toMatchObject({ available: true, suggestions: [] })
  })

  it('stays savable when it is a look-alike kept from before the rule', async () => {
    await resetHandles()
    const [earlier, kept, newcomer] = [user(0), user(1), user(2)]
    await setHandle(earlier, 'hoshi')
    // What migration 0008 leaves: a later look-alike keeps its handle with no skeleton, one that
    // passes for a reserved name keeps its skeleton.
    await subject.database.db
      .updateTable('profiles')
      .set({ username: 'h0shi', display_username: 'H0shi', handle_skeleton: null })
      .where('user_id', '=', kept.uid)
      .execute()
    await subject.database.db
      .updateTable('profiles')
      .set({ username: 'adrnin', display_username: 'adrnin', handle_skeleton: 'adrnln' })
      .where('user_id', '=', newcomer.uid)
      .execute()

    expect(await check('H0shi', kept)).toMatchObject({ available: true, suggestions: [] })
    const resaved = await save(kept, { name: 'Still here', handle: 'H0SHI' })
    expect(resaved.status, resaved.text).toBe(200)
    expect(await storedRow(kept)).toEqual({
      username: 'h0shi',
      display_username: 'H0SHI',
      name: 'Still here',
      handle_skeleton: null,
    })
    // The handle the kept one passes for is released: keeping it is still no new claim.
    await setHandle(earlier, 'hoshizora')
    const keptAgain = await save(kept, { name: 'Still here', handle: 'H0SHI' })
    expect(keptAgain.status, keptAgain.text).toBe(200)
    expect(await check('adrnin', newcomer)).toMatchObject({ available: true })
    expect((await save(newcomer, { name: 'Kept', handle: 'adrnin' })).status).toBe(200)

    // To anyone else the kept handles are taken, and look-alikes of them too similar.
    expect(await check('h0shi', user(3))).toMatchObject({ message: HANDLE_MESSAGES.taken })
    expect(await check('hoshl', user(3))).toMatchObject({ message: TOO_SIMILAR })
    expect(await check('adrnin', user(3))).toMatchObject({ message: HANDLE_MESSAGES.taken })
    expect(await check('adm1n', user(3))).toMatchObject({ message: TOO_SIMILAR })
  })
})

describe('concurrent saves of look-alike handles', () => {
  it('let exactly one user win; the others get 409 HANDLE_TOO_SIMILAR', async () => {
    await resetHandles()
    const spellings = ['momiji', 'rnomiji', 'm0miji', 'momij1', 'rnornlji', 'MOMIJl']
    for (let round = 0; round < 5; round += 1) {
      await forgetHandleChanges(subject)
      const results = await Promise.all(
        users.map((each, index) => save(each, { handle: `${spellings[index]}${round}` })),
      )
      const statuses = results.map((result) => result.status)
      expect(
        statuses.filter((status) => status === 200),
        statuses.join(),
      ).toHaveLength(1)
      for (const result of results.filter((each) => each.status !== 200)) {
        expect(result.status).toBe(409)
        expect(result.json).toEqual(TOO_SIMILAR_BODY)
      }
      const holders = await subject.database.db
        .selectFrom('profiles')
        .select('user_id')
        .where('handle_skeleton', '=', handleSkeleton(`momiji${round}`))
        .execute()
      expect(holders).toEqual([{ user_id: users[statuses.indexOf(200)]?.uid }])
    }
  })
})

describe('any sequence of saves', () => {
  // Three letters from two look-alike groups, so generated handles collide often; now and then
  // the reserved `mod` or a look-alike of it.
  const lookAlikeHandle = fc.oneof(
    {
      arbitrary: fc
        .array(fc.constantFrom('m', 'rn', 'o', '0', 'l', '1', 'i'), { minLength: 3, maxLength: 3 })
        .map((parts) => parts.join('')),
      weight: 9,
    },
    { arbitrary: fc.constantFrom('mod', 'rnod', 'm0d', 'MOD'), weight: 1 },
  )
  const step = fc.record({ who: fc.nat({ max: USERS - 1 }), handle: lookAlikeHandle })

  it('leaves no two stored handles with one skeleton; refusals and suggestions are as predicted', async () => {
    await resetHandles()
    const statuses: Record<number, number> = {}
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        for (const { who, handle } of steps) {
          const saver = user(who)
          const rows = await subject.database.db
            .selectFrom('profiles')
            .select(['user_id', 'username'])
            .execute()
          const own = rows.find((row) => row.user_id === saver.uid)?.username
          const parsed = ProfilePatchSchema.safeParse({ handle })
          const username = parsed.data?.handle?.username ?? ''
          // A handle another user released (released-handles.test.ts) is held like theirs.
          const released = await subject.database.db
            .selectFrom('released_handles')
            .select(['user_id', 'username'])
            .where('expires_at', '>', new Date().toISOString())
            .execute()
          const lookAlikeOfOthers = [...rows, ...released].some(
            (row) =>
              row.user_id !== saver.uid &&
              row.username !== null &&
              handleSkeleton(row.username) === handleSkeleton(username),
          )
          const expected = !parsed.success
            ? 400
            : username !== own && (lookAlikeOfOthers || passesForReserved(username))
              ? 409
              : 200

          const answer = await check(handle, saver)
          expect(answer.available, handle).toBe(expected === 200)
          if (expected === 409) await expectFreeSuggestions(answer.suggestions, username)

          // Far more changes than the limit allows: each as if the ones before were long ago.
          await forgetHandleChanges(subject)
          const saved = await save(saver, { handle })
          statuses[saved.status] = (statuses[saved.status] ?? 0) + 1
          expect(saved.status, `${handle}: ${saved.text}`).toBe(expected)
        }
        const stored = await subject.database.db
          .selectFrom('profiles')
          .select(['username', 'handle_skeleton'])
          .where('username', 'is not', null)
          .execute()
        const skeletons = stored.map((row) => handleSkeleton(row.username ?? ''))
        expect(new Set(skeletons).size, JSON.stringify(stored)).toBe(stored.length)
        expect(stored.map((row) => row.handle_skeleton)).toEqual(skeletons)
        // No one holds a handle that passes for another user's live release.
        const reservedFromOthers = await subject.database.db
          .selectFrom('profiles')
          .innerJoin('released_handles', 'released_handles.skeleton', 'profiles.handle_skeleton')
          .select('profiles.username')
          .whereRef('released_handles.user_id', '!=', 'profiles.user_id')
          .where('released_handles.expires_at', '>', new Date().toISOString())
          .execute()
        expect(reservedFromOthers).toEqual([])
      }),
      { numRuns: 30 },
    )
    // Each outcome came up often enough to mean something.
    expect(statuses[200]).toBeGreaterThan(10)
    expect(statuses[409]).toBeGreaterThan(10)
  }, 120_000)
})

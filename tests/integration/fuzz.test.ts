import { NotMeRequestSchema } from '../../src/shared/account-recovery'
import fc from 'fast-check'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { AVATAR_MAX_BYTES, AVATAR_UPLOAD_TYPES } from '../../src/shared/avatar'
import {
  BulkMoveSchema,
  BulkRemoveSchema,
  FolderPatchSchema,
  LikePatchSchema,
  LikePutSchema,
  NewFolderSchema,
} from '../../src/shared/board'
import { ChangeEmailRequestSchema, ConfirmEmailChangeSchema } from '../../src/shared/email-change'
import { CalendarFeedChangeSchema } from '../../src/shared/episodes'
import { ResetCodeCheckSchema } from '../../src/shared/password-reset'
import { PinPatchSchema, PinPutSchema } from '../../src/shared/plans'
import { PageViewSchema } from '../../src/shared/page-view'
import { ClientErrorSchema } from '../../src/shared/client-error-schema'
import { handleSkeleton } from '../../src/shared/handle-skeleton'
import { passesForReserved, ProfilePatchSchema, type Profile } from '../../src/shared/profile'
import { ACCENT_NAMES, FRAMES, LinkCheckRequestSchema } from '../../src/shared/profile-fields'
import { callApp, type Answer } from '../support/api'
import { authEndpoints, fieldsOf } from '../support/auth-endpoints'
import { forgetHandleChanges } from '../support/handle-changes'
import { startSmtpCapture, type SmtpCapture } from '../support/smtp-capture'
import { createTestApp, type TestApp } from '../support/test-app'
import { createTestUser, newVisitor, TEST_PASSWORD, type TestUser } from '../support/test-users'
import { handleText, isStorableHandle, nameText, spelledAsTyped } from '../support/typed-text'

/**
 * Generated input against the real app: thousands of profile saves with generated
 * names and handles, and malformed, wrong-typed and oversized requests on every route: Mofu's
 * own, read from the app's route table, and Better Auth's, read from its endpoint list.
 *
 * What a route must answer, by method (and never a 5xx, whatever is sent):
 * - POST, PUT and PATCH read a body. Invalid JSON, an empty body and one over the limit get a
 *   4xx, and so does JSON of the wrong shape wherever the route declares a body (all of Mofu's,
 *   and Better Auth's endpoints with a body schema). Better Auth's few POST endpoints without
 *   one ignore a well-formed body and answer as usual.
 * - DELETE takes no body: one sent is ignored and the answer is the usual one.
 * - GET cannot carry a body (the Fetch API refuses one, and @hono/node-server drops one sent
 *   over HTTP): its input is the path and the query string, generated instead.
 */

const ORIGIN = 'http://localhost:3000'
const SAVE_RUNS = 1000
const BODY_RUNS = 200
const URL_RUNS = 300
const UPLOAD_RUNS = 100
/** Enough users that none uploads more than 9 times (the limit is 10 a minute). */
const UPLOADERS = 12
/** The handle another user holds while the generated saves run. */
const HELD = 'hanabira'
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH'])
/** Where the app mounts Better Auth; its endpoints below it come from the auth instance. */
const AUTH_MOUNT = '/api/auth/*'
/** Each of Mofu's own JSON body routes: its schema and a body it takes. */
const MOFU_BODIES: Record<string, { schema: z.core.$ZodType; valid: Record<string, string> }> = {
  'PATCH /api/me/profile': {
    schema: ProfilePatchSchema,
    valid: { name: 'Sakura', handle: 'sakura' },
  },
  'POST /api/events/page-view': { schema: PageViewSchema, valid: { path: '/', referrer: '/' } },
  'POST /api/events/client-error': {
    schema: ClientErrorSchema,
    valid: { kind: 'caught', name: 'Error', message: 'x', componentStack: '0123abcd', path: '/' },
  },
  'POST /api/password-reset/verify': {
    schema: ResetCodeCheckSchema,
    valid: { code: 'no-such-code' },
  },
  'POST /api/me/email': {
    schema: ChangeEmailRequestSchema,
    valid: { newEmail: 'fuzz-new@mofu.test', password: 'not-the-password' },
  },
  'POST /api/email-change/confirm': {
    schema: ConfirmEmailChangeSchema,
    valid: { code: 'no-such-code' },
  },
  'POST /api/me/activity/not-me': { schema: NotMeRequestSchema, valid: { id: 'no-such-entry' } },
  'POST /api/me/profile/links/check': { schema: LinkCheckRequestSchema, valid: {} },
  'PUT /api/me/likes/:id': { schema: LikePutSchema, valid: { note: 'Again soon' } },
  'PATCH /api/me/likes/:id': { schema: LikePatchSchema, valid: { note: 'Again soon' } },
  'PUT /api/me/likes/:id/pin': { schema: PinPutSchema, valid: {} },
  'PATCH /api/me/likes/:id/pin': { schema: PinPatchSchema, valid: {} },
  'POST /api/me/likes/move': { schema: BulkMoveSchema, valid: {} },
  'POST /api/me/likes/remove': { schema: BulkRemoveSchema, valid: {} },
  'POST /api/me/folders': { schema: NewFolderSchema, valid: { name: 'Favourites' } },
  'PATCH /api/me/folders/:id': { schema: FolderPatchSchema, valid: { name: 'Favourites' } },
  'POST /api/me/calendar': { schema: CalendarFeedChangeSchema, valid: { feed: 'new' } },
}
/** Mofu's body routes that take image bytes, not JSON. */
const IMAGE_UPLOADS = ['PUT /api/me/avatar', 'PUT /api/me/banner']
/** Mofu's body routes that take a file of another kind (board-import.test.ts fuzzes it). */
const FILE_UPLOADS = ['POST /api/me/likes/import']
const INVALID_JSON = '{"name": "Broken",'
const OVERSIZED = `{"pad":"${'x'.repeat(3 * 1024 * 1024)}"}`

interface Route {
  method: string
  /** As the app declares it, with :params. */
  template: string
  /** Whether JSON of the wrong shape must be refused (see above). */
  declaresBody: boolean
  /** The body's field names: none without a schema, undefined for a schema of any names. */
  fields: string[] | undefined
  /** A body the route takes, for Mofu's own JSON routes. */
  valid?: Record<string, string>
}

interface Sent {
  cookie?: string
  body?: string | Uint8Array<ArrayBuffer>
  /** application/json unless given; null sends none. */
  contentType?: string | null
}

let smtp: SmtpCapture
let subject: TestApp

beforeAll(async () => {
  smtp = await startSmtpCapture()
  subject = await createTestApp({ smtpUrl: smtp.url })
}, 60_000)
afterAll(async () => {
  await subject?.dispose()
  await smtp?.close()
})

const newUser = (): Promise<TestUser> => createTestUser(subject.app, smtp, newVisitor('fuzz'))

/**
 * A request from an address of its own (callApp's), so no rate limit answers in the route's
 * place, its body sent as it is.
 */
function send(method: string, path: string, sent: Sent = {}): Promise<Answer> {
  const contentType = sent.contentType === undefined ? 'application/json' : sent.contentType
  return callApp(subject.app, path, {
    method,
    cookie: sent.cookie,
    raw: sent.body,
    headers: contentType === null || sent.body === undefined ? {} : { 'Content-Type': contentType },
  })
}

async function profileOf(user: TestUser): Promise<Profile> {
  const answer = await send('GET', '/api/me/profile', { cookie: user.cookie })
  expect(answer.status, answer.text).toBe(200)
  return JSON.parse(answer.text) as Profile
}

/** Whether text parses as JSON. */
function isJson(text: string): boolean {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

/** Every route the app answers, method by method. */
function routesOf(testApp: TestApp): Route[] {
  const endpoints = authEndpoints(testApp.auth)
  const routes = new Map<string, Route>()
  for (const { method, path } of testApp.app.routes) {
    // ALL is middleware that runs on every path.
    if (method === 'ALL') continue
    if (path === AUTH_MOUNT) {
      for (const endpoint of endpoints) {
        if (!endpoint.methods.includes(method)) continue
        const template = `${AUTH_MOUNT.slice(0, -2)}${endpoint.path}`
        routes.set(`${method} ${template}`, {
          method,
          template,
          declaresBody: endpoint.body !== undefined,
          fields: fieldsOf(endpoint.body),
        })
      }
      continue
    }
    const body = MOFU_BODIES[`${method} ${path}`]
    routes.set(`${method} ${path}`, {
      method,
      template: path,
      declaresBody: BODY_METHODS.has(method),
      fields: fieldsOf(body?.schema),
      valid: body?.valid,
    })
  }
  return [...routes.values()]
}

/** The route's path with each parameter filled in. */
const pathOf = (route: Route, param = 'sakura123') => route.template.replace(/:\w+/g, () => param)

describe('profile saves with generated names and handles', () => {
  it(
    'never fail, store only handles within the rules and lose nothing on a refusal',
    { timeout: 180_000 },
    async () => {
      const owner = await newUser()
      const holder = await newUser()
      const held = await send('PATCH', '/api/me/profile', {
        cookie: holder.cookie,
        body: JSON.stringify({ handle: HELD }),
      })
      expect(held.status, held.text).toBe(200)

      const wrongType = fc.jsonValue({ maxDepth: 1 })
      const patch = fc.record(
        {
          name: fc.oneof({ arbitrary: nameText, weight: 12 }, wrongType),
          handle: fc.oneof(
            { arbitrary: handleText, weight: 10 },
            { arbitrary: spelledAsTyped(HELD), weight: 4 },
            wrongType,
          ),
          preferences: fc.record({
            font: fc.oneof(
              { arbitrary: fc.constantFrom('orbitron', 'default'), weight: 4 },
              fc.constantFrom('Orbitron', '', 'comic-sans'),
            ),
          }),
          bio: fc.oneof(
            { arbitrary: fc.string({ unit: 'grapheme', maxLength: 310 }), weight: 20 },
            fc.string({ unit: 'binary', maxLength: 40 }),
            wrongType,
          ),
          pronouns: fc.oneof(
            { arbitrary: fc.string({ unit: 'grapheme', maxLength: 42 }), weight: 20 },
            wrongType,
          ),
          links: fc.oneof(
            {
              arbitrary: fc.array(
                fc.record({
                  label: fc.oneof(
                    {
                      arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }),
                      weight: 6,
                    },
                    fc.string({ unit: 'binary', maxLength: 50 }),
                  ),
                  url: fc.oneof(
                    { arbitrary: fc.webUrl({ validSchemes: ['https'] }), weight: 12 },
                    fc.webUrl({ validSchemes: ['http', 'ftp'] }),
                    fc.string(),
                  ),
                }),
                { maxLength: 5 },
              ),
              weight: 20,
            },
            wrongType,
          ),
          accent: fc.oneof(
            { arbitrary: fc.constantFrom(...ACCENT_NAMES, ''), weight: 12 },
            fc.constantFrom('Sakura', '#ff0000', 'none'),
          ),
          frame: fc.oneof(
            { arbitrary: fc.constantFrom(...FRAMES, ''), weight: 12 },
            fc.constantFrom('none', '../frames/sakura', 'Stars'),
          ),
          noindex: fc.oneof(
            { arbitrary: fc.boolean(), weight: 12 },
            fc.constantFrom('true', 1, null),
          ),
        },
        { requiredKeys: [] },
      )
      const statuses: Record<number, number> = {}
      let stored = await profileOf(owner)
      await fc.assert(
        fc.asyncProperty(patch, async (body) => {
          // Thousands of changes of handle: each as if the ones before were long ago.
          await forgetHandleChanges(subject)
          const saved = await send('PATCH', '/api/me/profile', {
            cookie: owner.cookie,
            body: JSON.stringify(body),
          })
          const before = stored
          stored = await profileOf(owner)
          statuses[saved.status] = (statuses[saved.status] ?? 0) + 1
          expect(saved.status, saved.text).toBeLessThan(500)

          // The server answers as the shared schema, the one the edit form checks with, says.
          const expected = ProfilePatchSchema.safeParse(body)
          if (!expected.success) {
            expect(saved.status, saved.text).toBe(400)
            expect(stored).toEqual(before)
            return
          }
          const { name, handle, preferences, bio, pronouns, links, accent, frame, noindex } =
            expected.data
          const font = preferences?.font
          const fields = { bio, pronouns, links, accent, frame, noindex }
          // HELD, a look-alike of it or of a reserved name: refused as taken or too similar.
          if (
            handle !== undefined &&
            (handleSkeleton(handle.username) === handleSkeleton(HELD) ||
              passesForReserved(handle.username))
          ) {
            expect(saved.status, saved.text).toBe(409)
            expect(stored).toEqual(before)
            return
          }
          expect(saved.status, saved.text).toBe(200)
          expect(JSON.parse(saved.text)).toEqual(stored)
          expect(stored).toEqual({
            ...before,
            ...(name === undefined ? {} : { name }),
            ...handle,
            // The font kept among the preferences is the profile's.
            ...(font === undefined ? {} : { font, preferences: { ...before.preferences, font } }),
            ...Object.fromEntries(
              Object.entries(fields).filter(([, value]) => value !== undefined),
            ),
          })
          expect(stored.username === '' || isStorableHandle(stored.username)).toBe(true)
          expect(stored.displayUsername.toLowerCase()).toBe(stored.username)
        }),
        { numRuns: SAVE_RUNS },
      )
      // Each outcome came up often enough to mean something. The generator yields about 13%
      // saved, 81% refused and 6% taken; each bound sits over five standard deviations below.
      expect(statuses[200]).toBeGreaterThan(SAVE_RUNS / 16)
      expect(statuses[400]).toBeGreaterThan(SAVE_RUNS / 8)
      expect(statuses[409]).toBeGreaterThan(SAVE_RUNS / 50)

      const rows = await subject.database.db
        .selectFrom('profiles')
        .select(['username', 'display_username'])
        .execute()
      expect(rows.length).toBeGreaterThanOrEqual(2)
      for (const row of rows) {
        expect(row.username === null || isStorableHandle(row.username), String(row.username)).toBe(
          true,
        )
        expect(row.display_username?.toLowerCase() ?? null).toBe(row.username)
      }
    },
  )
})

describe('malformed requests on every route', () => {
  let routes: Route[]
  /** Every field name some route's body has. */
  let allFields: string[]
  let account: TestUser

  beforeAll(async () => {
    routes = routesOf(subject)
    allFields = [...new Set(routes.flatMap((route) => route.fields ?? []))]
    account = await newUser()
  }, 30_000)

  /** Whether a request since the last check may have ended the session. */
  let sessionInDoubt = false

  /** Sends signed out, or as `account`: signed in again (or a new user) if its session is gone. */
  async function sendAs(signedIn: boolean, method: string, path: string, sent: Sent = {}) {
    if (!signedIn) return send(method, path, sent)
    if (sessionInDoubt) await renewSession()
    const answer = await send(method, path, { ...sent, cookie: account.cookie })
    // GET is safe and a refused request changes nothing; anything else may have ended it.
    if (method !== 'GET' && answer.status < 400) sessionInDoubt = true
    return answer
  }

  async function renewSession(): Promise<void> {
    sessionInDoubt = false
    const session = await send('GET', '/api/auth/get-session', { cookie: account.cookie })
    if (JSON.parse(session.text) !== null) return
    const again = await send('POST', '/api/auth/sign-in/email', {
      body: JSON.stringify({ email: account.email, password: TEST_PASSWORD }),
    })
    account = again.status === 200 ? { ...account, cookie: again.cookie } : await newUser()
  }

  /** Sends to the route signed out, then signed in; returns what went against the rules. */
  async function tryBoth(
    route: Route,
    label: string,
    sent: Sent,
    allowed: (status: number) => boolean,
  ): Promise<string[]> {
    const wrong: string[] = []
    for (const signedIn of [false, true]) {
      const answer = await sendAs(signedIn, route.method, pathOf(route), sent)
      if (answer.status >= 500 || !allowed(answer.status)) {
        const session = signedIn ? 'signed in' : 'signed out'
        const text = answer.text.slice(0, 200)
        wrong.push(
          `${route.method} ${route.template} with ${label}, ${session}: ${answer.status} ${text}`,
        )
      }
    }
    return wrong
  }

  /** The route's body fields, or for a body of any fields (or of no JSON), all there are. */
  const fieldsFor = (route: Route) => (route.fields?.length ? route.fields : allFields)
  const refused = (status: number) => status >= 400
  const answered = () => true

  it("finds Mofu's routes and Better Auth's endpoints", () => {
    const found = routes.map((route) => `${route.method} ${route.template}`)
    expect(found).toEqual(
      expect.arrayContaining([
        'GET /api/me/profile',
        'PATCH /api/me/profile',
        'DELETE /api/me',
        'PUT /api/me/avatar',
        'GET /media/avatars/:uid',
        'PUT /api/me/banner',
        'GET /media/banners/:uid',
        'GET /api/anime/search',
        'GET /api/anime/:id',
        'GET /api/me/likes',
        'PUT /api/me/likes/:id',
        'DELETE /api/me/likes/:id',
        'PATCH /api/me/likes/:id',
        'POST /api/me/likes/move',
        'POST /api/me/likes/remove',
        'POST /api/me/folders',
        'PATCH /api/me/folders/:id',
        'DELETE /api/me/folders/:id',
        'GET /api/me/episodes',
        'POST /api/me/calendar',
        'GET /calendar/:file',
        'POST /api/events/page-view',
        'POST /api/events/client-error',
        'POST /api/password-reset/verify',
        'POST /api/auth/sign-up/email',
        'POST /api/auth/sign-in/email',
        'GET /api/auth/verify-email',
        'GET /api/auth/reset-password/:token',
        'GET /api/auth/passkey/generate-register-options',
        'POST /api/auth/passkey/verify-registration',
        'GET /api/auth/passkey/generate-authenticate-options',
        'POST /api/auth/passkey/verify-authentication',
        'GET /api/auth/passkey/list-user-passkeys',
        'POST /api/auth/passkey/delete-passkey',
        'POST /api/auth/remove-password',
        'POST /api/auth/two-factor/enable',
        'POST /api/auth/two-factor/disable',
        'POST /api/auth/two-factor/verify-totp',
        'POST /api/auth/two-factor/verify-backup-code',
      ]),
    )
    expect(found.filter((route) => route.startsWith('POST /api/auth/')).length).toBeGreaterThan(15)
    // A new JSON route of Mofu's needs its schema listed above to get fields to send.
    const mofuBodies = routes.filter(
      (route) => BODY_METHODS.has(route.method) && !route.template.startsWith('/api/auth/'),
    )
    expect(mofuBodies.map((route) => `${route.method} ${route.template}`).sort()).toEqual(
      [...Object.keys(MOFU_BODIES), ...IMAGE_UPLOADS, ...FILE_UPLOADS].sort(),
    )
  })

  it(
    'refuses malformed, wrong-typed and oversized bodies with a 4xx',
    { timeout: 120_000 },
    async () => {
      const malformed: [label: string, body: string | Uint8Array<ArrayBuffer>][] = [
        ['invalid JSON', INVALID_JSON],
        ['a truncated string', '{"email": "sakura@mofu'],
        ['an empty body', ''],
        ['bytes that are not UTF-8', new Uint8Array([0x7b, 0xff, 0xfe, 0x00, 0x7d])],
        ['a body of a few MB', OVERSIZED],
      ]
      // Fields of the wrong type: all at once, or one by one for a schema of any names (so
      // one refused early hides no other).
      const wrongFields = (route: Route): string[][] =>
        route.fields === undefined ? allFields.map((field) => [field]) : [fieldsFor(route)]
      const wrongTypes = (route: Route): [label: string, body: string][] => [
        ['a JSON array', '[{"name":"Sakura"}]'],
        ['a JSON number', '42'],
        ['JSON null', 'null'],
        ['a JSON string', '"sakura"'],
        ['JSON true', 'true'],
        ...wrongFields(route).map((fields): [string, string] => [
          `wrong-typed ${fields.join(', ')}`,
          JSON.stringify(Object.fromEntries(fields.map((field) => [field, [42]]))),
        ]),
      ]
      const wrong: string[] = []
      for (const route of routes) {
        if (route.method === 'GET') continue
        if (route.method === 'DELETE') {
          // No body to read: the route answers as usual (and DELETE /api/me ends the account).
          wrong.push(...(await tryBoth(route, 'invalid JSON', { body: INVALID_JSON }, answered)))
          continue
        }
        for (const [label, body] of malformed) {
          wrong.push(...(await tryBoth(route, label, { body }, refused)))
        }
        for (const [label, body] of wrongTypes(route)) {
          wrong.push(
            ...(await tryBoth(route, label, { body }, route.declaresBody ? refused : answered)),
          )
        }
      }
      expect(wrong).toEqual([])
    },
  )

  it(
    'refuses a NUL character anywhere in an auth request with a 400',
    { timeout: 60_000 },
    async () => {
      const wrong: string[] = []
      for (const route of routes) {
        if (!route.template.startsWith('/api/auth/')) continue
        const nul = `${pathOf(route)}?token=sakura%00&callbackURL=%2F`
        const answer = await sendAs(true, route.method, nul)
        if (answer.status !== 400) wrong.push(`${route.method} ${nul}: ${answer.status}`)
        if (route.method !== 'POST') continue
        const body = JSON.stringify(
          Object.fromEntries(fieldsFor(route).map((field) => [field, '/sakura\u0000'])),
        )
        const posted = await sendAs(true, 'POST', pathOf(route), { body })
        if (posted.status !== 400) wrong.push(`POST ${route.template} ${body}: ${posted.status}`)
      }
      expect(wrong).toEqual([])
    },
  )

  it("answers a NUL character in any field of Mofu's JSON bodies without a 5xx", async () => {
    const wrong: string[] = []
    for (const { method, template, valid } of routes) {
      for (const [field, value] of Object.entries(valid ?? {})) {
        const body = JSON.stringify({ ...valid, [field]: `${value}\u0000` })
        const answer = await sendAs(true, method, template, { body })
        if (answer.status >= 500) wrong.push(`${method} ${template} ${body}: ${answer.status}`)
      }
    }
    expect(wrong).toEqual([])
  })

  it('answers generated bodies on every route without a 5xx', { timeout: 120_000 }, async () => {
    const bodyRoutes = routes.filter((route) => route.method !== 'GET')
    const value = fc.oneof(
      fc.jsonValue({ maxDepth: 2 }),
      handleText,
      fc.constantFrom('/', ORIGIN, TEST_PASSWORD, 'orbitron', '/sakura\u0000', 'a@mofu.test'),
      fc.nat().map((n) => `fuzz-body${n}@mofu.test`),
    )
    const bodyFor = (route: Route) =>
      fc.oneof(
        fc
          .dictionary(fc.constantFrom(...fieldsFor(route)), value)
          .map((body) => JSON.stringify(body)),
        fc.jsonValue().map((body) => JSON.stringify(body)),
        fc.tuple(fc.jsonValue(), fc.nat()).map(([body, cut]) => {
          const text = JSON.stringify(body)
          return text.slice(0, cut % (text.length + 1))
        }),
        fc.string({ unit: 'binary', maxLength: 200 }),
      )
    const request = fc.constantFrom(...bodyRoutes).chain((route) =>
      fc.record({
        route: fc.constant(route),
        body: bodyFor(route),
        contentType: fc.constantFrom(
          'application/json',
          'application/json; charset=utf-8',
          'application/x-www-form-urlencoded',
          'text/plain',
          'multipart/form-data; boundary=sakura',
          null,
        ),
        signedIn: fc.boolean(),
      }),
    )
    await fc.assert(
      fc.asyncProperty(request, async ({ route, body, contentType, signedIn }) => {
        const answer = await sendAs(signedIn, route.method, pathOf(route), { body, contentType })
        expect(answer.status, `${route.method} ${route.template}: ${answer.text}`).toBeLessThan(500)
        if (
          BODY_METHODS.has(route.method) &&
          contentType?.startsWith('application/json') &&
          !isJson(body)
        ) {
          expect(answer.status, `${route.method} ${route.template}`).toBeGreaterThanOrEqual(400)
        }
      }),
      { numRuns: BODY_RUNS },
    )
  })

  it(
    'answers generated path parameters and query strings without a 5xx',
    { timeout: 120_000 },
    async () => {
      const getRoutes = routes.filter((route) => route.method === 'GET')
      const queryNames = [
        ...new Set(
          authEndpoints(subject.auth).flatMap((endpoint) => fieldsOf(endpoint.query) ?? []),
        ),
        'v',
      ]
      // Raw URL text: percent escapes of any byte (so broken UTF-8 and %00 too) among plain text.
      const urlText = fc
        .array(
          fc.oneof(
            fc.string({ unit: 'grapheme', minLength: 1, maxLength: 4 }).map(encodeURIComponent),
            fc
              .integer({ min: 0, max: 255 })
              .map((byte) => `%${byte.toString(16).padStart(2, '0')}`),
            fc.constantFrom('%', '%E0%A4', '..', '%2F', '/', '+', '=', '&', '@', 'sakura'),
          ),
          { maxLength: 12 },
        )
        .map((parts) => parts.join(''))
      const query = fc
        .array(fc.tuple(fc.oneof(fc.constantFrom(...queryNames), urlText), urlText), {
          maxLength: 4,
        })
        .map((pairs) => pairs.map(([name, text]) => `${name}=${text}`).join('&'))
      const request = fc.record({
        route: fc.constantFrom(...getRoutes),
        param: urlText.filter((text) => text !== '' && !text.includes('/')),
        query,
        signedIn: fc.boolean(),
      })
      await fc.assert(
        fc.asyncProperty(request, async ({ route, param, query: search, signedIn }) => {
          const path = `${pathOf(route, param)}?${search}`
          const answer = await sendAs(signedIn, 'GET', path)
          expect(answer.status, `GET ${path}: ${answer.text}`).toBeLessThan(500)
        }),
        { numRuns: URL_RUNS },
      )
    },
  )
})

describe('avatar and banner uploads of generated bytes', () => {
  const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
  /** How JPEG, PNG and WebP files start (so the bytes get past the type check), or nothing. */
  const MAGIC = [[0xff, 0xd8, 0xff], PNG_MAGIC, [...Buffer.from('RIFF\0\0\0\0WEBP')], []]

  it(
    'refuses garbage, mislabelled and oversized uploads and keeps the avatar',
    { timeout: 120_000 },
    async () => {
      const user = await newUser()
      const image = await sharp({
        create: { width: 64, height: 64, channels: 3, background: '#f5a0c0' },
      })
        .png()
        .toBuffer()
      const uploaded = await send('PUT', '/api/me/avatar', {
        cookie: user.cookie,
        body: new Uint8Array(image),
        contentType: 'image/png',
      })
      expect(uploaded.status, uploaded.text).toBe(200)
      const avatar = (await profileOf(user)).avatar
      expect(avatar).toMatch(/^http/)
      const served = async () => (await callApp(subject.app, new URL(avatar).pathname)).bytes
      const stored = await served()
      expect(stored.length).toBeGreaterThan(0)

      const oversized = new Uint8Array(AVATAR_MAX_BYTES + 1024 * 1024)
      oversized.set(PNG_MAGIC)
      for (const contentType of AVATAR_UPLOAD_TYPES) {
        const answer = await send('PUT', '/api/me/avatar', {
          cookie: user.cookie,
          body: oversized,
          contentType,
        })
        expect(answer.status, answer.text).toBe(413)
      }

      const upload = fc.record({
        bytes: fc
          .tuple(fc.constantFrom(...MAGIC), fc.uint8Array({ maxLength: 2048 }))
          .map(([magic, rest]) => new Uint8Array([...magic, ...rest])),
        contentType: fc.constantFrom(
          ...AVATAR_UPLOAD_TYPES,
          'image/png; charset=utf-8',
          'image/svg+xml',
          'image/gif',
          'application/json',
          'application/octet-stream',
          null,
        ),
      })
      // Users take turns: each may upload only 10 times a minute.
      const uploaders: TestUser[] = []
      for (let count = 0; count < UPLOADERS; count++) uploaders.push(await newUser())
      let run = 0
      await fc.assert(
        fc.asyncProperty(upload, async ({ bytes, contentType }) => {
          // Avatars and banners in turn: the same checks stand before both.
          const path = run % 2 === 0 ? '/api/me/avatar' : '/api/me/banner'
          const uploader = uploaders[run++ % UPLOADERS] ?? user
          const answer = await send('PUT', path, {
            cookie: uploader.cookie,
            body: bytes,
            contentType,
          })
          expect(answer.status, answer.text).toBeGreaterThanOrEqual(400)
          expect(answer.status, answer.text).toBeLessThan(500)
          expect(answer.status, 'a refusal of the bytes, not of the rate').not.toBe(429)
        }),
        { numRuns: UPLOAD_RUNS },
      )

      for (const uploader of uploaders) {
        expect(await profileOf(uploader)).toMatchObject({ avatar: '', banner: '' })
      }
      expect((await profileOf(user)).avatar).toBe(avatar)
      expect((await served()).equals(stored)).toBe(true)
    },
  )
})

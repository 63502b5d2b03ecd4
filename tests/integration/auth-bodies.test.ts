import { beforeAll, describe, expect, it } from 'vitest'
import { SERVER_MESSAGES, SERVER_MESSAGES_JA } from '../../src/server/http/messages'
import { ApiErrorSchema } from '../../src/shared/api-error'
import { callApp, callAuth, cookiesOf } from '../support/api'
import { appWithMail } from '../support/app-with-mail'
import {
  authEndpoints,
  authPath,
  shapeOf,
  takesString,
  type AuthEndpoint,
} from '../support/auth-endpoints'
import { newVisitor, TEST_PASSWORD, type TestUser } from '../support/test-users'

/**
 * One reading of every body sent to Better Auth (docs/security.md "Request bodies"): each route
 * that takes a body, listed from Better Auth's own endpoints, is sent a plain body and the same
 * body with each trick that could make it read one way at Mofu's edge and another in Better
 * Auth. A field given twice is refused with 400 on every route, in either encoding and either
 * order; every other trick is refused with 400 or answered as the plain body was, just before.
 */

const JSON_TYPE = 'application/json'
const FORM_TYPE = 'application/x-www-form-urlencoded'
const file = appWithMail('bodies', { google: true })

type Fields = [name: string, value: string][]

interface Sent {
  contentType?: string
  body: string | FormData
}

interface Answer {
  status: number
  /** The error body's, '' for any other answer. */
  code: string
  message: string
  text: string
}

/** The JSON an answer holds, or null for another (a redirect, an empty answer). */
function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

/** One `"name":"value"` of a JSON object, so a test can write one JSON.stringify would not. */
const member = ([name, value]: [string, string]) =>
  `${JSON.stringify(name)}:${JSON.stringify(value)}`
const object = (members: string[]) => `{${members.join(',')}}`
const asJson = (fields: Fields) => object(fields.map(member))
const asForm = (fields: Fields) => new URLSearchParams(fields).toString()
const json = (fields: Fields, contentType: string): Sent => ({ contentType, body: asJson(fields) })
const asMultipart = (fields: Fields) => {
  const form = new FormData()
  for (const [name, value] of fields) form.append(name, value)
  return form
}

/** A name spelled another way that reads as the same name: `\u0065mail`, `%65mail`. */
const jsonSpelling = (name: string) =>
  `"\\u${name.charCodeAt(0).toString(16).padStart(4, '0')}${name.slice(1)}"`
const formSpelling = (name: string) =>
  `%${name.charCodeAt(0).toString(16).toUpperCase()}${encodeURIComponent(name.slice(1))}`

/** The same fields each way they could be read twice; each must be refused. */
function repeated(plain: Fields): [label: string, sent: Sent][] {
  // A route without string fields still must not take one twice.
  const fields: Fields = plain.length > 0 ? plain : [['callbackURL', '/']]
  const [first = ['', ''], ...rest] = fields
  const [name] = first
  const decoy: [string, string] = [name, name === 'email' ? 'decoy@mofu.test' : `decoy-${name}`]
  const orders: [string, Fields][] = [
    ['decoy first', [decoy, ...rest, first]],
    ['decoy last', [first, ...rest, decoy]],
  ]
  return [
    ...orders.flatMap(([order, sent]): [string, Sent][] => [
      [`${name} twice as JSON, ${order}`, { contentType: JSON_TYPE, body: asJson(sent) }],
      [`${name} twice as a form, ${order}`, { contentType: FORM_TYPE, body: asForm(sent) }],
    ]),
    [
      `${name} and ${jsonSpelling(name)} as JSON`,
      {
        contentType: JSON_TYPE,
        body: object([...fields.map(member), `${jsonSpelling(name)}:${JSON.stringify(decoy[1])}`]),
      },
    ],
    [
      `${name} and ${formSpelling(name)} as a form`,
      {
        contentType: FORM_TYPE,
        body: `${asForm(fields)}&${formSpelling(name)}=${encodeURIComponent(decoy[1])}`,
      },
    ],
    [
      'a field twice inside a nested object',
      {
        contentType: JSON_TYPE,
        body: object(['"response":{"id":"one","id":"two"}', ...rest.map(member)]),
      },
    ],
  ]
}

/**
 * The same fields sent each other way: refused with 400 or read as the plain JSON body; those
 * marked `plain` are the plain body by their media type, and must be read as it.
 */
const DISGUISES: [label: string, dress: (fields: Fields) => Sent, plain?: 'plain'][] = [
  ['JSON with a charset', (fields) => json(fields, `${JSON_TYPE}; charset=utf-8`), 'plain'],
  ['JSON in capitals', (fields) => json(fields, 'Application/JSON'), 'plain'],
  [
    'JSON naming a form in a parameter',
    (fields) => json(fields, `${JSON_TYPE}; x=${FORM_TYPE}`),
    'plain',
  ],
  ['JSON under a +json type', (fields) => json(fields, 'application/vnd.mofu+json')],
  ['JSON under a form type', (fields) => json(fields, FORM_TYPE)],
  ['JSON under an empty type', (fields) => json(fields, '')],
  ['JSON with no type (sent as text)', (fields) => ({ body: asJson(fields) })],
  ['a form', (fields) => ({ contentType: FORM_TYPE, body: asForm(fields) })],
  ['a form under the JSON type', (fields) => ({ contentType: JSON_TYPE, body: asForm(fields) })],
  ['multipart form data', (fields) => ({ body: asMultipart(fields) })],
]

const SIGNED_IN_OR_OUT = [
  ['signed out', false],
  ['signed in', true],
] as const

/** The route's plain body: each string field with a value it may take, for a fresh address. */
function plainFields(endpoint: AuthEndpoint): Fields {
  const shape = shapeOf(endpoint.body) ?? {}
  const { email } = newVisitor('bodies')
  const valueOf = (name: string) => {
    if (/email/i.test(name)) return email
    if (/password/i.test(name)) return 'wrong-password-1'
    if (/url/i.test(name)) return '/'
    if (name === 'provider') return 'google'
    return `mofu-${name}`
  }
  return Object.entries(shape)
    .filter(([, schema]) => takesString(schema))
    .map(([name]) => [name, valueOf(name)])
}

describe('request bodies on every Better Auth route that takes one', () => {
  let routes: AuthEndpoint[]
  let user: TestUser

  beforeAll(async () => {
    routes = authEndpoints(file.subject.auth).filter((endpoint) =>
      endpoint.methods.includes('POST'),
    )
    user = await file.createUser()
  }, 60_000)

  /** Whether a request since the last check may have ended the session. */
  let sessionInDoubt = false

  /** The signed-in user's cookie, signed in again (or a new user) if the session is gone. */
  async function liveCookie(): Promise<string> {
    if (!sessionInDoubt) return user.cookie
    sessionInDoubt = false
    const session = await callAuth(file.subject.app, '/get-session', {
      cookie: user.cookie,
      origin: null,
    })
    if (JSON.parse(session.text) !== null) return user.cookie
    const again = await send(
      '/api/auth/sign-in/email',
      {
        contentType: JSON_TYPE,
        body: JSON.stringify({ email: user.email, password: TEST_PASSWORD }),
      },
      false,
    )
    if (again.status !== 200) user = await file.createUser()
    else user = { ...user, cookie: cookiesOf(again.headers) }
    return user.cookie
  }

  async function send(
    path: string,
    sent: Sent,
    signedIn: boolean,
    extra: Record<string, string> = {},
  ): Promise<Answer & { headers: Headers }> {
    const { status, text, headers } = await callApp(file.subject.app, path, {
      method: 'POST',
      cookie: signedIn ? await liveCookie() : undefined,
      raw: sent.body,
      headers: {
        ...extra,
        ...(sent.contentType === undefined ? {} : { 'Content-Type': sent.contentType }),
      },
    })
    // A refused request changes nothing; anything else may have ended the session.
    if (signedIn && status < 400) sessionInDoubt = true
    const error = ApiErrorSchema.safeParse(jsonOf(text))
    const { code, message } = error.success ? error.data : { code: '', message: '' }
    return { status, code, message, text, headers }
  }

  const shown = (answer: Answer) => `${answer.status} ${answer.code}`.trim()

  /**
   * What two answers to one route must share to be alike: status, error code and message, and
   * the body's shape (its top-level fields, and the user's address where it names one), not only
   * a status that a refusal of any body would give too.
   */
  /**
   * An answer of the route itself, not of what stands before it: a disabled route's 404, a
   * limit's 429 and a refusal of the body by its reader prove nothing about how it was read.
   */
  const ownAnswer = (answer: Answer) =>
    answer.status !== 404 && answer.status !== 429 && answer.code !== 'VALIDATION_ERROR'

  const likeness = (answer: Answer) => {
    const json = jsonOf(answer.text)
    const fields =
      json !== null && typeof json === 'object' ? Object.keys(json).sort().join(',') : ''
    const user = (json as { user?: { email?: unknown } } | null)?.user
    return `${shown(answer)} ${answer.message} {${fields}} ${String(user?.email ?? '')}`
  }

  it("lists Better Auth's body routes, the log-in and sign-up among them", () => {
    const paths = routes.map((route) => route.path)
    expect(paths).toEqual(
      expect.arrayContaining([
        '/sign-in/email',
        '/sign-up/email',
        '/callback/:id',
        '/two-factor/enable',
        '/passkey/verify-registration',
        '/remove-password',
      ]),
    )
    expect(paths.length).toBeGreaterThan(25)
  })

  it.each(SIGNED_IN_OR_OUT)(
    'refuses a repeated field with 400 on every route, %s',
    { timeout: 300_000 },
    async (_, signedIn) => {
      const wrong: string[] = []
      for (const route of routes) {
        for (const [label, sent] of repeated(plainFields(route))) {
          const answer = await send(authPath(route, 'google'), sent, signedIn)
          if (
            answer.status !== 400 ||
            answer.code !== 'VALIDATION_ERROR' ||
            answer.message !== SERVER_MESSAGES.repeatedField
          ) {
            wrong.push(`${route.path}, ${label}: ${shown(answer)} ${answer.text.slice(0, 120)}`)
          }
        }
      }
      expect(wrong).toEqual([])
    },
  )

  it.each(SIGNED_IN_OR_OUT)(
    'refuses every other disguise with 400 or answers it as the plain body, %s',
    { timeout: 300_000 },
    async (_, signedIn) => {
      const wrong: string[] = []
      let answeredAlike = 0
      /** Routes whose plain body reached the route's own answer. */
      const reached = new Set<string>()
      /** Those of them that answered a disguise as their plain body. */
      const answering = new Set<string>()
      for (const route of routes) {
        for (const [label, dress, readAsPlain] of DISGUISES) {
          // A fresh address each time: no mail cap or lock of one address answers for the route.
          const fields = plainFields(route)
          const sent = dress(fields)
          const path = authPath(route, 'google')
          // Just before, in the same state: the answer the disguise must match.
          const plain = await send(path, { contentType: JSON_TYPE, body: asJson(fields) }, signedIn)
          const answer = await send(path, sent, signedIn)
          if (ownAnswer(plain)) reached.add(route.path)
          if (answer.status >= 500 || plain.status >= 500) {
            wrong.push(`${route.path}, ${label}: ${shown(plain)} then ${shown(answer)}`)
          } else if (likeness(answer) === likeness(plain)) {
            if (ownAnswer(plain)) {
              answeredAlike += 1
              answering.add(route.path)
            }
          } else if (answer.status !== 400 || readAsPlain !== undefined) {
            wrong.push(`${route.path}, ${label}: ${shown(answer)}, plainly ${shown(plain)}`)
          }
        }
      }
      expect(wrong).toEqual([])
      // The disguises a reader takes as the plain body reached the routes' own answers, on every
      // route whose plain body did: at least the three marked plain on each.
      expect([...reached].filter((path) => !answering.has(path))).toEqual([])
      expect(reached.size, 'routes that answer a plain body').toBeGreaterThan(10)
      expect(answeredAlike).toBeGreaterThanOrEqual(3 * answering.size)
    },
  )

  it('says why in the answer language', async () => {
    const sent = { contentType: FORM_TYPE, body: 'email=a%40mofu.test&email=b%40mofu.test' }
    for (const [language, message] of [
      ['en', SERVER_MESSAGES.repeatedField],
      ['ja', SERVER_MESSAGES_JA.repeatedField],
    ] as const) {
      const answer = await send('/api/auth/sign-in/email', sent, false, {
        Cookie: `lang=${language}`,
      })
      expect(jsonOf(answer.text)).toEqual({ code: 'VALIDATION_ERROR', message })
    }
  })
})

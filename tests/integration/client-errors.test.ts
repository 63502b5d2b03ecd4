import { pino } from 'pino'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ApiErrorSchema } from '../../src/shared/api-error'
import { callApp, type Call } from '../support/api'
import { createTestApp, type TestApp } from '../support/test-app'

let subject: TestApp
const logLines: string[] = []
beforeAll(async () => {
  const logger = pino({ level: 'info' }, { write: (line: string) => logLines.push(line) })
  subject = await createTestApp({ logger })
})
afterAll(() => subject.dispose())
beforeEach(() => {
  logLines.length = 0
})

/** A report sent as the browser sends it: JSON, with no Origin. */
const post = (body: unknown, call: Call = {}) =>
  callApp(subject.app, '/api/events/client-error', {
    origin: null,
    raw: typeof body === 'string' ? body : JSON.stringify(body),
    ...call,
    headers: { 'Content-Type': 'application/json', ...call.headers },
  })

const REPORT = {
  kind: 'recoverable',
  name: 'Error',
  message: 'Hydration failed because the server rendered text did not match the client.',
  componentStack: '9e3779b9',
  path: '/settings',
}

const clientErrorLines = () =>
  logLines
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.msg === 'client error')

describe('POST /api/events/client-error', () => {
  it('logs one structured line with the report and nothing about who sent it', async () => {
    const response = await post(REPORT, {
      cookie: 'better-auth.session_token=secret-session',
      headers: { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Test/1.0' },
    })
    expect(response.status).toBe(204)
    expect(response.headers.get('set-cookie')).toBeNull()
    const lines = clientErrorLines()
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({ level: 40, clientError: REPORT })
    const line = JSON.stringify(lines[0])
    for (const personal of ['secret-session', '10.78.', 'Mozilla']) {
      expect(line).not.toContain(personal)
    }
  })

  it.each([
    ['a path with a query', { ...REPORT, path: '/account/reset?oobCode=secret' }],
    ['a path with a fragment', { ...REPORT, path: '/settings#me' }],
    ['a full URL', { ...REPORT, path: 'https://mofu.example/settings' }],
    ['a message over 200 characters', { ...REPORT, message: 'x'.repeat(201) }],
    ['a name over 64 characters', { ...REPORT, name: 'E'.repeat(65) }],
    ['a message of several lines', { ...REPORT, message: 'first\nsecond' }],
    ['a message with a line separator', { ...REPORT, message: 'first\u2028second' }],
    ['a message with a paragraph separator', { ...REPORT, message: 'first\u2029second' }],
    ['a name with a right-to-left override', { ...REPORT, name: 'Error\u202etxt.exe' }],
    ['a message with a direction isolate', { ...REPORT, message: 'a\u2066b\u2069' }],
    ['a message with a C1 control', { ...REPORT, message: 'csi\u009b2J' }],
    ['a path with a line separator', { ...REPORT, path: '/settings\u2028x' }],
    ['a component stack sent whole', { ...REPORT, componentStack: '\n    at Settings' }],
    ['a kind React has not', { ...REPORT, kind: 'fatal' }],
    ['a field more', { ...REPORT, email: 'someone@mofu.test' }],
    ['no path', { ...REPORT, path: undefined }],
  ])('refuses %s with 400 and logs no report', async (_, body) => {
    const response = await post(body)
    expect(response.status).toBe(400)
    expect(ApiErrorSchema.parse(response.json).code).toBe('INVALID_INPUT')
    expect(clientErrorLines()).toEqual([])
  })

  it('says which field holds a character it refuses', async () => {
    const response = await post({ ...REPORT, message: 'Call now\u2028WARN account deleted' })
    expect(response.status).toBe(400)
    expect(ApiErrorSchema.parse(response.json).issues).toEqual([
      {
        field: 'message',
        message: 'expected no control characters, line breaks or direction marks',
      },
    ])
  })

  it('refuses a body over 2 KB with 413 and one that is not JSON with 415', async () => {
    const big = JSON.stringify({ ...REPORT, pad: 'x'.repeat(4 * 1024) })
    expect((await post(big)).status).toBe(413)
    expect((await post(REPORT, { headers: { 'Content-Type': 'text/plain' } })).status).toBe(415)
    expect(clientErrorLines()).toEqual([])
  })

  it('takes 10 reports a minute from one address, then answers 429 and logs no more', async () => {
    const from = { ip: '10.79.0.1' }
    for (let i = 0; i < 10; i += 1) expect((await post(REPORT, from)).status).toBe(204)
    const refused = await post(REPORT, from)
    expect(refused.status).toBe(429)
    expect(refused.headers.get('Retry-After')).toMatch(/^\d+$/)
    expect(clientErrorLines()).toHaveLength(10)
    // Another address is counted on its own.
    expect((await post(REPORT)).status).toBe(204)
  })
})

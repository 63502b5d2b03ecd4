import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ApiErrorSchema } from '../../src/shared/api-error'
import { createTestApp, type TestApp } from '../support/test-app'

let subject: TestApp
beforeAll(async () => {
  subject = await createTestApp()
})
afterAll(() => subject.dispose())
beforeEach(() => subject.database.db.deleteFrom('page_views').execute())

const post = (body: string, headers: Record<string, string> = {}) =>
  subject.app.request('/api/events/page-view', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body,
  })

const stored = () =>
  subject.database.db.selectFrom('page_views').selectAll().orderBy('viewed_at').execute()

describe('POST /api/events/page-view', () => {
  it('stores path, referrer and time, and sets no cookie', async () => {
    const before = new Date().toISOString()
    const response = await post(JSON.stringify({ path: '/shop', referrer: '/' }), {
      Cookie: 'session=abc',
    })
    expect(response.status).toBe(204)
    expect(response.headers.get('set-cookie')).toBeNull()
    const rows = await stored()
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ path: '/shop', referrer: '/' })
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual(['path', 'referrer', 'viewed_at'])
    expect((rows[0]?.viewed_at ?? '') >= before).toBe(true)
  })

  it('drops query strings and fragments, which could carry personal data', async () => {
    await post(
      JSON.stringify({
        path: '/account/reset?oobCode=secret#top',
        referrer: 'https://search.example/results?q=my+name#x',
      }),
    )
    const [row] = await stored()
    expect(row).toMatchObject({
      path: '/account/reset',
      referrer: 'https://search.example/results',
    })
  })

  it('keeps no referrer that is not a web address or an app path', async () => {
    for (const referrer of [null, '', 'javascript:alert(1)', 'not a url']) {
      expect((await post(JSON.stringify({ path: '/', referrer }))).status).toBe(204)
    }
    expect((await stored()).map((row) => row.referrer)).toEqual([null, null, null, null])
  })

  it.each([
    ['a path that is not a path', { path: 'shop', referrer: null }, 'path'],
    ['a protocol-relative path', { path: '//evil.example/x', referrer: null }, 'path'],
    ['a missing path', { referrer: null }, 'path'],
    ['a number for a path', { path: 42, referrer: null }, 'path'],
    ['an unknown field', { path: '/', referrer: null, userId: 'u1' }, '(body)'],
    ['an over-long path', { path: `/${'a'.repeat(3000)}`, referrer: null }, 'path'],
  ])('refuses %s with 400 naming the field, storing nothing', async (_, body, field) => {
    const response = await post(JSON.stringify(body))
    expect(response.status).toBe(400)
    const answer = ApiErrorSchema.parse(await response.json())
    expect(answer).toMatchObject({ code: 'INVALID_INPUT', message: 'Invalid input' })
    expect(answer.issues?.map((issue) => issue.field)).toContain(field)
    expect(await stored()).toEqual([])
  })

  it('refuses malformed JSON and oversized bodies, storing nothing', async () => {
    expect((await post('{"path": "/"')).status).toBe(400)
    const huge = JSON.stringify({ path: '/', referrer: `/${'x'.repeat(20_000)}` })
    expect((await post(huge)).status).toBe(413)
    expect(await stored()).toEqual([])
  })
})

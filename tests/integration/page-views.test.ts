import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ApiErrorSchema } from '../../src/shared/api-error'
import { callApp, type Call } from '../support/api'
import { createTestApp, type TestApp } from '../support/test-app'

let subject: TestApp
beforeAll(async () => {
  subject = await createTestApp()
})
afterAll(() => subject.dispose())
beforeEach(() => subject.database.db.deleteFrom('page_view_counts').execute())

/** A view sent as the browser sends it: JSON, with no Origin. */
const post = (body: string, call: Call = {}) =>
  callApp(subject.app, '/api/events/page-view', {
    origin: null,
    raw: body,
    ...call,
    headers: { 'Content-Type': 'application/json', ...call.headers },
  })

const stored = () =>
  subject.database.db.selectFrom('page_view_counts').selectAll().orderBy('path').execute()

const today = () => new Date().toISOString().slice(0, 10)

describe('POST /api/events/page-view', () => {
  it('counts views per path and day, keeping nothing else, and sets no cookie', async () => {
    const response = await post(JSON.stringify({ path: '/shop', referrer: '/' }), {
      cookie: 'session=abc',
    })
    expect(response.status).toBe(204)
    expect(response.headers.get('set-cookie')).toBeNull()
    await post(JSON.stringify({ path: '/shop', referrer: 'https://search.example/' }))
    await post(JSON.stringify({ path: '/', referrer: null }))
    const rows = await stored()
    expect(rows).toEqual([
      { path: '/', day: today(), views: 1 },
      { path: '/shop', day: today(), views: 2 },
    ])
  })

  it('drops query strings and fragments, which could carry personal data', async () => {
    await post(
      JSON.stringify({
        path: '/account/reset?oobCode=secret#top',
        referrer: 'https://search.example/results?q=my+name#x',
      }),
    )
    expect(await stored()).toEqual([{ path: '/account/reset', day: today(), views: 1 }])
  })

  it('counts a long path by its first 256 characters', async () => {
    const long = `/${'a'.repeat(1000)}`
    expect((await post(JSON.stringify({ path: long, referrer: null }))).status).toBe(204)
    expect(await stored()).toEqual([{ path: long.slice(0, 256), day: today(), views: 1 }])
  })

  it('counts new paths past 10 000 in one day under /(other), and known ones as before', async () => {
    const day = today()
    const rows = Array.from({ length: 10_000 }, (_, i) => ({ path: `/@fan${i}`, day, views: 1 }))
    for (let start = 0; start < rows.length; start += 1_000) {
      await subject.database.db
        .insertInto('page_view_counts')
        .values(rows.slice(start, start + 1_000))
        .execute()
    }
    for (const path of ['/@newcomer', '/@another', '/@fan7']) {
      expect((await post(JSON.stringify({ path, referrer: null }))).status).toBe(204)
    }
    const counts = await subject.database.db
      .selectFrom('page_view_counts')
      .selectAll()
      .where('path', 'in', ['/@newcomer', '/@another', '/@fan7', '/(other)'])
      .orderBy('path')
      .execute()
    expect(counts).toEqual([
      { path: '/(other)', day, views: 2 },
      { path: '/@fan7', day, views: 2 },
    ])
  })

  it('answers 429 past 60 views a minute from one address, and counts no more', async () => {
    const from = { ip: '10.78.0.1' }
    const body = JSON.stringify({ path: '/flood', referrer: null })
    for (let view = 0; view < 60; view++) expect((await post(body, from)).status).toBe(204)
    const refused = await post(body, from)
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect(refused.json).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many attempts. Please wait a minute and try again.',
    })
    expect((await post(body)).status).toBe(204)
    expect(await stored()).toEqual([{ path: '/flood', day: today(), views: 61 }])
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
    const answer = ApiErrorSchema.parse(response.json)
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

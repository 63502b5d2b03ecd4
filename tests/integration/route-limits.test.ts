import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { AUTH_MESSAGES } from '../../src/shared/auth-messages'
import { DECODE_QUEUE, DECODE_SLOTS } from '../../src/server/avatars/routes'
import { callApp } from '../support/api'
import { appWithMail } from '../support/app-with-mail'
import { putAvatar } from '../support/test-users'

/**
 * Abuse limits on Mofu's own routes (docs/security.md "Abuse limits"), cross-site writes and the caching
 * of account answers, over HTTP against the real app.
 */

const ORIGIN = 'http://localhost:3000'
const RATE_LIMITED = { code: 'RATE_LIMITED', message: AUTH_MESSAGES.tooManyRequests }

const file = appWithMail('limits')

const get = (path: string, ip?: string) => callApp(file.subject.app, path, { ip, origin: null })

const image = (side: number) =>
  sharp({ create: { width: side, height: side, channels: 3, background: '#f5a' } })
    .png()
    .toBuffer()

describe('public reads', () => {
  it('allow 600 a minute from one address across handles, profiles and avatars', async () => {
    const ip = '10.191.0.1'
    const paths = ['/api/handles/sakura', '/api/profiles/sakura', '/media/avatars/nobody']
    const statuses: number[] = []
    for (let read = 0; read < 600; read++) {
      statuses.push((await get(paths[read % 3] ?? '', ip)).status)
    }
    expect(statuses.filter((status) => status === 429)).toEqual([])
    for (const path of paths) {
      const refused = await get(path, ip)
      expect(refused.status).toBe(429)
      expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0)
      expect(refused.json).toEqual(RATE_LIMITED)
    }
    expect((await get(paths[0] ?? '', '10.191.0.2')).status).toBe(200)
  })

  it('count an IPv6 client by its /64 network, as one home or server is given one', async () => {
    const network = '2001:db8:191:7'
    const statuses: number[] = []
    for (let read = 0; read < 601; read++) {
      statuses.push((await get('/api/handles/sakura', `${network}::${read.toString(16)}`)).status)
    }
    expect(statuses.filter((status) => status === 429)).toEqual([429])
    expect((await get('/api/handles/sakura', '2001:db8:191:8::1')).status).toBe(200)
  })
})

describe('avatar uploads', () => {
  it('allow 10 a minute per user', async () => {
    const user = await file.createUser()
    const other = await file.createUser()
    const small = await image(64)
    for (let upload = 0; upload < 10; upload++) {
      expect((await putAvatar(file.subject.app, user.cookie, small, 'image/png')).status).toBe(200)
    }
    const refused = await putAvatar(file.subject.app, user.cookie, small, 'image/png')
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect(await refused.json()).toEqual(RATE_LIMITED)
    expect((await putAvatar(file.subject.app, other.cookie, small, 'image/png')).status).toBe(200)
  })

  it(`decode ${DECODE_SLOTS} at once, let ${DECODE_QUEUE} wait, and answer 503 past that`, async () => {
    const users = [await file.createUser(), await file.createUser()]
    const large = await image(4000)
    const burst = DECODE_SLOTS + DECODE_QUEUE + 4
    const answers = await Promise.all(
      Array.from({ length: burst }, (_, index) =>
        putAvatar(file.subject.app, users[index % 2]?.cookie ?? '', large, 'image/png'),
      ),
    )
    const statuses = answers.map((answer) => answer.status)
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(
      DECODE_SLOTS + DECODE_QUEUE,
    )
    const busy = answers.filter((answer) => answer.status === 503)
    expect(busy.length).toBeGreaterThan(0)
    expect(statuses.every((status) => status === 200 || status === 503)).toBe(true)
    for (const answer of busy) {
      expect(answer.headers.get('Retry-After')).toBe('5')
      expect(await answer.json()).toMatchObject({ code: 'BUSY' })
    }
  }, 60_000)
})

describe('cross-site writes', () => {
  const pageView = (headers: Record<string, string>) =>
    callApp(file.subject.app, '/api/events/page-view', {
      origin: null,
      body: { path: '/', referrer: null },
      headers,
    })

  it.each([
    ['another Origin', { Origin: 'https://evil.example' }],
    ['a sibling origin', { Origin: 'http://shop.localhost:3000', 'Sec-Fetch-Site': 'same-site' }],
    ['Sec-Fetch-Site cross-site alone', { 'Sec-Fetch-Site': 'cross-site' }],
    ['the opaque Origin null', { Origin: 'null' }],
  ])('are refused with 403 for %s', async (_, headers) => {
    const response = await pageView(headers)
    expect(response.status).toBe(403)
    expect(response.json).toMatchObject({ code: 'CROSS_SITE' })
  })

  it('are refused on signed-in routes too, changing nothing', async () => {
    const user = await file.createUser()
    const patch = (origin: string) =>
      callApp(file.subject.app, '/api/me/profile', {
        method: 'PATCH',
        cookie: user.cookie,
        origin,
        body: { name: 'Hijacked' },
      })
    expect((await patch('https://evil.example')).status).toBe(403)
    const deleted = await callApp(file.subject.app, '/api/me', {
      method: 'DELETE',
      cookie: user.cookie,
      origin: null,
      headers: { 'Sec-Fetch-Site': 'cross-site' },
    })
    expect(deleted.status).toBe(403)
    expect((await patch(ORIGIN)).status).toBe(200)
  })

  it.each([
    ['its own Origin', { Origin: ORIGIN, 'Sec-Fetch-Site': 'same-origin' }],
    ['no Origin and no Sec-Fetch-Site (not a browser)', {}],
    ['a navigation the user typed', { 'Sec-Fetch-Site': 'none' }],
  ])('pass with %s', async (_, headers) => {
    expect((await pageView(headers)).status).toBe(204)
  })
})

describe('account answers', () => {
  it('are never stored by a cache: /api/me* and /api/auth*, whatever the status', async () => {
    const user = await file.createUser()
    for (const path of ['/api/me/profile', '/api/auth/get-session', '/api/auth/ok']) {
      const response = await callApp(file.subject.app, path, { cookie: user.cookie })
      expect(response.status, path).toBe(200)
      expect(response.headers.get('Cache-Control'), path).toBe('no-store')
    }
    const signedOut = await callApp(file.subject.app, '/api/me/profile')
    expect(signedOut.status).toBe(401)
    expect(signedOut.headers.get('Cache-Control')).toBe('no-store')
    const publicRead = await get('/api/handles/sakura')
    expect(publicRead.headers.get('Cache-Control')).not.toBe('no-store')
  })
})

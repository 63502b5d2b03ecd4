import { unzipSync } from 'fflate'
import sharp from 'sharp'
import { thumbHashToAverageRGBA } from 'thumbhash'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Profile, PublicProfile } from '../../src/shared/profile'
import { callApp } from '../support/api'
import { appWithMail } from '../support/app-with-mail'
import { IMMUTABLE, jsonOf, request, REVALIDATE } from '../support/avatar-renditions'
import { expectStoredMaster, meanColour, REFUSED_UPLOADS, solid } from '../support/upload-images'
import type { TestApp } from '../support/test-app'
import { TEST_PASSWORD, type TestUser } from '../support/test-users'

/**
 * Profile banners over HTTP (docs/api.md "Banners"): PUT and DELETE /api/me/banner, the master
 * and its renditions under /media/banners/:uid, the banner in the profile answers and the export,
 * and gone with the account; checked against what the storage holds, on local disk and S3, on
 * both databases.
 */

const file = appWithMail('banner')

const BANNER_URL = /^http:\/\/localhost:3000\/media\/banners\/([A-Za-z0-9_-]+)\?v=([0-9a-f]{16})$/
const WIDTHS = [600, 1200] as const
const FORMATS = ['avif', 'webp'] as const
/** What sharp calls each format when it reads it back (AVIF is a HEIF file coded with AV1). */
const READ_AS = { avif: 'heif', webp: 'webp' } as const

const put = (
  path: string,
  user: TestUser | undefined,
  body: Buffer,
  type: string | undefined,
  app: TestApp = file.subject,
) =>
  request(app, 'PUT', path, {
    cookie: user?.cookie,
    raw: new Uint8Array(body),
    headers: type === undefined ? {} : { 'Content-Type': type },
  })

const uploadBanner = (user: TestUser, body: Buffer, type = 'image/jpeg', app?: TestApp) =>
  put('/api/me/banner', user, body, type, app)

/** The URL an accepted upload answers, checked for its shape and split into its parts. */
function bannerOf(answer: { status: number; bytes: Buffer }, user: TestUser) {
  expect(answer.status, answer.bytes.toString()).toBe(200)
  const json = jsonOf<{ banner: string; bannerThumbhash: string }>(answer)
  expect(Object.keys(json).sort()).toEqual(['banner', 'bannerThumbhash'])
  const match = BANNER_URL.exec(json.banner)
  expect(match, json.banner).not.toBeNull()
  expect(match?.[1]).toBe(user.uid)
  const url = new URL(json.banner)
  return { ...json, path: url.pathname + url.search, version: match?.[2] ?? '' }
}

/** Uploads a plain PNG of that size and colour as the user's banner. */
const uploadSolid = async (user: TestUser, width: number, height: number, colour: string) =>
  bannerOf(
    await uploadBanner(user, await solid(width, height, colour).png().toBuffer(), 'image/png'),
    user,
  )

const masterOf = (uid: string, app: TestApp = file.subject) => app.storage.get(`banners/${uid}`)
const renditionKeyOf = (uid: string, version: string, width: number, format: string) =>
  `banners/${uid}.${version}.${width}.${format}`

/** Every key the storage may hold of one user's banner at `version`. */
const bannerKeys = (uid: string, version: string) => [
  `banners/${uid}`,
  ...WIDTHS.flatMap((width) =>
    FORMATS.map((format) => renditionKeyOf(uid, version, width, format)),
  ),
]

async function storedKeys(app: TestApp, keys: string[]) {
  const held = await Promise.all(
    keys.map(async (key) => [key, await app.storage.get(key)] as const),
  )
  return held.filter(([, stored]) => stored !== null).map(([key]) => key)
}

/**
 * A 4000×3000 photo as a camera writes it, with EXIF (its maker and a GPS position): red above
 * and below, blue in the band of the centre 3:1 a crop must keep.
 */
async function photo(): Promise<Buffer> {
  const band = Math.round(4000 / 3)
  const strip = (3000 - band) / 2
  const red = await solid(4000, Math.ceil(strip), '#ff0000').png().toBuffer()
  return solid(4000, 3000, '#0000ff')
    .composite([
      { input: red, top: 0, left: 0 },
      { input: red, top: 3000 - Math.ceil(strip), left: 0 },
    ])
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'MofuCam', Model: 'Spy 1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '35/1 39/1 2916/100' },
    })
    .toBuffer()
}

async function profileOf(user: TestUser, app: TestApp = file.subject) {
  const answer = await request(app, 'GET', '/api/me/profile', { cookie: user.cookie })
  expect(answer.status).toBe(200)
  return jsonOf<Profile>(answer)
}

describe('PUT /api/me/banner', () => {
  it('makes a 4000×3000 photo a 1500×500 JPEG of its centre without EXIF, with four renditions', async () => {
    const user = await file.createUser()
    const sent = await photo()
    expect((await sharp(sent).metadata()).exif?.toString('latin1')).toContain('MofuCam')

    const { banner, bannerThumbhash, version } = bannerOf(await uploadBanner(user, sent), user)
    expect(bannerThumbhash).toMatch(/^[A-Za-z0-9+/]{20,}={0,2}$/)

    const body = await expectStoredMaster(await masterOf(user.uid), version, 1500, 500)
    expect(body.toString('latin1')).not.toMatch(/MofuCam|Exif/)
    // The centre band, not the whole picture squeezed: no red from above or below.
    const [red, , blue] = await meanColour(body)
    expect(red).toBeLessThan(10)
    expect(blue).toBeGreaterThan(240)
    // The thumbhash is of the same picture: blue.
    const average = thumbHashToAverageRGBA(Buffer.from(bannerThumbhash, 'base64'))
    expect(average.b).toBeGreaterThan(0.8)
    expect(average.r).toBeLessThan(0.2)

    for (const width of WIDTHS) {
      for (const format of FORMATS) {
        const stored = await file.subject.storage.get(
          renditionKeyOf(user.uid, version, width, format),
        )
        expect(stored?.contentType, `${width}.${format}`).toBe(`image/${format}`)
        const served = await request(
          file.subject,
          'GET',
          `/media/banners/${user.uid}/${width}.${format}?v=${version}`,
        )
        expect(served.status).toBe(200)
        expect(served.headers.get('content-type')).toBe(`image/${format}`)
        expect(served.headers.get('cache-control')).toBe(IMMUTABLE)
        expect(served.bytes.equals(stored?.body ?? Buffer.alloc(0))).toBe(true)
        expect(await sharp(served.bytes).metadata()).toMatchObject({
          format: READ_AS[format],
          width,
          height: width / 3,
        })
      }
    }

    // The profile points at it, the avatar stays as it was.
    const own = await profileOf(user)
    expect(own).toMatchObject({ banner, bannerThumbhash, avatar: '', avatarThumbhash: '' })
    const named = await request(file.subject, 'PATCH', '/api/me/profile', {
      cookie: user.cookie,
      body: { name: 'Banner Owner', handle: 'bannerowner' },
    })
    expect(jsonOf<Profile>(named)).toMatchObject({ banner, bannerThumbhash })
    const shown = await request(file.subject, 'GET', '/api/profiles/bannerowner')
    expect(jsonOf<PublicProfile>(shown)).toMatchObject({ banner, bannerThumbhash })
  })

  it('never enlarges: a 900×200 PNG becomes its centre 600×200, and so does every rendition', async () => {
    const user = await file.createUser()
    const png = await solid(900, 200, '#22aa66').png().toBuffer()
    const { version } = bannerOf(await uploadBanner(user, png, 'image/png'), user)
    expect(await sharp((await masterOf(user.uid))?.body).metadata()).toMatchObject({
      width: 600,
      height: 200,
    })
    for (const width of WIDTHS) {
      const stored = await file.subject.storage.get(
        renditionKeyOf(user.uid, version, width, 'webp'),
      )
      expect(await sharp(stored?.body).metadata()).toMatchObject({ width: 600, height: 200 })
    }
  })

  it('turns the picture upright first: a portrait photo gives the band across its middle', async () => {
    const user = await file.createUser()
    // Stored 300×600 with orientation 6: upright it is 600×300, so the banner is 600×200.
    const jpeg = await solid(300, 600, '#884400').jpeg().withMetadata({ orientation: 6 }).toBuffer()
    bannerOf(await uploadBanner(user, jpeg), user)
    const metadata = await sharp((await masterOf(user.uid))?.body).metadata()
    expect(metadata).toMatchObject({ width: 600, height: 200 })
    expect(metadata.orientation).toBeUndefined()
  })

  it('replaces the banner: a new version, the old renditions removed, the avatar untouched', async () => {
    const user = await file.createUser()
    const avatar = await put(
      '/api/me/avatar',
      user,
      await solid(200, 200, '#ff00ff').png().toBuffer(),
      'image/png',
    )
    expect(avatar.status).toBe(200)
    const first = await uploadSolid(user, 900, 300, '#ff0000')
    const second = await uploadSolid(user, 900, 300, '#00ff00')
    expect(second.version).not.toBe(first.version)
    expect(await storedKeys(file.subject, bannerKeys(user.uid, first.version))).toEqual([
      `banners/${user.uid}`,
    ])
    expect(await storedKeys(file.subject, bannerKeys(user.uid, second.version))).toHaveLength(5)
    expect((await profileOf(user)).avatar).toBe(jsonOf<{ avatar: string }>(avatar).avatar)
  })
})

describe('refused banner uploads', () => {
  // Two owners take turns, since each user may upload only 10 images a minute.
  const owners: { user: TestUser; banner: string; body: Buffer }[] = []

  beforeAll(async () => {
    for (let count = 0; count < 2; count++) {
      const user = await file.createUser()
      const sent = await solid(300, 100, '#ff66aa').png().toBuffer()
      const { banner } = bannerOf(await uploadBanner(user, sent, 'image/png'), user)
      owners.push({ user, banner, body: (await masterOf(user.uid))?.body ?? Buffer.alloc(0) })
    }
  }, 30_000)

  it.each(REFUSED_UPLOADS.map((refused, index) => [...refused, index] as const))(
    "refuses %s with the avatar's answer, storing nothing",
    async (_label, make, contentType, status, message, index) => {
      const owner = owners[index % owners.length]
      if (owner === undefined) throw new Error('no owner was made')
      const answer = await put('/api/me/banner', owner.user, await make(), contentType)
      expect(answer.status).toBe(status)
      expect(jsonOf(answer)).toEqual({ message, code: expect.stringMatching(/^AVATAR_/) })
      expect((await masterOf(owner.user.uid))?.body.equals(owner.body)).toBe(true)
      expect((await profileOf(owner.user)).banner).toBe(owner.banner)
    },
  )

  it('answers 401 without a session, and offers no way to change another user’s banner', async () => {
    const [owner] = owners
    if (owner === undefined) throw new Error('no owner was made')
    const png = await solid(300, 100, '#000000').png().toBuffer()
    expect((await put('/api/me/banner', undefined, png, 'image/png')).status).toBe(401)
    expect((await request(file.subject, 'DELETE', '/api/me/banner')).status).toBe(401)

    const attacker = await file.createUser()
    const attempts: [method: string, path: string][] = [
      ['PUT', `/api/me/banner?uid=${owner.user.uid}`],
      ['PUT', `/api/me/banner/${owner.user.uid}`],
      ['PUT', `/api/users/${owner.user.uid}/banner`],
      ['PUT', `/media/banners/${owner.user.uid}`],
      ['POST', `/media/banners/${owner.user.uid}`],
      ['DELETE', `/media/banners/${owner.user.uid}`],
      ['DELETE', `/api/me/banner/${owner.user.uid}`],
    ]
    for (const [method, path] of attempts) {
      const answer =
        method === 'DELETE'
          ? await request(file.subject, method, path, { cookie: attacker.cookie })
          : await request(file.subject, method, path, {
              cookie: attacker.cookie,
              raw: new Uint8Array(png),
              headers: { 'Content-Type': 'image/png' },
            })
      // The query string is ignored: that upload is the attacker's own banner.
      if (path.startsWith('/api/me/banner?')) {
        expect(bannerOf(answer, attacker).banner).toContain(attacker.uid)
      } else {
        expect(answer.status, `${method} ${path}`).toBeGreaterThanOrEqual(400)
      }
    }
    expect((await masterOf(owner.user.uid))?.body.equals(owner.body)).toBe(true)
    expect((await profileOf(owner.user)).banner).toBe(owner.banner)
  })
})

describe('GET /media/banners/:uid', () => {
  it('serves the JPEG with an ETag, caches for good only the current version, and answers 304', async () => {
    const user = await file.createUser()
    const { path, version } = await uploadSolid(user, 1200, 400, '#aa44ff')
    const current = await request(file.subject, 'GET', path)
    expect(current.status).toBe(200)
    expect(current.bytes.equals((await masterOf(user.uid))?.body ?? Buffer.alloc(0))).toBe(true)
    expect(current.headers.get('content-type')).toBe('image/jpeg')
    expect(current.headers.get('x-content-type-options')).toBe('nosniff')
    expect(current.headers.get('cache-control')).toBe(IMMUTABLE)
    const etag = current.headers.get('etag') ?? ''
    expect(etag).toBe(`"${version}"`)

    const stale = await request(
      file.subject,
      'GET',
      `/media/banners/${user.uid}?v=0000000000000000`,
    )
    expect(stale.headers.get('cache-control')).toBe(REVALIDATE)
    expect(stale.bytes.equals(current.bytes)).toBe(true)

    for (const [url, tag] of [
      [path, etag],
      [`/media/banners/${user.uid}/600.avif?v=${version}`, `"${version}.600.avif"`],
    ] as const) {
      const unchanged = await request(file.subject, 'GET', url, {
        headers: { 'If-None-Match': tag },
      })
      expect(unchanged.status, url).toBe(304)
      expect(unchanged.bytes.length).toBe(0)
      expect(unchanged.headers.get('etag')).toBe(tag)
      expect(unchanged.headers.get('cache-control')).toBe(IMMUTABLE)
    }
  })

  it("answers 404 where there is no banner, and for an avatar's sizes", async () => {
    const user = await file.createUser()
    const noBanner = await file.createUser()
    const { version } = await uploadSolid(user, 300, 100, '#123456')
    for (const path of [
      `/media/banners/${noBanner.uid}`,
      `/media/banners/${noBanner.uid}/600.webp`,
      `/media/banners/${user.uid}/96.avif?v=${version}`,
      `/media/banners/${user.uid}/600.jpg?v=${version}`,
      '/media/banners/..%2F..%2Fetc%2Fpasswd',
      '/media/banners/.hidden',
    ]) {
      const answer = await request(file.subject, 'GET', path)
      expect(answer.status, path).toBe(404)
      expect(jsonOf(answer)).toEqual({ code: 'NOT_FOUND', message: 'No banner here.' })
    }
  })
})

describe('DELETE /api/me/banner', () => {
  it('removes the master and renditions and clears the fields, and may be repeated', async () => {
    const user = await file.createUser()
    const { path, version } = await uploadSolid(user, 600, 200, '#654321')
    for (let round = 0; round < 2; round++) {
      const removed = await request(file.subject, 'DELETE', '/api/me/banner', {
        cookie: user.cookie,
      })
      expect(removed.status).toBe(200)
      expect(jsonOf(removed)).toEqual({ banner: '', bannerThumbhash: '' })
    }
    expect(await storedKeys(file.subject, bannerKeys(user.uid, version))).toEqual([])
    expect(await profileOf(user)).toMatchObject({ banner: '', bannerThumbhash: '' })
    expect((await request(file.subject, 'GET', path)).status).toBe(404)
  })
})

describe('the banner and the account', () => {
  it('is in the export as banner.jpg', async () => {
    const user = await file.createUser()
    await uploadSolid(user, 600, 200, '#0066cc')
    const exported = await request(file.subject, 'GET', '/api/me/export', {
      cookie: user.cookie,
    })
    expect(exported.status).toBe(200)
    const files = unzipSync(new Uint8Array(exported.bytes))
    expect(Object.keys(files).sort()).toEqual(['banner.jpg', 'mofu-data.json'])
    expect(
      Buffer.from(files['banner.jpg'] ?? []).equals(
        (await masterOf(user.uid))?.body ?? Buffer.alloc(0),
      ),
    ).toBe(true)
    const data = JSON.parse(new TextDecoder().decode(files['mofu-data.json'])) as {
      profile: { banner: unknown; avatar: unknown }
    }
    expect(data.profile).toMatchObject({ banner: 'banner.jpg', avatar: null })
  })

  it('goes with the account: no banner file is left', async () => {
    const user = await file.createUser()
    const { path, version } = bannerOf(await uploadBanner(user, await photo()), user)
    expect(await storedKeys(file.subject, bannerKeys(user.uid, version))).toHaveLength(5)
    const deleted = await request(file.subject, 'DELETE', '/api/me', {
      cookie: user.cookie,
      body: { password: TEST_PASSWORD },
    })
    expect(deleted.status).toBe(204)
    expect(await storedKeys(file.subject, bannerKeys(user.uid, version))).toEqual([])
    expect((await request(file.subject, 'GET', path)).status).toBe(404)
  })
})

describe('decoding', () => {
  it('shares the two decode slots and eight places in line with avatar uploads', async () => {
    // Sixteen uploads at once, half avatars, half banners: two decode, eight wait, the rest are
    // turned away. Slots and lines of their own per kind would take all sixteen. On a busy
    // machine the first may be done before the last arrives, so fewer than six may be turned
    // away, but never none, and never more than the ten places leave.
    const users = await Promise.all([1, 2, 3, 4].map(() => file.createUser()))
    const sent = await sharp(await photo())
      .png({ compressionLevel: 1 })
      .toBuffer()
    // Straight to the app: a 503 is an answer expected here.
    const answers = await Promise.all(
      users.flatMap((user) =>
        ['/api/me/avatar', '/api/me/banner', '/api/me/avatar', '/api/me/banner'].map((path) =>
          callApp(file.subject.app, path, {
            method: 'PUT',
            cookie: user.cookie,
            raw: new Uint8Array(sent),
            headers: { 'Content-Type': 'image/png' },
          }),
        ),
      ),
    )
    const busy = answers.filter((answer) => answer.status === 503)
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(16 - busy.length)
    expect(busy.length).toBeGreaterThanOrEqual(1)
    expect(busy.length).toBeLessThanOrEqual(6)
    for (const answer of busy) expect(answer.headers.get('retry-after')).toBe('5')
  }, 60_000)
})

describe('banners on S3 storage', () => {
  const s3 = file.onS3()

  it('uploads, serves, revalidates, deletes, and goes with the account', async () => {
    const user = await file.createUser(s3.app)
    const { path, version } = bannerOf(
      await uploadBanner(user, await photo(), 'image/jpeg', s3.app),
      user,
    )
    expect(await sharp((await masterOf(user.uid, s3.app))?.body).metadata()).toMatchObject({
      width: 1500,
      height: 500,
    })
    const served = await request(s3.app, 'GET', `/media/banners/${user.uid}/1200.webp?v=${version}`)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/webp')
    expect(served.headers.get('cache-control')).toBe(IMMUTABLE)
    s3.peer.requests.length = 0
    const unchanged = await request(s3.app, 'GET', path, {
      headers: { 'If-None-Match': `"${version}"` },
    })
    expect(unchanged.status).toBe(304)
    expect(s3.peer.requests).toEqual([])

    const removed = await request(s3.app, 'DELETE', '/api/me/banner', {
      cookie: user.cookie,
    })
    expect(jsonOf(removed)).toEqual({ banner: '', bannerThumbhash: '' })
    expect(await storedKeys(s3.app, bannerKeys(user.uid, version))).toEqual([])

    const again = bannerOf(await uploadBanner(user, await photo(), 'image/jpeg', s3.app), user)
    const deleted = await request(s3.app, 'DELETE', '/api/me', {
      cookie: user.cookie,
      body: { password: TEST_PASSWORD },
    })
    expect(deleted.status).toBe(204)
    expect(await storedKeys(s3.app, bannerKeys(user.uid, again.version))).toEqual([])
  })
})

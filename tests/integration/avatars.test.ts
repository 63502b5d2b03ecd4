import { createHash } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Profile } from '../../src/shared/profile'
import { openDatabase } from '../../src/server/db/database'
import { migrateTo } from '../../src/server/db/migrate'
import { createLocalStorage } from '../../src/server/storage/local-storage'
import { callApp, type Answer } from '../support/api'
import { appWithMail } from '../support/app-with-mail'
import {
  expectStoredMaster,
  landscapePng,
  meanColour,
  REFUSED_UPLOADS,
  solid,
} from '../support/upload-images'
import { createTestApp, type TestApp } from '../support/test-app'
import { createTestDatabase } from '../support/test-database'
import { TEST_PASSWORD, type TestUser } from '../support/test-users'

/**
 * Avatars over HTTP (docs/api.md "Avatars"): PUT and DELETE /api/me/avatar,
 * GET /media/avatars/:uid, and the avatar going with the account, checked against what the
 * storage holds. Images are made with sharp here; the hostile ones by hand.
 */

const AVATAR_URL = /^http:\/\/localhost:3000\/media\/avatars\/([A-Za-z0-9_-]+)\?v=([0-9a-f]{16})$/
const IMMUTABLE = 'public, max-age=31536000, immutable'
const REVALIDATE = 'public, no-cache'

interface RequestOptions {
  cookie?: string
  body?: Buffer | string
  contentType?: string
  headers?: Record<string, string>
}

const file = appWithMail('avatar')

/** A request to `app`; no answer may be a 5xx. */
async function request(
  method: string,
  path: string,
  options: RequestOptions = {},
  app: TestApp = file.subject,
): Promise<Answer> {
  const body = typeof options.body === 'string' ? Buffer.from(options.body) : options.body
  const answer = await callApp(app.app, path, {
    method,
    cookie: options.cookie,
    raw: body === undefined ? undefined : new Uint8Array(body),
    headers: {
      ...(options.contentType === undefined ? {} : { 'Content-Type': options.contentType }),
      ...options.headers,
    },
  })
  expect(answer.status, `${method} ${path}: ${answer.text.slice(0, 200)}`).toBeLessThan(500)
  return answer
}

const upload = (user: TestUser, image: Buffer | string, contentType = 'image/png', app?: TestApp) =>
  request('PUT', '/api/me/avatar', { cookie: user.cookie, body: image, contentType }, app)

/** The URL an accepted upload answers, checked for its shape and split into its parts. */
function avatarOf(answer: Answer, user: TestUser) {
  expect(answer.status, answer.bytes.toString()).toBe(200)
  const { avatar } = answer.json as { avatar: string }
  const match = AVATAR_URL.exec(avatar)
  expect(match, avatar).not.toBeNull()
  expect(match?.[1]).toBe(user.uid)
  const url = new URL(avatar)
  return { avatar, path: url.pathname + url.search, version: match?.[2] ?? '' }
}

const storedAvatar = (uid: string, app: TestApp = file.subject) => app.storage.get(`avatars/${uid}`)

async function profileAvatar(user: TestUser): Promise<string> {
  const profile = await request('GET', '/api/me/profile', { cookie: user.cookie })
  expect(profile.status).toBe(200)
  return (profile.json as Profile).avatar
}

/** Whether EXIF data holds the GPS IFD pointer (tag 0x8825, in either byte order). */
const hasGpsPointer = (exif: Buffer | undefined) =>
  exif !== undefined &&
  (exif.includes(Buffer.from([0x88, 0x25, 0x00, 0x04])) ||
    exif.includes(Buffer.from([0x25, 0x88, 0x04, 0x00])))

describe('PUT /api/me/avatar', () => {
  it('stores a 2000×1500 PNG as a centred 1080 px JPEG square and sets the profile avatar', async () => {
    const user = await file.createUser()
    const png = await landscapePng(2000, 1500)

    const answer = await upload(user, png)
    const { avatar, version } = avatarOf(answer, user)
    expect(answer.json).toEqual({
      avatar,
      avatarThumbhash: expect.stringMatching(/^[A-Za-z0-9+/]{20,}={0,2}$/),
    })

    const body = await expectStoredMaster(await storedAvatar(user.uid), version, 1080, 1080)
    // The middle square, not the whole picture squeezed: no red from the side strips.
    const [red, green, blue] = await meanColour(body)
    expect(red).toBeLessThan(10)
    expect(green).toBeLessThan(10)
    expect(blue).toBeGreaterThan(240)

    expect(await profileAvatar(user)).toBe(avatar)
  })

  it('creates the profile when the user has none yet, and public pages show the avatar', async () => {
    const user = await file.createUser()
    const row = () =>
      file.subject.database.db
        .selectFrom('profiles')
        .select('avatar_version')
        .where('user_id', '=', user.uid)
        .executeTakeFirst()
    expect(await row()).toBeUndefined()

    const { avatar, version } = avatarOf(
      await upload(user, await solid(300, 300, '#ffcc00').png().toBuffer()),
      user,
    )
    // The version alone: the URL's origin comes from PUBLIC_URL when answering.
    expect(await row()).toEqual({ avatar_version: version })

    const named = await request('PATCH', '/api/me/profile', {
      cookie: user.cookie,
      contentType: 'application/json',
      body: JSON.stringify({ name: 'Avatar Owner', handle: 'owner1x' }),
    })
    expect(named.status).toBe(200)
    expect(named.json).toMatchObject({ avatar })
    const shown = await request('GET', '/api/profiles/owner1x')
    expect(shown.json).toMatchObject({ avatar })
  })

  it('never enlarges: a 200×300 WebP becomes a 200 px square', async () => {
    const user = await file.createUser()
    const webp = await solid(200, 300, '#22aa66').webp().toBuffer()
    avatarOf(await upload(user, webp, 'image/webp'), user)
    const metadata = await sharp((await storedAvatar(user.uid))?.body).metadata()
    expect(metadata).toMatchObject({ format: 'jpeg', width: 200, height: 200 })
  })

  it('drops EXIF, GPS included, and turns the picture upright first', async () => {
    const user = await file.createUser()
    // Stored 400×200, red above blue; orientation 6 shows it turned a quarter clockwise, so
    // upright it is 200×400 with blue on the left and red on the right.
    const halves = await sharp({
      create: { width: 400, height: 200, channels: 3, background: '#0000ff' },
    })
      .composite([{ input: await solid(400, 100, '#ff0000').png().toBuffer(), top: 0, left: 0 }])
      .png()
      .toBuffer()
    const jpeg = await sharp(halves)
      .jpeg({ quality: 95 })
      .withExif({
        IFD0: { Make: 'MofuCam', Model: 'Spy 1' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '35/1 39/1 2916/100',
          GPSLongitudeRef: 'E',
          GPSLongitude: '139/1 42/1 1069/100',
        },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer()
    const sent = await sharp(jpeg).metadata()
    expect(sent.exif?.toString('latin1')).toContain('MofuCam')
    expect(hasGpsPointer(sent.exif)).toBe(true)
    expect(sent.orientation).toBe(6)

    avatarOf(await upload(user, jpeg, 'image/jpeg'), user)
    const body = (await storedAvatar(user.uid))?.body ?? Buffer.alloc(0)
    const metadata = await sharp(body).metadata()
    expect(metadata.exif).toBeUndefined()
    expect(metadata.xmp).toBeUndefined()
    expect(metadata.orientation).toBeUndefined()
    expect(body.toString('latin1')).not.toMatch(/MofuCam|Exif/)
    expect(metadata).toMatchObject({ width: 200, height: 200 })

    const left = await sharp(body).extract({ left: 0, top: 50, width: 60, height: 100 }).toBuffer()
    const right = await sharp(body)
      .extract({ left: 140, top: 50, width: 60, height: 100 })
      .toBuffer()
    expect((await meanColour(left))[2]).toBeGreaterThan(200)
    expect((await meanColour(right))[0]).toBeGreaterThan(200)
  })

  it('puts a transparent PNG on white', async () => {
    const user = await file.createUser()
    const clear = await sharp({
      create: { width: 50, height: 50, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer()
    avatarOf(await upload(user, clear), user)
    expect(await meanColour((await storedAvatar(user.uid))?.body ?? Buffer.alloc(0))).toEqual([
      255, 255, 255,
    ])
  })

  it('gives a new image a new version', async () => {
    const user = await file.createUser()
    const first = avatarOf(
      await upload(user, await solid(64, 64, '#ff0000').png().toBuffer()),
      user,
    )
    const second = avatarOf(
      await upload(user, await solid(64, 64, '#00ff00').png().toBuffer()),
      user,
    )
    expect(second.version).not.toBe(first.version)
    expect(await profileAvatar(user)).toBe(second.avatar)
  })
})

describe('refused uploads', () => {
  // Two owners take turns, since each user may upload only 10 times a minute.
  const owners: { user: TestUser; before: { avatar: string; body: Buffer } }[] = []
  let owner: TestUser
  let before: { avatar: string; body: Buffer }

  beforeAll(async () => {
    for (let count = 0; count < 2; count++) {
      const user = await file.createUser()
      const { avatar } = avatarOf(
        await upload(user, await solid(120, 120, '#ff66aa').png().toBuffer()),
        user,
      )
      const body = (await storedAvatar(user.uid))?.body ?? Buffer.alloc(0)
      owners.push({ user, before: { avatar, body } })
    }
    const [first] = owners
    if (first === undefined) throw new Error('no owner was made')
    owner = first.user
    before = first.before
  }, 30_000)

  it.each(REFUSED_UPLOADS.map((refused, index) => [...refused, index] as const))(
    'refuses %s, storing nothing',
    async (_label, make, contentType, status, message, index) => {
      const { user, before: kept } = owners[index % owners.length] ?? { user: owner, before }
      const answer = await request('PUT', '/api/me/avatar', {
        cookie: user.cookie,
        body: await make(),
        contentType,
      })
      expect(answer.status).toBe(status)
      expect(answer.json).toEqual({ message, code: expect.stringMatching(/^AVATAR_/) })

      expect((await storedAvatar(user.uid))?.body.equals(kept.body)).toBe(true)
      expect(await profileAvatar(user)).toBe(kept.avatar)
    },
  )

  it('answers 401 without a session or with a forged one, and stores nothing', async () => {
    const png = await solid(32, 32, '#000000').png().toBuffer()
    for (const cookie of [undefined, 'better-auth.session_token=forged.token']) {
      const answer = await request('PUT', '/api/me/avatar', {
        cookie,
        body: png,
        contentType: 'image/png',
      })
      expect(answer.status).toBe(401)
      expect(answer.json).toEqual({ code: 'UNAUTHENTICATED', message: 'Please log in first.' })
      expect((await request('DELETE', '/api/me/avatar', { cookie })).status).toBe(401)
    }
    expect((await storedAvatar(owner.uid))?.body.equals(before.body)).toBe(true)
  })

  it("offers no way to change another user's avatar", async () => {
    const attacker = await file.createUser()
    const png = await solid(32, 32, '#000000').png().toBuffer()
    const attempts: [method: string, path: string][] = [
      ['PUT', `/api/me/avatar?uid=${owner.uid}`],
      ['PUT', `/api/me/avatar/${owner.uid}`],
      ['PUT', `/api/users/${owner.uid}/avatar`],
      ['PUT', `/media/avatars/${owner.uid}`],
      ['POST', `/media/avatars/${owner.uid}`],
      ['DELETE', `/media/avatars/${owner.uid}`],
      ['DELETE', `/api/me/avatar/${owner.uid}`],
    ]
    for (const [method, path] of attempts) {
      const answer = await request(method, path, {
        cookie: attacker.cookie,
        ...(method === 'DELETE' ? {} : { body: png, contentType: 'image/png' }),
      })
      // The query string is ignored: that upload is the attacker's own avatar.
      if (path.startsWith('/api/me/avatar?')) {
        expect(avatarOf(answer, attacker).avatar).toContain(attacker.uid)
      } else {
        expect(answer.status, `${method} ${path}`).toBeGreaterThanOrEqual(400)
      }
    }
    expect((await storedAvatar(owner.uid))?.body.equals(before.body)).toBe(true)
    expect(await profileAvatar(owner)).toBe(before.avatar)
  })
})

describe('GET /media/avatars/:uid', () => {
  it('serves the JPEG with an ETag, and caches for good only the current version', async () => {
    const user = await file.createUser()
    const { path, version } = avatarOf(
      await upload(user, await solid(500, 400, '#aa44ff').png().toBuffer()),
      user,
    )
    const stored = await storedAvatar(user.uid)

    const current = await request('GET', path)
    expect(current.status).toBe(200)
    expect(current.bytes.equals(stored?.body ?? Buffer.alloc(0))).toBe(true)
    expect(current.headers.get('content-type')).toBe('image/jpeg')
    expect(current.headers.get('x-content-type-options')).toBe('nosniff')
    expect(current.headers.get('cache-control')).toBe(IMMUTABLE)
    expect(current.headers.get('cross-origin-resource-policy')).toBe('same-site')
    const etag = current.headers.get('etag') ?? ''
    expect(etag).toBe(`"${version}"`)

    for (const other of ['', '?v=0000000000000000', `?v=${version.toUpperCase()}x`]) {
      const stale = await request('GET', `/media/avatars/${user.uid}${other}`)
      expect(stale.status).toBe(200)
      expect(stale.headers.get('cache-control'), other).toBe(REVALIDATE)
      expect(stale.bytes.equals(current.bytes)).toBe(true)
    }

    for (const tag of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const unchanged = await request('GET', path, { headers: { 'If-None-Match': tag } })
      expect(unchanged.status, tag).toBe(304)
      expect(unchanged.bytes.length).toBe(0)
      expect(unchanged.headers.get('etag')).toBe(etag)
    }
    const changed = await request('GET', path, { headers: { 'If-None-Match': '"other"' } })
    expect(changed.status).toBe(200)
    expect(changed.bytes.equals(current.bytes)).toBe(true)
  })

  it('answers 404 where there is no avatar', async () => {
    const user = await file.createUser()
    for (const path of [
      `/media/avatars/${user.uid}`,
      '/media/avatars/nobody-has-this-id',
      '/media/avatars/..%2F..%2Fetc%2Fpasswd',
      '/media/avatars/%2e%2e',
      '/media/avatars/.hidden',
      '/media/avatars/-dash',
      `/media/avatars/${'a'.repeat(600)}`,
    ]) {
      const answer = await request('GET', path)
      expect(answer.status, path).toBe(404)
      expect(answer.json).toEqual({ code: 'NOT_FOUND', message: expect.any(String) })
    }
  })
})

describe('DELETE /api/me/avatar', () => {
  it('removes the stored image and clears the field, and may be repeated', async () => {
    const user = await file.createUser()
    const { path } = avatarOf(
      await upload(user, await solid(90, 90, '#123456').png().toBuffer()),
      user,
    )

    const reset = await request('DELETE', '/api/me/avatar', { cookie: user.cookie })
    expect(reset.status).toBe(200)
    expect(reset.json).toEqual({ avatar: '', avatarThumbhash: '' })
    expect(await storedAvatar(user.uid)).toBeNull()
    expect(await profileAvatar(user)).toBe('')
    expect((await request('GET', path)).status).toBe(404)

    const again = await request('DELETE', '/api/me/avatar', { cookie: user.cookie })
    expect(again.status).toBe(200)
    expect(again.json).toEqual({ avatar: '', avatarThumbhash: '' })
  })
})

describe('DELETE /api/me', () => {
  it('removes the avatar with the account', async () => {
    const user = await file.createUser()
    const { path } = avatarOf(
      await upload(user, await solid(90, 90, '#654321').png().toBuffer()),
      user,
    )
    expect(await storedAvatar(user.uid)).not.toBeNull()

    const deleted = await request('DELETE', '/api/me', {
      cookie: user.cookie,
      contentType: 'application/json',
      body: JSON.stringify({ password: TEST_PASSWORD }),
    })
    expect(deleted.status).toBe(204)
    expect(await storedAvatar(user.uid)).toBeNull()
    expect((await request('GET', path)).status).toBe(404)
  })
})

describe('avatars on S3 storage', () => {
  const s3 = file.onS3()

  it('uploads, serves, revalidates and deletes through the same routes', async () => {
    const user = await file.createUser(s3.app)
    const answer = await upload(user, await landscapePng(1600, 1200), 'image/png', s3.app)
    const { path } = avatarOf(answer, user)

    const stored = await storedAvatar(user.uid, s3.app)
    expect(stored?.contentType).toBe('image/jpeg')
    expect(await sharp(stored?.body).metadata()).toMatchObject({ width: 1080, height: 1080 })

    const served = await request('GET', path, {}, s3.app)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/jpeg')
    expect(served.headers.get('cache-control')).toBe(IMMUTABLE)
    expect(served.bytes.equals(stored?.body ?? Buffer.alloc(0))).toBe(true)
    const etag = served.headers.get('etag') ?? ''
    expect(etag).toMatch(/^"[0-9a-f]{16}"$/)
    const unchanged = await request('GET', path, { headers: { 'If-None-Match': etag } }, s3.app)
    expect(unchanged.status).toBe(304)

    const reset = await request('DELETE', '/api/me/avatar', { cookie: user.cookie }, s3.app)
    expect(reset.json).toEqual({ avatar: '', avatarThumbhash: '' })
    expect(await storedAvatar(user.uid, s3.app)).toBeNull()
    expect((await request('GET', path, {}, s3.app)).status).toBe(404)
  })

  it('answers a revalidation from the profile, without fetching the image from S3', async () => {
    const user = await file.createUser(s3.app)
    const { path, version } = avatarOf(
      await upload(user, await solid(300, 300, '#33cc99').png().toBuffer(), 'image/png', s3.app),
      user,
    )
    const objectPath = `/${s3.peer.bucket}/uploads/avatars/${user.uid}`

    s3.peer.requests.length = 0
    const revalidations: [query: string, cacheControl: string][] = [
      [path, IMMUTABLE],
      [`/media/avatars/${user.uid}`, REVALIDATE],
    ]
    for (const [query, cacheControl] of revalidations) {
      const headers = { 'If-None-Match': `"${version}"` }
      const unchanged = await request('GET', query, { headers }, s3.app)
      expect(unchanged.status).toBe(304)
      expect(unchanged.headers.get('etag')).toBe(`"${version}"`)
      expect(unchanged.headers.get('cache-control')).toBe(cacheControl)
    }
    expect(s3.peer.requests).toEqual([])

    // The same log does see the image fetched when it is sent.
    const served = await request('GET', path, {}, s3.app)
    expect(served.status).toBe(200)
    expect(s3.peer.requests).toEqual([expect.stringMatching(`^GET ${objectPath}(\\?|$)`)])
  })
})

describe('avatar addresses', () => {
  const NEW_ORIGIN = 'http://mofu.example:8080'

  it('follow a new PUBLIC_URL: the profile answers the new origin and the image is served', async () => {
    const user = await file.createUser()
    const { version } = avatarOf(
      await upload(user, await solid(120, 120, '#0088ff').png().toBuffer()),
      user,
    )
    // The same database and storage, started again with another PUBLIC_URL.
    const moved = await createTestApp({
      smtpUrl: file.smtp.url,
      shareDatabaseOf: file.subject,
      storage: file.subject.storage,
      app: { publicUrl: NEW_ORIGIN },
    })
    try {
      const profile = await request('GET', '/api/me/profile', { cookie: user.cookie }, moved)
      expect(profile.status).toBe(200)
      const { avatar } = profile.json as Profile
      expect(avatar).toBe(`${NEW_ORIGIN}/media/avatars/${user.uid}?v=${version}`)
      const url = new URL(avatar)
      const image = await request('GET', url.pathname + url.search, {}, moved)
      expect(image.status).toBe(200)
      expect(image.headers.get('cache-control')).toBe(IMMUTABLE)
      expect(image.bytes.equals((await storedAvatar(user.uid))?.body ?? Buffer.alloc(0))).toBe(true)
    } finally {
      await moved.dispose()
    }
  })

  it('stored as whole URLs by an older Mofu are kept through the migration', async () => {
    const testDatabase = await createTestDatabase()
    const storage = createLocalStorage(await fs.mkdtemp(path.join(os.tmpdir(), 'mofu-storage-')))
    const jpeg = await solid(80, 80, '#ff8800').jpeg().toBuffer()
    const version = createHash('sha256').update(jpeg).digest('hex').slice(0, 16)
    await storage.put('avatars/olduser1', jpeg, 'image/jpeg')

    // The schema as it was before the version column, with rows as that Mofu wrote them.
    const old = openDatabase(testDatabase.target)
    try {
      const migration = await migrateTo(old, '0004_profiles')
      expect(migration.error).toBeUndefined()
      const now = new Date().toISOString()
      for (const [uid, handle, avatar] of [
        ['olduser1', 'oldavatar', `http://old.example/media/avatars/olduser1?v=${version}`],
        ['olduser2', 'noavatar', ''],
        ['olduser3', 'oddavatar', 'default:mofurun'],
      ] as const) {
        await sql`insert into "user" ("id", "name", "email", "emailVerified", "createdAt", "updatedAt")
          values (${uid}, 'Old', ${`${uid}@mofu.test`}, false, ${now}, ${now})`.execute(old.db)
        await sql`insert into profiles (user_id, username, avatar, updated_at)
          values (${uid}, ${handle}, ${avatar}, ${now})`.execute(old.db)
      }
    } finally {
      await old.close()
    }

    // Starting the app migrates, as a server start does; it runs under another PUBLIC_URL.
    const migrated = await createTestApp({
      smtpUrl: file.smtp.url,
      shareDatabaseOf: { testDatabase },
      storage,
      app: { publicUrl: NEW_ORIGIN },
    })
    try {
      const shown = await request('GET', '/api/profiles/oldavatar', {}, migrated)
      const avatar = `${NEW_ORIGIN}/media/avatars/olduser1?v=${version}`
      expect(shown.json).toMatchObject({ avatar })
      const image = await request('GET', new URL(avatar).pathname + `?v=${version}`, {}, migrated)
      expect(image.status).toBe(200)
      expect(image.headers.get('cache-control')).toBe(IMMUTABLE)
      expect(image.bytes.equals(jpeg)).toBe(true)
      for (const handle of ['noavatar', 'oddavatar']) {
        const none = await request('GET', `/api/profiles/${handle}`, {}, migrated)
        expect(none.json, handle).toMatchObject({ avatar: '' })
      }
    } finally {
      await migrated.dispose()
      await testDatabase.drop()
    }
  })
})

import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { thumbHashToAverageRGBA } from 'thumbhash'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Profile, PublicProfile } from '../../src/shared/profile'
import { createStorage } from '../../src/server/storage/create-storage'
import {
  expectSixRenditions,
  IMMUTABLE,
  jsonOf,
  NONE,
  picture,
  renditionKey,
  renditionsUser,
  request,
  REVALIDATE,
  SIX,
  solid,
  storedRenditions,
  upload,
} from '../support/avatar-renditions'
import { startS3Server, type S3Peer } from '../support/s3-server'
import { startSmtpCapture, type SmtpCapture } from '../support/smtp-capture'
import { createTestApp, type TestApp } from '../support/test-app'
import type { TestUser } from '../support/test-users'

/**
 * Avatars sized for where they show (issue 15): every upload also stores 96, 192 and 384 px
 * renditions in AVIF and WebP beside the 1080 px master, keyed by its version, and a thumbhash
 * in the profile; the renditions are served under /media/avatars/:uid/. On local disk and S3,
 * on both databases. Replacing and removing them: avatar-renditions-lifecycle.test.ts.
 */

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

const createUser = (app: TestApp = subject): Promise<TestUser> =>
  renditionsUser(app, smtp, 'renditions')

describe('PUT /api/me/avatar with renditions', () => {
  it('writes all six renditions, re-encoded at their sizes, and a thumbhash of the picture', async () => {
    const user = await createUser()
    // A WebP sent at 384 px is still decoded and re-encoded, not stored as sent.
    const sent = await solid(384, '#e05090').webp({ quality: 100 }).toBuffer()
    const { version, thumbhash } = await upload(subject, user, sent, 'image/webp')
    await expectSixRenditions(subject.storage, user.uid, version, 384)
    const webp384 = await subject.storage.get(renditionKey(user.uid, version, 384, 'webp'))
    expect(webp384?.body.equals(sent)).toBe(false)

    const average = thumbHashToAverageRGBA(Buffer.from(thumbhash, 'base64'))
    const colour = [average.r, average.g, average.b].map((channel) => Math.round(channel * 255))
    for (const [index, sent] of [0xe0, 0x50, 0x90].entries()) {
      expect(Math.abs((colour[index] ?? 0) - sent), `${colour.join()}`).toBeLessThan(16)
    }

    const cookie = { headers: { Cookie: user.cookie } }
    const own = jsonOf<Profile>(await request(subject, 'GET', '/api/me/profile', cookie))
    expect(own.avatarThumbhash).toBe(thumbhash)
    const handle = `sized${user.uid.slice(0, 8).replace(/[^A-Za-z0-9]/g, '')}`
    const saved = await request(subject, 'PATCH', '/api/me/profile', {
      headers: { Cookie: user.cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify({ handle }),
    })
    expect(saved.status).toBe(200)
    const shown = jsonOf<PublicProfile>(await request(subject, 'GET', `/api/profiles/${handle}`))
    expect(shown.avatarThumbhash).toBe(thumbhash)
  })

  it('makes the renditions of a 1080 px master at 96, 192 and 384 px, and never enlarges a small one', async () => {
    const user = await createUser()
    const large = await upload(subject, user, await picture('#2040a0'))
    await expectSixRenditions(subject.storage, user.uid, large.version, 1080)
    const small = await upload(subject, user, await solid(150, '#a04020').png().toBuffer())
    await expectSixRenditions(subject.storage, user.uid, small.version, 150)
  })

  it('serves each rendition with the master’s caching and security headers', async () => {
    const user = await createUser()
    const { version } = await upload(subject, user, await picture('#30a060'))
    for (const { px, format } of SIX) {
      const url = `/media/avatars/${user.uid}/${px}.${format}`
      const served = await request(subject, 'GET', `${url}?v=${version}`)
      expect(served.status).toBe(200)
      expect(served.headers.get('content-type')).toBe(`image/${format}`)
      expect(served.headers.get('cache-control')).toBe(IMMUTABLE)
      expect(served.headers.get('cross-origin-resource-policy')).toBe('same-site')
      expect(served.headers.get('x-content-type-options')).toBe('nosniff')
      const stored = await subject.storage.get(renditionKey(user.uid, version, px, format))
      expect(served.bytes.equals(stored?.body ?? Buffer.alloc(0))).toBe(true)
      const etag = served.headers.get('etag') ?? ''
      expect(etag).toBe(`"${version}.${px}.${format}"`)
      const again = await request(subject, 'GET', url, { headers: { 'If-None-Match': etag } })
      expect(again.status).toBe(304)
      expect(again.headers.get('cache-control')).toBe(REVALIDATE)
    }
    for (const name of ['97.avif', '96.jpeg', '96.AVIF', '..', '96.avif.meta.json']) {
      expect((await request(subject, 'GET', `/media/avatars/${user.uid}/${name}`)).status).toBe(404)
    }
    expect((await request(subject, 'GET', '/media/avatars/nobody/96.avif')).status).toBe(404)
  })

  it('serves the master in their place for an avatar stored before renditions existed', async () => {
    const user = await createUser()
    const { version } = await upload(subject, user, await picture('#808000'))
    for (const { px, format } of SIX) {
      await subject.storage.delete(renditionKey(user.uid, version, px, format))
    }
    const served = await request(subject, 'GET', `/media/avatars/${user.uid}/96.avif?v=${version}`)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/jpeg')
    const master = await subject.storage.get(`avatars/${user.uid}`)
    expect(served.bytes.equals(master?.body ?? Buffer.alloc(0))).toBe(true)
  })
})

describe('renditions on S3 storage', () => {
  let peer: S3Peer
  let onS3: TestApp

  beforeAll(async () => {
    peer = await startS3Server()
    onS3 = await createTestApp({
      smtpUrl: smtp.url,
      storage: createStorage({
        kind: 's3',
        bucket: peer.bucket,
        prefix: 'uploads',
        endpoint: peer.endpoint,
        region: peer.region,
        accessKeyId: peer.accessKeyId,
        secretAccessKey: peer.secretAccessKey,
        forcePathStyle: true,
      }),
    })
  }, 60_000)
  afterAll(async () => {
    await onS3?.dispose()
    await peer?.close()
  })

  it('writes, serves, replaces and removes them in the bucket', async () => {
    const user = await createUser(onS3)
    const first = await upload(onS3, user, await picture('#204060'))
    await expectSixRenditions(onS3.storage, user.uid, first.version, 1080)
    const served = await request(
      onS3,
      'GET',
      `/media/avatars/${user.uid}/384.webp?v=${first.version}`,
    )
    expect(served.headers.get('content-type')).toBe('image/webp')

    const second = await upload(onS3, user, await picture('#604020'))
    expect(await storedRenditions(onS3.storage, user.uid, first.version)).toEqual(NONE)
    await expectSixRenditions(onS3.storage, user.uid, second.version, 1080)

    await request(onS3, 'DELETE', '/api/me/avatar', { headers: { Cookie: user.cookie } })
    expect(await storedRenditions(onS3.storage, user.uid, second.version)).toEqual(NONE)
  })
})

describe('renditions on local disk', () => {
  it('sit beside the master in the avatars folder, one file each', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mofu-renditions-'))
    const local = await createTestApp({
      smtpUrl: smtp.url,
      storage: createStorage({ kind: 'local', dir }),
    })
    try {
      const user = await createUser(local)
      const { version } = await upload(local, user, await picture('#405060'))
      const files = (await fs.readdir(path.join(dir, 'avatars'))).filter((f) => !f.startsWith('.'))
      expect(files.sort()).toEqual(
        [user.uid, ...SIX.map(({ px, format }) => `${user.uid}.${version}.${px}.${format}`)].sort(),
      )
    } finally {
      await local.dispose()
      await fs.rm(dir, { recursive: true, force: true })
    }
  })
})

import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { thumbHashToAverageRGBA } from 'thumbhash'
import { describe, expect, it } from 'vitest'
import type { Profile, PublicProfile } from '../../src/shared/profile'
import { createStorage } from '../../src/server/storage/create-storage'
import {
  expectSixRenditions,
  IMMUTABLE,
  jsonOf,
  NONE,
  picture,
  renditionKey,
  request,
  REVALIDATE,
  SIX,
  solid,
  storedRenditions,
  upload,
} from '../support/avatar-renditions'
import { appWithMail } from '../support/app-with-mail'
import { createTestApp } from '../support/test-app'

/**
 * Avatars sized for where they show (docs/architecture.md "Avatars"): every upload also stores 96,
 * 192 and 384 px renditions in AVIF and WebP beside the 1080 px master, keyed by its version, and a
 * thumbhash in the profile; the renditions are served under /media/avatars/:uid/. On local disk and
 * S3, on both databases. Replacing and removing them: avatar-renditions-lifecycle.test.ts.
 */

const file = appWithMail('renditions')

describe('PUT /api/me/avatar with renditions', () => {
  it('writes all six renditions, re-encoded at their sizes, and a thumbhash of the picture', async () => {
    const user = await file.createUser()
    // A WebP sent at 384 px is still decoded and re-encoded, not stored as sent.
    const sent = await solid(384, '#e05090').webp({ quality: 100 }).toBuffer()
    const { version, thumbhash } = await upload(file.subject, user, sent, 'image/webp')
    await expectSixRenditions(file.subject.storage, user.uid, version, 384)
    const webp384 = await file.subject.storage.get(renditionKey(user.uid, version, 384, 'webp'))
    expect(webp384?.body.equals(sent)).toBe(false)

    const average = thumbHashToAverageRGBA(Buffer.from(thumbhash, 'base64'))
    const colour = [average.r, average.g, average.b].map((channel) => Math.round(channel * 255))
    for (const [index, sent] of [0xe0, 0x50, 0x90].entries()) {
      expect(Math.abs((colour[index] ?? 0) - sent), `${colour.join()}`).toBeLessThan(16)
    }

    const cookie = { cookie: user.cookie }
    const own = jsonOf<Profile>(await request(file.subject, 'GET', '/api/me/profile', cookie))
    expect(own.avatarThumbhash).toBe(thumbhash)
    const handle = `sized${user.uid.slice(0, 8).replace(/[^A-Za-z0-9]/g, '')}`
    const saved = await request(file.subject, 'PATCH', '/api/me/profile', {
      cookie: user.cookie,
      body: { handle },
    })
    expect(saved.status).toBe(200)
    const shown = jsonOf<PublicProfile>(
      await request(file.subject, 'GET', `/api/profiles/${handle}`),
    )
    expect(shown.avatarThumbhash).toBe(thumbhash)
  })

  it('makes the renditions of a 1080 px master at 96, 192 and 384 px, and never enlarges a small one', async () => {
    const user = await file.createUser()
    const large = await upload(file.subject, user, await picture('#2040a0'))
    await expectSixRenditions(file.subject.storage, user.uid, large.version, 1080)
    const small = await upload(file.subject, user, await solid(150, '#a04020').png().toBuffer())
    await expectSixRenditions(file.subject.storage, user.uid, small.version, 150)
  })

  it('serves each rendition with the master’s caching and security headers', async () => {
    const user = await file.createUser()
    const { version } = await upload(file.subject, user, await picture('#30a060'))
    for (const { px, format } of SIX) {
      const url = `/media/avatars/${user.uid}/${px}.${format}`
      const served = await request(file.subject, 'GET', `${url}?v=${version}`)
      expect(served.status).toBe(200)
      expect(served.headers.get('content-type')).toBe(`image/${format}`)
      expect(served.headers.get('cache-control')).toBe(IMMUTABLE)
      expect(served.headers.get('cross-origin-resource-policy')).toBe('same-site')
      expect(served.headers.get('x-content-type-options')).toBe('nosniff')
      const stored = await file.subject.storage.get(renditionKey(user.uid, version, px, format))
      expect(served.bytes.equals(stored?.body ?? Buffer.alloc(0))).toBe(true)
      const etag = served.headers.get('etag') ?? ''
      expect(etag).toBe(`"${version}.${px}.${format}"`)
      const again = await request(file.subject, 'GET', url, { headers: { 'If-None-Match': etag } })
      expect(again.status).toBe(304)
      expect(again.headers.get('cache-control')).toBe(REVALIDATE)
    }
    for (const name of ['97.avif', '96.jpeg', '96.AVIF', '..', '96.avif.meta.json']) {
      expect(
        (await request(file.subject, 'GET', `/media/avatars/${user.uid}/${name}`)).status,
      ).toBe(404)
    }
    expect((await request(file.subject, 'GET', '/media/avatars/nobody/96.avif')).status).toBe(404)
  })

  it('serves the master in their place for an avatar stored before renditions existed', async () => {
    const user = await file.createUser()
    const { version } = await upload(file.subject, user, await picture('#808000'))
    for (const { px, format } of SIX) {
      await file.subject.storage.delete(renditionKey(user.uid, version, px, format))
    }
    const served = await request(
      file.subject,
      'GET',
      `/media/avatars/${user.uid}/96.avif?v=${version}`,
    )
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/jpeg')
    const master = await file.subject.storage.get(`avatars/${user.uid}`)
    expect(served.bytes.equals(master?.body ?? Buffer.alloc(0))).toBe(true)
  })
})

describe('renditions on S3 storage', () => {
  const s3 = file.onS3()

  it('writes, serves, replaces and removes them in the bucket', async () => {
    const user = await file.createUser(s3.app)
    const first = await upload(s3.app, user, await picture('#204060'))
    await expectSixRenditions(s3.app.storage, user.uid, first.version, 1080)
    const served = await request(
      s3.app,
      'GET',
      `/media/avatars/${user.uid}/384.webp?v=${first.version}`,
    )
    expect(served.headers.get('content-type')).toBe('image/webp')

    const second = await upload(s3.app, user, await picture('#604020'))
    expect(await storedRenditions(s3.app.storage, user.uid, first.version)).toEqual(NONE)
    await expectSixRenditions(s3.app.storage, user.uid, second.version, 1080)

    await request(s3.app, 'DELETE', '/api/me/avatar', { cookie: user.cookie })
    expect(await storedRenditions(s3.app.storage, user.uid, second.version)).toEqual(NONE)
  })
})

describe('renditions on local disk', () => {
  it('sit beside the master in the avatars folder, one file each', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mofu-renditions-'))
    const local = await createTestApp({
      smtpUrl: file.smtp.url,
      storage: createStorage({ kind: 'local', dir }),
    })
    try {
      const user = await file.createUser(local)
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

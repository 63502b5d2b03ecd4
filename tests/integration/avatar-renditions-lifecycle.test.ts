import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Profile } from '../../src/shared/profile'
import { deleteAccountAsOperator } from '../../src/server/account/admin'
import { avatarVersion } from '../../src/server/storage/avatar-object'
import { createLocalStorage } from '../../src/server/storage/local-storage'
import type { ObjectStorage } from '../../src/server/storage/object-storage'
import {
  expectSixRenditions,
  jsonOf,
  NONE,
  picture,
  request,
  REVALIDATE,
  storedRenditions,
  upload,
} from '../support/avatar-renditions'
import { appWithMail } from '../support/app-with-mail'
import { createTestApp, type TestApp } from '../support/test-app'
import { TEST_PASSWORD, type TestUser } from '../support/test-users'
import { adminDepsOf } from '../support/admin-deps'

/**
 * An avatar's renditions over its life (docs/architecture.md "Avatars"): a new upload replaces all
 * six together and is seen whole or not at all; reset and account deletion remove them. On both
 * databases.
 */

const file = appWithMail('lifecycle')

describe('a second upload', () => {
  it('replaces all six, and leaves none of the first', async () => {
    const user = await file.createUser()
    const first = await upload(file.subject, user, await picture('#ff0000'))
    const second = await upload(file.subject, user, await picture('#0000ff'))
    expect(second.version).not.toBe(first.version)
    expect(second.thumbhash).not.toBe(first.thumbhash)
    expect(await storedRenditions(file.subject.storage, user.uid, first.version)).toEqual(NONE)
    await expectSixRenditions(file.subject.storage, user.uid, second.version, 1080)
    // An old URL gets the current image, revalidated rather than kept.
    const old = await request(
      file.subject,
      'GET',
      `/media/avatars/${user.uid}/192.avif?v=${first.version}`,
    )
    expect(old.headers.get('etag')).toBe(`"${second.version}.192.avif"`)
    expect(old.headers.get('cache-control')).toBe(REVALIDATE)
  })

  it('ends two racing uploads with the renditions of the one the profile points at, and no others', async () => {
    const user = await file.createUser()
    const racers = await Promise.all(
      ['#112233', '#445566', '#778899'].map(async (colour) =>
        upload(file.subject, user, await picture(colour)),
      ),
    )
    const profile = jsonOf<Profile>(
      await request(file.subject, 'GET', '/api/me/profile', { cookie: user.cookie }),
    )
    const current = /\?v=([0-9a-f]{16})$/.exec(profile.avatar)?.[1]
    for (const { version } of racers) {
      const stored = await storedRenditions(file.subject.storage, user.uid, version)
      expect(stored.every((one) => one !== null)).toBe(version === current)
      expect(stored.every((one) => one === null)).toBe(version !== current)
    }
  })
})

describe('a second upload seen from outside', () => {
  it('has its renditions stored before the profile points at it: until then readers get the first, whole, and the master is named by what it is', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mofu-order-'))
    const disk = createLocalStorage(dir)
    const seen: { servedEtag: string | null; newRenditions: number }[] = []
    const mastersServed: {
      etag: string | null
      bytesVersion: string
      cacheControl: string | null
    }[] = []
    let watched: { uid: string; app: TestApp; first: string } | null = null
    // The real storage, looking at what a reader gets at the moment the new master is written.
    const storage: ObjectStorage = {
      get: (key) => disk.get(key),
      delete: (key) => disk.delete(key),
      check: (timeoutMs) => disk.check(timeoutMs),
      async put(key, body, contentType) {
        if (watched !== null && key === `avatars/${watched.uid}`) {
          const { uid, app } = watched
          const served = await request(app, 'GET', `/media/avatars/${uid}/192.avif`)
          const fresh = await storedRenditions(disk, uid, avatarVersion(body))
          seen.push({
            servedEtag: served.headers.get('etag'),
            newRenditions: fresh.filter((one) => one !== null).length,
          })
        }
        await disk.put(key, body, contentType)
        if (watched !== null && key === `avatars/${watched.uid}`) {
          // Written, and the profile not yet switched: the master answers as what it now is.
          const { uid, app } = watched
          const master = await request(app, 'GET', `/media/avatars/${uid}?v=${watched.first}`)
          mastersServed.push({
            etag: master.headers.get('etag'),
            bytesVersion: avatarVersion(master.bytes),
            cacheControl: master.headers.get('cache-control'),
          })
        }
      },
    }
    const app = await createTestApp({ smtpUrl: file.smtp.url, storage })
    try {
      const user = await file.createUser(app)
      const first = await upload(app, user, await picture('#123456'))
      watched = { uid: user.uid, app, first: first.version }
      const second = await upload(app, user, await picture('#654321'))
      expect(seen).toEqual([{ servedEtag: `"${first.version}.192.avif"`, newRenditions: 6 }])
      // Never the new bytes under the first's name, nor kept for good under its URL.
      expect(mastersServed).toEqual([
        { etag: `"${second.version}"`, bytesVersion: second.version, cacheControl: REVALIDATE },
      ])
      const after = await request(app, 'GET', `/media/avatars/${user.uid}/192.avif`)
      expect(after.headers.get('etag')).toBe(`"${second.version}.192.avif"`)
    } finally {
      await app.dispose()
      await fs.rm(dir, { recursive: true, force: true })
    }
  })
})

describe('renditions go with the avatar', () => {
  const filesOf = async (user: TestUser, version: string) => [
    await file.subject.storage.get(`avatars/${user.uid}`),
    ...(await storedRenditions(file.subject.storage, user.uid, version)),
  ]
  const none = [null, ...NONE]

  it('Reset to Default removes the master and all six', async () => {
    const user = await file.createUser()
    const { version } = await upload(file.subject, user, await picture('#00ffff'))
    await expectSixRenditions(file.subject.storage, user.uid, version, 1080)
    const reset = await request(file.subject, 'DELETE', '/api/me/avatar', {
      cookie: user.cookie,
    })
    expect(jsonOf(reset)).toEqual({ avatar: '', avatarThumbhash: '' })
    expect(await filesOf(user, version)).toEqual(none)
    const profile = await request(file.subject, 'GET', '/api/me/profile', {
      cookie: user.cookie,
    })
    expect(jsonOf(profile)).toMatchObject({ avatar: '', avatarThumbhash: '' })
  })

  it('deleting the account removes them', async () => {
    const user = await file.createUser()
    const { version } = await upload(file.subject, user, await picture('#ff00ff'))
    await expectSixRenditions(file.subject.storage, user.uid, version, 1080)
    const deleted = await request(file.subject, 'DELETE', '/api/me', {
      cookie: user.cookie,
      body: { password: TEST_PASSWORD },
    })
    expect(deleted.status).toBe(204)
    expect(await filesOf(user, version)).toEqual(none)
  })

  it('`mofu users delete` removes them', async () => {
    const user = await file.createUser()
    const { version } = await upload(file.subject, user, await picture('#ffff00'))
    await expectSixRenditions(file.subject.storage, user.uid, version, 1080)
    await deleteAccountAsOperator(adminDepsOf(file.subject), user.uid)
    expect(await filesOf(user, version)).toEqual(none)
  })
})

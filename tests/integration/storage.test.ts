import { spawn } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { once } from 'node:events'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { removeImageFiles } from '../../src/server/avatars/avatar-files'
import {
  mediaKey,
  RENDITION_CONTENT_TYPES,
  renditionKeys,
} from '../../src/server/storage/avatar-object'
import { createStorage } from '../../src/server/storage/create-storage'
import { removeOrphanedTempFiles } from '../../src/server/storage/local-storage'
import type { S3Target } from '../../src/server/storage/s3-storage'
import { StorageKeyError, type ObjectStorage } from '../../src/server/storage/object-storage'
import { startS3Server, type S3Peer } from '../support/s3-server'

/**
 * The storage contract, one suite run against both drivers: a folder on
 * disk and S3 (against a local S3 server). What differs between them is checked after.
 */

const S3_PREFIX = 'mofu/contract'

interface Driver {
  storage: ObjectStorage
  close(): Promise<void>
}

async function localDriver(): Promise<Driver & { dir: string }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mofu-storage-test-'))
  return {
    dir,
    storage: createStorage({ kind: 'local', dir }),
    close: () => fs.rm(dir, { recursive: true, force: true }),
  }
}

function s3Target(peer: S3Peer): S3Target {
  return {
    kind: 's3',
    bucket: peer.bucket,
    prefix: S3_PREFIX,
    endpoint: peer.endpoint,
    region: peer.region,
    accessKeyId: peer.accessKeyId,
    secretAccessKey: peer.secretAccessKey,
    // s3rver knows buckets by path only.
    forcePathStyle: true,
  }
}

async function s3Driver(): Promise<Driver & { peer: S3Peer }> {
  const peer = await startS3Server()
  return { peer, storage: createStorage(s3Target(peer)), close: () => peer.close() }
}

/** A fresh key per test, so no test relies on another's objects. */
const newKey = () => `avatars/${randomUUID()}`

/** Every file under the folder, as paths relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true })
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort()
}

const drivers: [name: string, start: () => Promise<Driver>][] = [
  ['local folder', localDriver],
  ['S3', s3Driver],
]

describe.each(drivers)('%s storage', (_name, start) => {
  let driver: Driver
  let storage: ObjectStorage

  beforeAll(async () => {
    driver = await start()
    storage = driver.storage
  }, 30_000)
  afterAll(async () => {
    await driver?.close()
  })

  it('gives back exactly what was put, with an ETag, its content type, size and date', async () => {
    const key = newKey()
    // Every byte value, then random bytes: nothing may be decoded or re-encoded on the way.
    const body = Buffer.concat([
      Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
      randomBytes(300_000),
    ])
    const before = Date.now()
    await storage.put(key, body, 'image/jpeg')

    const stored = await storage.get(key)
    expect(stored).not.toBeNull()
    expect(stored?.body.equals(body)).toBe(true)
    expect(stored?.size).toBe(body.length)
    expect(stored?.contentType).toBe('image/jpeg')
    expect(stored?.lastModified).toBeInstanceOf(Date)
    // S3 dates have whole seconds.
    expect(stored?.lastModified.getTime()).toBeGreaterThanOrEqual(before - 2_000)
  })

  it('replaces the object on a second put', async () => {
    const key = newKey()
    await storage.put(key, Buffer.from('first version'), 'text/plain')
    await storage.put(key, Buffer.from('second, longer version'), 'image/png')

    const second = await storage.get(key)
    expect(second?.body.toString()).toBe('second, longer version')
    expect(second?.contentType).toBe('image/png')
    expect(second?.size).toBe('second, longer version'.length)
  })

  it('answers null for a key with nothing under it', async () => {
    expect(await storage.get(newKey())).toBeNull()
    expect(await storage.get(`never/${randomUUID()}/deeper`)).toBeNull()
  })

  it('deletes, and deleting what is not there is no error', async () => {
    const key = newKey()
    await storage.put(key, Buffer.from('short-lived'), 'text/plain')
    await storage.delete(key)
    expect(await storage.get(key)).toBeNull()

    await expect(storage.delete(key)).resolves.toBeUndefined()
    await expect(storage.delete(newKey())).resolves.toBeUndefined()
    await expect(storage.delete(`never/${randomUUID()}/deeper`)).resolves.toBeUndefined()
  })

  it('keeps keys apart', async () => {
    const [one, two] = [newKey(), newKey()]
    await storage.put(one, Buffer.from('one'), 'text/plain')
    await storage.put(two, Buffer.from('two'), 'text/plain')
    await storage.delete(one)
    expect(await storage.get(one)).toBeNull()
    expect((await storage.get(two))?.body.toString()).toBe('two')
  })

  it.each([
    ['avatars', 6],
    ['banners', 4],
  ] as const)(
    "holds an image's master and its %s renditions as objects of their own, removed together",
    async (folder, count) => {
      const uid = randomUUID()
      const [kept, removed] = ['0123456789abcdef', 'fedcba9876543210']
      for (const version of [kept, removed]) {
        for (const key of renditionKeys(folder, uid, version)) {
          await storage.put(key, Buffer.from(key), RENDITION_CONTENT_TYPES.avif)
        }
      }
      await storage.put(mediaKey(folder, uid), Buffer.from('master'), 'image/jpeg')
      expect(renditionKeys(folder, uid, removed)).toHaveLength(count)
      for (const key of renditionKeys(folder, uid, removed)) {
        expect((await storage.get(key))?.body.toString()).toBe(key)
      }

      await removeImageFiles(storage, folder, uid, removed)
      expect(await storage.get(mediaKey(folder, uid))).toBeNull()
      for (const key of renditionKeys(folder, uid, removed)) {
        expect(await storage.get(key)).toBeNull()
      }
      for (const key of renditionKeys(folder, uid, kept)) {
        expect((await storage.get(key))?.body.toString()).toBe(key)
      }
    },
  )

  it.each([
    ['../escape'],
    ['avatars/../../etc/passwd'],
    ['avatars/..'],
    ['/absolute'],
    ['avatars//double'],
    ['avatars/'],
    [''],
    ['.hidden'],
    ['avatars\\..\\windows'],
    ['avatars/nul\u0000byte'],
  ])('refuses the key %j', async (key) => {
    await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(StorageKeyError)
    await expect(storage.get(key)).rejects.toThrow(StorageKeyError)
    await expect(storage.delete(key)).rejects.toThrow(StorageKeyError)
  })
})

describe('local folder storage on disk', () => {
  let driver: Awaited<ReturnType<typeof localDriver>>

  beforeAll(async () => {
    driver = await localDriver()
  })
  afterAll(async () => {
    await driver?.close()
  })

  it('keeps each object as a plain file and leaves no temporary file behind', async () => {
    const { storage, dir } = driver
    const id = randomUUID()
    await storage.put(`avatars/${id}`, Buffer.from('first'), 'image/jpeg')
    await storage.put(`avatars/${id}`, Buffer.from('second'), 'image/jpeg')
    await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        storage.put(`avatars/${id}`, Buffer.from(`racer ${i}`), 'image/jpeg'),
      ),
    )
    await storage.put(`avatars/gone-${id}`, Buffer.from('gone'), 'image/jpeg')
    await storage.delete(`avatars/gone-${id}`)

    expect(await filesUnder(dir)).toEqual([`avatars/.${id}.meta.json`, `avatars/${id}`])
    expect((await fs.readFile(path.join(dir, 'avatars', id), 'utf8')).startsWith('racer ')).toBe(
      true,
    )
  })

  // Real S3 makes each PUT whole by itself; s3rver, the test stand-in, writes racing PUTs of one
  // key into one file, so this property is the local driver's own to prove.
  it('ends with one whole body when puts of one key race', async () => {
    const { storage } = driver
    const key = `avatars/${randomUUID()}`
    const bodies = Array.from({ length: 8 }, (_, i) => Buffer.alloc(200_000, i + 1))
    await Promise.all(bodies.map((body) => storage.put(key, body, 'application/octet-stream')))
    const stored = await storage.get(key)
    expect(bodies.some((body) => stored?.body.equals(body))).toBe(true)
  })

  it('removes its temporary file when a write fails', async () => {
    const { storage, dir } = driver
    const id = randomUUID()
    await storage.put(`nest-${id}/inner`, Buffer.from('inner'), 'text/plain')
    // A folder holds that name: the rename cannot replace it.
    await expect(storage.put(`nest-${id}`, Buffer.from('outer'), 'text/plain')).rejects.toThrow()
    const left = (await filesUnder(dir)).filter((file) => file.includes(id))
    expect(left.filter((file) => file.endsWith('.tmp'))).toEqual([])
    expect((await storage.get(`nest-${id}/inner`))?.body.toString()).toBe('inner')
  })

  it('at start, removes what dead writers left and keeps what a live one is writing', async () => {
    const { storage, dir } = driver
    const id = randomUUID()
    await storage.put(`avatars/${id}`, Buffer.from('whole'), 'image/jpeg')
    const exited = spawn(process.execPath, ['-e', ''])
    await once(exited, 'exit')
    const temp = (pid: number | undefined) => `avatars/.${id}.${pid}.${randomUUID()}.tmp`
    // A dead writer's, and this process's own (its id reused after a restart, as pid 1 is).
    const orphans = [temp(exited.pid), temp(process.pid)]
    const live = temp(process.ppid)
    for (const file of [...orphans, live]) {
      await fs.writeFile(path.join(dir, file), 'half')
    }
    expect(await removeOrphanedTempFiles(dir)).toBe(2)
    const left = (await filesUnder(dir)).filter((file) => file.includes(id))
    expect(left.sort()).toEqual([`avatars/.${id}.meta.json`, `avatars/${id}`, live].sort())
    expect((await storage.get(`avatars/${id}`))?.body.toString()).toBe('whole')
  })

  it('sees a file another process put since the last read', async () => {
    const { storage, dir } = driver
    const key = `avatars/${randomUUID()}`
    await storage.put(key, Buffer.from('first'), 'image/jpeg')
    expect((await storage.get(key))?.body.toString()).toBe('first')
    // Another instance on the same folder writes through its own temporary file and rename.
    const other = createStorage({ kind: 'local', dir })
    await other.put(key, Buffer.from('second'), 'image/jpeg')
    const seen = await storage.get(key)
    expect(seen?.body.toString()).toBe('second')
    await other.delete(key)
    expect(await storage.get(key)).toBeNull()
  })
})

describe('S3 storage in the bucket', () => {
  let driver: Awaited<ReturnType<typeof s3Driver>>

  beforeAll(async () => {
    driver = await s3Driver()
  }, 30_000)
  afterAll(async () => {
    await driver?.close()
  })

  it('stores under the prefix of STORAGE_URL with the content type', async () => {
    const { storage, peer } = driver
    const key = newKey()
    await storage.put(key, Buffer.from('prefixed'), 'image/jpeg')

    const raw = new S3Client({
      endpoint: peer.endpoint,
      region: peer.region,
      credentials: { accessKeyId: peer.accessKeyId, secretAccessKey: peer.secretAccessKey },
      forcePathStyle: true,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    })
    try {
      const object = await raw.send(
        new GetObjectCommand({ Bucket: peer.bucket, Key: `${S3_PREFIX}/${key}` }),
      )
      expect(await object.Body?.transformToString()).toBe('prefixed')
      expect(object.ContentType).toBe('image/jpeg')
    } finally {
      raw.destroy()
    }
  })

  it('fails loudly, not as "absent", when the bucket does not exist', async () => {
    const wrong = createStorage({ ...s3Target(driver.peer), bucket: 'no-such-bucket' })
    await expect(wrong.get(newKey())).rejects.toThrow()
  })
})

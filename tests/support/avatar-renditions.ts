import sharp from 'sharp'
import { expect } from 'vitest'
import { AVATAR_RENDITION_FORMATS, AVATAR_RENDITION_PX } from '../../src/shared/avatar-renditions'
import type { ObjectStorage } from '../../src/server/storage/object-storage'
import { callApp, type Call } from './api'
import type { TestApp } from './test-app'
import type { TestUser } from './test-users'

/** Helpers of the avatar rendition tests (tests/integration/avatar-renditions*.test.ts). */

export const IMMUTABLE = 'public, max-age=31536000, immutable'
export const REVALIDATE = 'public, no-cache'
/** What sharp calls each format when it reads it back (AVIF is a HEIF file coded with AV1). */
const READ_AS = { avif: 'heif', webp: 'webp' } as const
export const SIX = AVATAR_RENDITION_PX.flatMap((px) =>
  AVATAR_RENDITION_FORMATS.map((format) => ({ px, format })),
)

/** Any request to the app; no answer may be a 5xx. */
export async function request(app: TestApp, method: string, url: string, call: Call = {}) {
  const answer = await callApp(app.app, url, { method, ...call })
  expect(answer.status, `${method} ${url}: ${answer.text.slice(0, 200)}`).toBeLessThan(500)
  return answer
}

/** The JSON of an answer. */
export const jsonOf = <T>(answer: { bytes: Buffer }) => JSON.parse(answer.bytes.toString()) as T

/** Uploads and answers the new version and thumbhash. */
export async function upload(app: TestApp, user: TestUser, image: Buffer, type = 'image/png') {
  const answer = await request(app, 'PUT', '/api/me/avatar', {
    cookie: user.cookie,
    raw: new Uint8Array(image),
    headers: { 'Content-Type': type },
  })
  expect(answer.status, answer.bytes.toString()).toBe(200)
  const json = jsonOf<{ avatar: string; avatarThumbhash: string }>(answer)
  const version = /\?v=([0-9a-f]{16})$/.exec(json.avatar)?.[1] ?? ''
  expect(version).not.toBe('')
  return { version, thumbhash: json.avatarThumbhash }
}

export const renditionKey = (uid: string, version: string, px: number, format: string) =>
  `avatars/${uid}.${version}.${px}.${format}`

/** The six renditions of a version as the storage holds them (null where one is missing). */
export const storedRenditions = (storage: ObjectStorage, uid: string, version: string) =>
  Promise.all(SIX.map(({ px, format }) => storage.get(renditionKey(uid, version, px, format))))

export const NONE = SIX.map(() => null)

export const solid = (side: number, background: string) =>
  sharp({ create: { width: side, height: side, channels: 3, background } })

/** A photo-sized PNG, coloured so that each upload is a different image. */
export const picture = (background: string) => solid(1600, background).png().toBuffer()

/** All six renditions are stored, each in its format at its size (never above the master's). */
export async function expectSixRenditions(
  storage: ObjectStorage,
  uid: string,
  version: string,
  masterSide: number,
) {
  const stored = await storedRenditions(storage, uid, version)
  for (const [index, { px, format }] of SIX.entries()) {
    const rendition = stored[index]
    expect(rendition, `${px}.${format}`).not.toBeNull()
    expect(rendition?.contentType).toBe(`image/${format}`)
    const meta = await sharp(rendition?.body).metadata()
    const side = Math.min(px, masterSide)
    expect(meta).toMatchObject({ format: READ_AS[format], width: side, height: side })
  }
}

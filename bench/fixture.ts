import fs from 'node:fs/promises'
import path from 'node:path'
import { photoLikeJpeg } from './images'
import { sqliteSeeder } from './seed'
import { BENCH_HANDLE } from './settings'
import type { TestUser } from '../tests/support/test-users'
import { saveProfile, signUpAndVerify, uploadAvatar, uploadBanner } from './user'

/** What the HTTP cases need from a running app on SQLite in `dataDir`. */
export interface Fixture {
  user: TestUser
  /** The user's handle, lowercase: its /@handle page. */
  handle: string
  /** Path and version query of the user's avatar. */
  avatarPath: string
  avatarEtag: string
  avatarBytes: number
  /** The avatar as served, saved for the baseline to send the same bytes. */
  avatarFile: string
  /** Users seeded besides, with handles seededHandle(1…seededUsers). */
  seededUsers: number
}

/**
 * The public page's cases measure the page the server draws with the profile in it; a server
 * without the build's renderer (dist/prerender) answers the bare shell, drawn by the browser.
 */
async function expectServerDrawn(appUrl: string, page: string): Promise<void> {
  const answer = await fetch(`${appUrl}${page}`, { headers: { accept: 'text/html' } })
  const html = await answer.text()
  if (!answer.ok || !html.includes(`data-prerendered="${page}"`)) {
    throw new Error(`${page} answered ${answer.status} without the server's drawing of the profile`)
  }
}

/** Address the fixture user signs up from; sign-in cases use others. */
const FIXTURE_IP = '10.255.0.1'

/**
 * A signed-in user with a handle, every profile field, an avatar and a banner, made over HTTP, plus `seededUsers` users
 * written into the database beside it so that handle lookups find taken and free handles.
 */
export async function prepareFixture(
  appUrl: string,
  dataDir: string,
  seededUsers: number,
): Promise<Fixture> {
  const user = await signUpAndVerify(
    appUrl,
    path.join(dataDir, 'outbox'),
    'bench@mofu.invalid',
    FIXTURE_IP,
  )
  // The public page Lighthouse audits shows every field: a bio, pronouns, links, an accent
  // colour, a banner and a framed avatar.
  await saveProfile(appUrl, user, {
    handle: 'BenchFan',
    bio: 'Drawing cats and stars.\nSay hi at https://mofu.example/hello',
    pronouns: 'they/them',
    links: [
      { label: 'Sketchbook', url: 'https://sketch.example/benchfan' },
      { label: 'Blog', url: 'https://blog.example/' },
    ],
    accent: 'lavender',
    frame: 'sakura',
  })
  const avatarPath = await uploadAvatar(appUrl, user, await photoLikeJpeg(1080, 1080))
  await uploadBanner(appUrl, user, await photoLikeJpeg(1500, 500, 11))
  const avatar = await fetch(`${appUrl}${avatarPath}`)
  const body = await avatar.arrayBuffer()
  const avatarEtag = avatar.headers.get('etag')
  if (!avatar.ok || avatarEtag === null) throw new Error(`avatar GET answered ${avatar.status}`)
  await expectServerDrawn(appUrl, `/@${BENCH_HANDLE}`)

  // WAL mode lets this second connection write beside the running server.
  const seeder = sqliteSeeder(path.join(dataDir, 'mofu.db'))
  try {
    await seeder.seed(1, seededUsers)
  } finally {
    await seeder.close()
  }
  const avatarFile = path.join(dataDir, 'bench-avatar.jpg')
  await fs.writeFile(avatarFile, Buffer.from(body))
  return {
    user,
    handle: BENCH_HANDLE,
    avatarPath,
    avatarEtag,
    avatarBytes: body.byteLength,
    avatarFile,
    seededUsers,
  }
}

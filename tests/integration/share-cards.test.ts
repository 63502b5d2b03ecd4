import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import { createMetrics } from '../../src/server/metrics/metrics'
import { storedCardVersion } from '../../src/server/share-cards/card-versions'
import { AUTH_MESSAGES } from '../../src/shared/auth-messages'
import { callApp, type Answer, type Call } from '../support/api'
import { spreadName } from '../support/font-slices'
import { appWithMail } from '../support/app-with-mail'
import type { TestApp } from '../support/test-app'
import { TEST_PASSWORD, type TestUser } from '../support/test-users'
import { meanColour, solid } from '../support/upload-images'

/**
 * Share cards (docs/api.md "Share cards"): the og:image of /@handle answers a 1200 x 630 JPEG,
 * made again when what it shows changes, never for a ?v= other than the current one, and gone
 * with the account, on the local folder and on S3.
 */

/**
 * What the /@handle page needs of a built client: the shell, and a server-side entry that
 * draws the profile (the build's is src/client/app/prerender.tsx; the tags are the server's).
 */
const built = fs.mkdtempSync(path.join(os.tmpdir(), 'mofu-cards-'))
const clientDir = path.join(built, 'client')
const SHELL =
  '<!doctype html><html><head><title>Mofu</title><meta name="description" content="" /></head><body><div id="root" data-lang="en"></div></body></html>'
fs.mkdirSync(path.join(clientDir, 'pages'), { recursive: true })
fs.writeFileSync(path.join(clientDir, 'index.html'), SHELL)
fs.writeFileSync(path.join(clientDir, 'pages', 'shell-standard.html'), SHELL)
fs.mkdirSync(path.join(built, 'prerender'))
fs.writeFileSync(
  path.join(built, 'prerender', 'prerender.js'),
  `export const renderProfilePage = async () => ({ head: '', root: '<main>profile</main>' })
export const profileDescription = () => 'A profile on Mofu'`,
)
afterAll(() => fs.rmSync(built, { recursive: true, force: true }))

const METRICS_TOKEN = 'share-card-metrics-token-0123456789'
const file = appWithMail('card', {
  app: { clientDir, metrics: createMetrics(), metricsToken: METRICS_TOKEN },
})
/** Cards made on request a minute, for one account's profile and for one address (docs/api.md). */
const CARDS_PER_ACCOUNT = 5
const CARDS_PER_ADDRESS = 10
const CARD_URL = /^http:\/\/localhost:3000\/media\/cards\/([A-Za-z0-9_-]+)\.jpg\?v=([0-9a-f]{16})$/
const IMMUTABLE = 'public, max-age=31536000, immutable'

async function request(app: TestApp, target: string, call: Call = {}): Promise<Answer> {
  const answer = await callApp(app.app, target, call)
  expect(answer.status, `${target}: ${answer.text.slice(0, 200)}`).toBeLessThan(500)
  return answer
}

/** The cards the app made and stored on request so far, read from its metrics. */
async function cardsMadeOnRequest(app: TestApp): Promise<number> {
  const scraped = await callApp(app.app, '/metrics', {
    headers: { Authorization: `Bearer ${METRICS_TOKEN}` },
  })
  expect(scraped.status).toBe(200)
  const series = 'mofu_share_cards_made_total{cause="request"} '
  const line = scraped.text.split('\n').find((entry) => entry.startsWith(series))
  expect(line, series).toBeDefined()
  return Number(line?.slice(series.length))
}

async function save(app: TestApp, user: TestUser, patch: Record<string, unknown>) {
  const saved = await request(app, '/api/me/profile', {
    method: 'PATCH',
    cookie: user.cookie,
    body: patch,
  })
  expect(saved.status, saved.text).toBe(200)
}

/** The page's tags a link preview reads, by property or name. */
async function tagsOf(app: TestApp, handle: string, language = 'en') {
  const page = await request(app, `/@${handle.toLowerCase()}`, {
    headers: { Accept: 'text/html', 'Accept-Language': language },
  })
  expect(page.status).toBe(200)
  const tags = new Map<string, string>()
  for (const [, key = '', value = ''] of page.text.matchAll(
    /<meta (?:property|name)="([^"]+)" content="([^"]*)" \/>/g,
  )) {
    tags.set(key, value.replaceAll('&amp;', '&').replaceAll('&quot;', '"'))
  }
  return tags
}

/** The page's og:image, checked for its shape and split into its parts. */
async function cardOf(app: TestApp, user: TestUser, handle: string) {
  const image = (await tagsOf(app, handle)).get('og:image') ?? ''
  const match = CARD_URL.exec(image)
  expect(match, image).not.toBeNull()
  expect(match?.[1]).toBe(user.uid)
  const url = new URL(image)
  return { path: url.pathname + url.search, version: match?.[2] ?? '' }
}

/**
 * The version of the card in storage, once it is `version` (made while nobody waits: a second
 * after the save, and after the card before it and its rest of three times that card's time).
 */
async function storedCard(app: TestApp, uid: string, version: string) {
  let stored = await app.storage.get(`cards/${uid}`)
  const until = Date.now() + 15_000
  while (Date.now() < until && storedCardVersion(stored?.body ?? Buffer.alloc(0)) !== version) {
    await new Promise((resolve) => setTimeout(resolve, 50))
    stored = await app.storage.get(`cards/${uid}`)
  }
  return stored
}

/** The card in storage, once made, is of `version`; answers it. */
async function expectStoredCard(app: TestApp, uid: string, version: string) {
  const stored = await storedCard(app, uid, version)
  expect(storedCardVersion(stored?.body ?? Buffer.alloc(0))).toBe(version)
  return stored
}

async function expectCard(answer: Answer) {
  expect(answer.status).toBe(200)
  expect(answer.headers.get('Content-Type')).toBe('image/jpeg')
  const meta = await sharp(answer.bytes).metadata()
  expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630])
}

let handles = 0
const newHandle = (stem: string) => `${stem}${Date.now() % 100_000}x${(handles += 1)}`

/** A new user who saved a name and a handle, once the card made after the save is stored. */
async function profileWithCard(stem: string, name = stem) {
  const user = await file.createUser()
  const handle = newHandle(stem)
  await save(file.subject, user, { name, handle })
  const card = await cardOf(file.subject, user, handle)
  const stored = await expectStoredCard(file.subject, user.uid, card.version)
  return { user, handle, card, stored }
}

describe('the share card', () => {
  it('is the og:image of /@handle: a 1200 x 630 JPEG with its size, type and alt text', async () => {
    const user = await file.createUser()
    const handle = newHandle('Sora')
    await save(file.subject, user, { name: 'Sora そら', handle, accent: 'mint', frame: 'cat-ears' })
    const tags = await tagsOf(file.subject, handle)
    expect(tags.get('og:image:width')).toBe('1200')
    expect(tags.get('og:image:height')).toBe('630')
    expect(tags.get('og:image:type')).toBe('image/jpeg')
    expect(tags.get('og:image:alt')).toBe(`Profile card of Sora そら (@${handle})`)
    expect(tags.get('twitter:card')).toBe('summary_large_image')
    expect(tags.get('twitter:image')).toBe(tags.get('og:image'))
    expect((await tagsOf(file.subject, handle, 'ja')).get('og:image:alt')).toBe(
      `Sora そら（@${handle}）のプロフィールカード`,
    )
    const card = await cardOf(file.subject, user, handle)
    const served = await request(file.subject, card.path)
    await expectCard(served)
    expect(served.headers.get('Cache-Control')).toBe(IMMUTABLE)
    expect(served.headers.get('ETag')).toBe(`"${card.version}"`)
    const again = await request(file.subject, card.path, {
      headers: { 'If-None-Match': `"${card.version}"` },
    })
    expect(again.status).toBe(304)
  })

  it('is made again after a change of name or avatar, under a new address, in place of the old', async () => {
    // Made after the save, before anyone asked for it.
    const { user, handle, card: first } = await profileWithCard('Mimi')

    await save(file.subject, user, { name: 'Mimi 2' })
    const renamed = await cardOf(file.subject, user, handle)
    expect(renamed.version).not.toBe(first.version)
    const remade = await expectStoredCard(file.subject, user.uid, renamed.version)
    // One card per profile: the old one's bytes are gone, and its address answers the new one.
    const old = await request(file.subject, first.path)
    await expectCard(old)
    expect(old.headers.get('ETag')).toBe(`"${renamed.version}"`)
    expect(old.headers.get('Cache-Control')).toBe('public, no-cache')
    expect(old.bytes.equals(remade?.body ?? Buffer.alloc(0))).toBe(true)

    const avatar = await sharp({
      create: { width: 400, height: 400, channels: 3, background: '#33cc99' },
    })
      .png()
      .toBuffer()
    const uploaded = await callApp(file.subject.app, '/api/me/avatar', {
      method: 'PUT',
      cookie: user.cookie,
      raw: new Uint8Array(avatar),
      headers: { 'Content-Type': 'image/png' },
    })
    expect(uploaded.status, uploaded.text).toBe(200)
    const withAvatar = await cardOf(file.subject, user, handle)
    expect(withAvatar.version).not.toBe(renamed.version)
    await expectStoredCard(file.subject, user.uid, withAvatar.version)
  })

  it('shows the banner across its top, and is made again when the banner changes or goes', async () => {
    const user = await file.createUser()
    const handle = newHandle('Hoshi')
    await save(file.subject, user, { name: 'Hoshi', handle })
    const before = await cardOf(file.subject, user, handle)
    const put = (method: 'PUT' | 'DELETE', body?: Buffer) =>
      callApp(file.subject.app, '/api/me/banner', {
        method,
        cookie: user.cookie,
        ...(body === undefined
          ? {}
          : { raw: new Uint8Array(body), headers: { 'Content-Type': 'image/png' } }),
      })
    const uploaded = await put('PUT', await solid(1500, 500, '#2060e0').png().toBuffer())
    expect(uploaded.status, uploaded.text).toBe(200)
    const withBanner = await cardOf(file.subject, user, handle)
    expect(withBanner.version).not.toBe(before.version)
    const served = await request(file.subject, withBanner.path)
    await expectCard(served)
    // The card's top left corner, away from the avatar and the fade: the banner's blue.
    const corner = await sharp(served.bytes)
      .extract({ left: 0, top: 0, width: 200, height: 120 })
      .png()
      .toBuffer()
    const [red = 0, green = 0, blue = 0] = await meanColour(corner)
    expect(blue, `mean colour ${red}, ${green}, ${blue}`).toBeGreaterThan(180)
    expect(red).toBeLessThan(80)

    expect((await put('DELETE')).status).toBe(200)
    const removed = await cardOf(file.subject, user, handle)
    expect(removed.version).toBe(before.version)
    await expectStoredCard(file.subject, user.uid, removed.version)
  })

  it("draws a name of 50 kanji from 50 of the font's files as its first seven and '…'", async () => {
    const spread = spreadName(50)
    const { user, handle, stored: drawn } = await profileWithCard('Kan', spread)
    await save(file.subject, user, { name: `${spread.slice(0, 7)}…` })
    const short = await cardOf(file.subject, user, handle)
    const cut = await expectStoredCard(file.subject, user.uid, short.version)
    const picture = (jpeg: Buffer | undefined) => sharp(jpeg).raw().toBuffer()
    expect((await picture(drawn?.body)).equals(await picture(cut?.body))).toBe(true)
  })

  it('is never made for a ?v= that is not the current one', async () => {
    const user = await file.createUser()
    const handle = newHandle('Rin')
    await save(file.subject, user, { name: 'Rin', handle })
    const card = await cardOf(file.subject, user, handle)
    const before = await storedCard(file.subject, user.uid, card.version)
    const asked = await Promise.all(
      ['0000000000000000', 'ffffffffffffffff', 'x', ''].map((v) =>
        request(file.subject, `/media/cards/${user.uid}.jpg?v=${v}`),
      ),
    )
    for (const answer of asked) {
      expect(answer.headers.get('ETag')).toBe(`"${card.version}"`)
      expect(answer.headers.get('Cache-Control')).toBe('public, no-cache')
    }
    const after = await file.subject.storage.get(`cards/${user.uid}`)
    expect(after?.lastModified).toEqual(before?.lastModified)
    expect(after?.body.equals(before?.body ?? Buffer.alloc(0))).toBe(true)

    // A card missing from storage (another instance's save, a failed make) is made when asked,
    // once for a burst of asks, and it is the current one.
    await file.subject.storage.delete(`cards/${user.uid}`)
    const made = await cardsMadeOnRequest(file.subject)
    const burst = await Promise.all(
      Array.from({ length: 6 }, () => request(file.subject, `/media/cards/${user.uid}.jpg?v=1`)),
    )
    expect(await cardsMadeOnRequest(file.subject)).toBe(made + 1)
    for (const answer of burst) {
      await expectCard(answer)
      expect(answer.headers.get('ETag')).toBe(`"${card.version}"`)
    }
  })

  it('makes at most 5 cards a minute on request for one account: past that the card stored before answers, else 429', async () => {
    const { user, handle, card: first } = await profileWithCard('Aki')
    let before = first
    const made = await cardsMadeOnRequest(file.subject)
    // Asked for right after each save, a card is made on request, before the one made after it.
    for (let at = 1; at <= CARDS_PER_ACCOUNT; at++) {
      await save(file.subject, user, { name: `Aki ${at}` })
      const card = await cardOf(file.subject, user, handle)
      const answer = await request(file.subject, card.path)
      await expectCard(answer)
      expect(answer.headers.get('ETag')).toBe(`"${card.version}"`)
      before = card
    }
    expect(await cardsMadeOnRequest(file.subject)).toBe(made + CARDS_PER_ACCOUNT)

    await save(file.subject, user, { name: 'Aki past' })
    const past = await cardOf(file.subject, user, handle)
    const stale = await request(file.subject, past.path)
    await expectCard(stale)
    expect(stale.headers.get('ETag')).toBe(`"${before.version}"`)
    expect(stale.headers.get('Cache-Control')).toBe('public, no-cache')
    // The new card is still made, while nobody waits.
    const remade = await expectStoredCard(file.subject, user.uid, past.version)
    expect(await cardsMadeOnRequest(file.subject)).toBe(made + CARDS_PER_ACCOUNT)

    // With no card stored to answer with, the limit answers.
    expect(remade).not.toBeNull()
    await file.subject.storage.delete(`cards/${user.uid}`)
    const refused = await request(file.subject, past.path)
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect(refused.json).toEqual({ code: 'RATE_LIMITED', message: AUTH_MESSAGES.tooManyRequests })
    expect(await cardsMadeOnRequest(file.subject)).toBe(made + CARDS_PER_ACCOUNT)
  }, 60_000)

  it('makes at most 10 cards a minute on request for one address, whoever asks for', async () => {
    const address = '10.212.99.1'
    const profiles = await Promise.all(['Mei', 'Mei', 'Mei'].map((stem) => profileWithCard(stem)))
    const made = await cardsMadeOnRequest(file.subject)
    // Two accounts, each within its own limit, all from one address.
    for (const { user, handle } of profiles.slice(0, CARDS_PER_ADDRESS / CARDS_PER_ACCOUNT)) {
      for (let round = 1; round <= CARDS_PER_ACCOUNT; round++) {
        await save(file.subject, user, { name: `Mei ${round}` })
        const card = await cardOf(file.subject, user, handle)
        const answer = await request(file.subject, card.path, { ip: address })
        expect(answer.headers.get('ETag')).toBe(`"${card.version}"`)
      }
    }
    expect(await cardsMadeOnRequest(file.subject)).toBe(made + CARDS_PER_ADDRESS)

    // The third account's new card: the stored one for this address, made for another.
    const last = profiles[2]
    if (last === undefined) throw new Error('three profiles were made')
    await save(file.subject, last.user, { name: 'Mei new' })
    const card = await cardOf(file.subject, last.user, last.handle)
    const stale = await request(file.subject, card.path, { ip: address })
    await expectCard(stale)
    expect(stale.headers.get('ETag')).toBe(`"${last.card.version}"`)
    const elsewhere = await request(file.subject, card.path)
    await expectCard(elsewhere)
    expect(elsewhere.headers.get('ETag')).toBe(`"${card.version}"`)
    expect(await cardsMadeOnRequest(file.subject)).toBe(made + CARDS_PER_ADDRESS + 1)
  }, 60_000)

  it('answers 404 for no such user, a profile without a handle, and other names', async () => {
    const user = await file.createUser()
    for (const target of [
      `/media/cards/${user.uid}.jpg`,
      '/media/cards/nobody.jpg',
      `/media/cards/${user.uid}.png`,
      `/media/cards/${user.uid}`,
      '/media/cards/..%2Fetc.jpg',
    ]) {
      expect((await request(file.subject, target)).status, target).toBe(404)
    }
  })

  it('goes with the account', async () => {
    const user = await file.createUser()
    const handle = newHandle('Kai')
    await save(file.subject, user, { name: 'Kai', handle })
    const card = await cardOf(file.subject, user, handle)
    expect(await storedCard(file.subject, user.uid, card.version)).not.toBeNull()
    const deleted = await request(file.subject, '/api/me', {
      method: 'DELETE',
      cookie: user.cookie,
      body: { password: TEST_PASSWORD },
    })
    expect(deleted.status, deleted.text).toBe(204)
    expect(await file.subject.storage.get(`cards/${user.uid}`)).toBeNull()
    expect((await request(file.subject, card.path)).status).toBe(404)
  })
})

describe('share cards on S3 storage', () => {
  const s3 = file.onS3()

  it('are made, served and removed with the account there', async () => {
    const user = await file.createUser(s3.app)
    const handle = newHandle('Umi')
    await save(s3.app, user, { name: 'うみ', handle, accent: 'sky' })
    const card = await cardOf(s3.app, user, handle)
    await expectCard(await request(s3.app, card.path))
    await expectStoredCard(s3.app, user.uid, card.version)
    const deleted = await request(s3.app, '/api/me', {
      method: 'DELETE',
      cookie: user.cookie,
      body: { password: TEST_PASSWORD },
    })
    expect(deleted.status, deleted.text).toBe(204)
    expect(await s3.app.storage.get(`cards/${user.uid}`)).toBeNull()
  })
})

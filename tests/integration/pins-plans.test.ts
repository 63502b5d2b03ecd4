import { unzipSync } from 'fflate'
import { pino } from 'pino'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { openDatabase } from '../../src/server/db/database'
import { createMailer } from '../../src/server/mail/mailer'
import { planBook } from '../../src/server/plans/plan-book'
import { endDuePlans, grantPlan } from '../../src/server/plans/plan-grants'
import { catalogStore } from '../../src/server/catalog/catalog-store'
import type { PinAllowance } from '../../src/shared/plans'
import { callApp, callAuth, keptCookies } from '../support/api'
import { appWithMail } from '../support/app-with-mail'
import { dataFile, type TestItem } from '../support/bangumi-data-file'
import { TEST_PASSWORD, type TestUser } from '../support/test-users'

/**
 * Pins and plans (docs/api.md "Plans and pins"): the pins a period a plan grants, the period's
 * reset with the clock moved, concurrent pins, grants that end by themselves on any instance
 * exactly once, and the four profile fields no client can write, through the app on each
 * database.
 */

const PLANS = planBook([
  {
    name: 'free',
    label: { en: 'Free', ja: 'フリー' },
    pins: 5,
    folders: 2,
    publicFolders: 1,
  },
  {
    name: 'premium',
    label: { en: 'Premium', ja: 'プレミアム' },
    pins: 10,
    folders: 4,
    publicFolders: 4,
  },
])
const HOW_TO = {
  text: { en: 'Support us on our shop page.', ja: 'ショップのページから応援できます。' },
  url: 'https://shop.example/mofu',
}
const file = appWithMail('pins', { app: { plans: PLANS, premiumHowTo: HOW_TO } })
const call = (path: string, init: Parameters<typeof callApp>[2] = {}) =>
  callApp(file.subject.app, path, init)
const silent = pino({ level: 'silent' })

const DAY_MS = 24 * 60 * 60 * 1000
const PERIOD_MS = 30 * DAY_MS

/** Sixty titles, bgm-1 to bgm-60. */
const TITLES: TestItem[] = Array.from({ length: 60 }, (_, index) => ({
  title: `ピンの作品${index + 1}`,
  sites: [{ site: 'bangumi', id: String(index + 1) }],
}))
const id = (n: number) => `bgm-${n}`

beforeAll(async () => {
  expect(
    await catalogStore(file.subject.database).load({
      source: 'import',
      version: 'test data',
      bytes: dataFile(TITLES),
    }),
  ).toMatchObject({ status: 'loaded' })
})

/** How far the clock has been moved in this test. */
let moved = 0
afterEach(() => {
  vi.useRealTimers()
  moved = 0
})

/** Moves the clock (server and test alike) `ms` further forward. */
function later(ms: number) {
  moved += ms
  vi.useRealTimers()
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + moved })
}

/** Signs the user in again, as they would once days have passed and the session has ended. */
async function signInAgain(user: TestUser) {
  const signedIn = await callAuth(file.subject.app, '/sign-in/email', {
    ip: user.ip,
    body: { email: user.email, password: TEST_PASSWORD },
  })
  expect(signedIn.status).toBe(200)
  user.cookie = keptCookies(signedIn.cookie)
}

const heart = async (user: TestUser, ...ns: number[]) => {
  for (const n of ns) {
    expect(
      (await call(`/api/me/likes/${id(n)}`, { method: 'PUT', cookie: user.cookie })).status,
    ).toBe(200)
  }
}
const pin = (user: TestUser, n: number, body?: object) =>
  call(`/api/me/likes/${id(n)}/pin`, { method: 'PUT', cookie: user.cookie, body })
const unpin = (user: TestUser, n: number) =>
  call(`/api/me/likes/${id(n)}/pin`, { method: 'DELETE', cookie: user.cookie })

/** The profile's plan and pins, as GET /api/me/profile answers them. */
const allowance = async (user: TestUser): Promise<PinAllowance> => {
  const answer = await call('/api/me/profile', { cookie: user.cookie })
  expect(answer.status).toBe(200)
  const { plan, planUntil, pinCount, usedPinCount, pinResetAt } = answer.json as PinAllowance
  return { plan, planUntil, pinCount, usedPinCount, pinResetAt }
}

/** The pinned titles' numbers, in their pinned order. */
const pinned = async (user: TestUser) => {
  const answer = await call('/api/me/likes', { cookie: user.cookie })
  expect(answer.status).toBe(200)
  return (answer.json as { pinned: string[] }).pinned.map((anime) => Number(anime.slice(4)))
}

const OUT_OF_PINS = {
  code: 'OUT_OF_PINS',
  message:
    'You have used every pin of this period. More come when it ends; your pinned titles stay pinned.',
}

describe('GET /api/plans', () => {
  it('lists the configured plans, free first, and how to get one as the operator said', async () => {
    const answer = await call('/api/plans')
    expect(answer.status).toBe(200)
    expect(answer.json).toEqual({ plans: PLANS.list, howTo: HOW_TO })
  })
})

describe('pins', () => {
  it('sit in their own order, moved by neighbour, and are taken off without giving a pin back', async () => {
    const user = await file.createUser()
    await heart(user, 1, 2, 3, 4)
    expect((await pin(user, 1)).json).toMatchObject({
      id: id(1),
      allowance: { plan: 'free', pinCount: 5, usedPinCount: 1 },
    })
    await pin(user, 2)
    await pin(user, 3, { place: { after: null } })
    expect(await pinned(user)).toEqual([3, 1, 2])

    const moved = await call(`/api/me/likes/${id(3)}/pin`, {
      method: 'PATCH',
      cookie: user.cookie,
      body: { place: { after: id(2) } },
    })
    expect(moved.status).toBe(200)
    expect(await pinned(user)).toEqual([1, 2, 3])

    // Pinning again uses no pin; a title not on the board cannot be pinned.
    expect((await pin(user, 1)).json).toMatchObject({ allowance: { usedPinCount: 3 } })
    expect((await pin(user, 50)).status).toBe(404)
    // A body, when one is sent, is JSON of at most 8 KB; one refused uses no pin.
    const sent = (raw: string, contentType: string) =>
      call(`/api/me/likes/${id(4)}/pin`, {
        method: 'PUT',
        cookie: user.cookie,
        raw,
        headers: { 'Content-Type': contentType },
      })
    const large = JSON.stringify({ place: { after: null }, pad: 'x'.repeat(8 * 1024) })
    expect((await sent(large, 'application/json')).status).toBe(413)
    expect((await sent('{"place":{"after":null}}', 'text/plain')).status).toBe(415)
    expect(await pinned(user)).toEqual([1, 2, 3])

    expect((await unpin(user, 2)).status).toBe(204)
    expect(await pinned(user)).toEqual([1, 3])
    expect((await allowance(user)).usedPinCount).toBe(3)
    expect((await unpin(user, 50)).status).toBe(404)
  })

  it('use the plan’s pins a period, which come back 30 days after the first, pins kept', async () => {
    const user = await file.createUser()
    await heart(user, 1, 2, 3, 4, 5, 6, 7)
    const first = Date.now()
    for (const n of [1, 2, 3, 4, 5]) expect((await pin(user, n)).status).toBe(200)
    const spent = await allowance(user)
    expect(spent).toMatchObject({ plan: 'free', pinCount: 5, usedPinCount: 5, planUntil: null })
    const resetAt = Date.parse(spent.pinResetAt ?? '')
    expect(resetAt - first).toBeGreaterThanOrEqual(PERIOD_MS)
    expect(resetAt - Date.now()).toBeLessThanOrEqual(PERIOD_MS)

    const refused = await pin(user, 6)
    expect(refused.status).toBe(409)
    expect(refused.json).toEqual(OUT_OF_PINS)
    const inJapanese = await call(`/api/me/likes/${id(6)}/pin`, {
      method: 'PUT',
      cookie: user.cookie,
      headers: { 'Accept-Language': 'ja' },
    })
    expect(inJapanese.json).toEqual({
      code: 'OUT_OF_PINS',
      message:
        'この期間のピンはすべて使いました。期間が終わるとまた使えます。ピン留めした作品はそのまま残ります。',
    })
    // Unpinning gives no pin back.
    await unpin(user, 5)
    expect((await pin(user, 6)).status).toBe(409)

    later(resetAt - Date.now() - 1000)
    await signInAgain(user)
    expect((await pin(user, 6)).status).toBe(409)
    later(1000)
    expect(await allowance(user)).toMatchObject({ usedPinCount: 0, pinResetAt: null })
    expect(await pinned(user)).toEqual([1, 2, 3, 4])

    const next = await pin(user, 6)
    expect(next.status).toBe(200)
    const period = await allowance(user)
    expect(period.usedPinCount).toBe(1)
    expect(Date.parse(period.pinResetAt ?? '')).toBe(Date.now() + PERIOD_MS)
    expect(await pinned(user)).toEqual([1, 2, 3, 4, 6])
  })

  it('asked for 50 times at once against 5 left are granted exactly 5 times', async () => {
    const user = await file.createUser()
    const titles = Array.from({ length: 50 }, (_, index) => index + 1)
    await heart(user, ...titles)
    const answers = await Promise.all(titles.map((n) => pin(user, n)))
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(5)
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(45)
    expect(await pinned(user)).toHaveLength(5)
    expect((await allowance(user)).usedPinCount).toBe(5)
  })
})

describe('a plan', () => {
  const planDeps = () => ({
    db: file.subject.database.db,
    logger: silent,
    plans: PLANS,
    mailer: mailerOf(),
    publicUrl: 'http://localhost:3000',
  })
  const premium = PLANS.named('premium')
  if (premium === undefined) throw new Error('premium is configured above')

  it('grants its pins and folders until it ends, then free again with nothing deleted', async () => {
    const user = await file.createUser()
    const until = new Date(Date.now() + 10 * DAY_MS)
    expect(await grantPlan(planDeps(), user.uid, premium, until)).toEqual({ mailed: true })
    expect(await allowance(user)).toMatchObject({
      plan: 'premium',
      planUntil: until.toISOString(),
      pinCount: 10,
    })
    const granted = await file.smtp.waitForMail(user.email, { subject: /You are on the/ })
    expect(granted.subject).toBe('You are on the Premium plan on Mofu')
    expect(granted.text).toContain('http://localhost:3000/premium')
    expect(granted.text).toContain(
      new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(until),
    )
    await heart(user, 1, 2, 3, 4, 5, 6, 7, 8)
    for (const n of [1, 2, 3, 4, 5, 6]) expect((await pin(user, n)).status).toBe(200)
    for (const name of ['A', 'B', 'C', 'D']) {
      expect((await call('/api/me/folders', { cookie: user.cookie, body: { name } })).status).toBe(
        201,
      )
    }
    const full = await call('/api/me/folders', { cookie: user.cookie, body: { name: 'E' } })
    expect(full.status).toBe(409)
    expect(full.json).toMatchObject({ code: 'FOLDER_LIMIT' })

    // Past its end the grant counts as free (6 pins used of 5) before any sweep has written
    // it, and while one does.
    later(10 * DAY_MS)
    await signInAgain(user)
    expect((await pin(user, 7)).json).toEqual(OUT_OF_PINS)
    const [ended, during] = await Promise.all([endDuePlans(planDeps()), pin(user, 8)])
    expect(ended).toBe(1)
    expect(during.status).toBe(409)
    expect(await allowance(user)).toMatchObject({
      plan: 'free',
      planUntil: null,
      pinCount: 5,
      usedPinCount: 6,
    })
    expect(await pinned(user)).toEqual([1, 2, 3, 4, 5, 6])

    // Four folders stay over free's two; none is made until the board is under.
    const board = (await call('/api/me/likes', { cookie: user.cookie })).json as {
      folders: { id: string }[]
    }
    expect(board.folders).toHaveLength(4)
    expect(
      (await call('/api/me/folders', { cookie: user.cookie, body: { name: 'E' } })).json,
    ).toMatchObject({ code: 'FOLDER_LIMIT' })
    for (const folder of board.folders.slice(0, 3)) {
      const removed = await call(`/api/me/folders/${folder.id}`, {
        method: 'DELETE',
        cookie: user.cookie,
      })
      expect(removed.status).toBe(204)
    }
    expect(
      (await call('/api/me/folders', { cookie: user.cookie, body: { name: 'E' } })).status,
    ).toBe(201)

    const mail = await file.smtp.waitForMail(user.email, {
      subject: /plan on Mofu has ended/,
    })
    expect(mail.subject).toBe('Your Premium plan on Mofu has ended')
    expect(mail.text).toContain('http://localhost:3000/favorites')
    const activity = await call('/api/me/activity', { cookie: user.cookie })
    const events = (activity.json as { events: { event: string }[] }).events.map((e) => e.event)
    expect(events.filter((event) => event.startsWith('plan.'))).toEqual([
      'plan.ended',
      'plan.granted',
    ])
  })

  it("allows its public folders; past its end those over free's stay public and no other is made public", async () => {
    const user = await file.createUser()
    const folder = async (name: string) => {
      const made = await call('/api/me/folders', { cookie: user.cookie, body: { name } })
      expect(made.status).toBe(201)
      return (made.json as { id: string }).id
    }
    const show = (folderId: string, shown: boolean) =>
      call(`/api/me/folders/${folderId}`, {
        method: 'PATCH',
        cookie: user.cookie,
        body: { public: shown },
      })
    const PUBLIC_FOLDERS_FULL = {
      code: 'PUBLIC_FOLDERS_FULL',
      message:
        'Your plan has room for no more public folders: make one private first. Nothing over the limit is ever deleted.',
    }
    const [a, b] = [await folder('A'), await folder('B')]
    expect((await show(a, true)).status).toBe(200)
    const refused = await show(b, true)
    expect(refused.status).toBe(409)
    expect(refused.json).toEqual(PUBLIC_FOLDERS_FULL)

    await grantPlan(planDeps(), user.uid, premium, new Date(Date.now() + DAY_MS))
    const [c, d] = [await folder('C'), await folder('D')]
    for (const shown of [b, c]) expect((await show(shown, true)).status).toBe(200)

    later(DAY_MS)
    await signInAgain(user)
    expect(await endDuePlans(planDeps())).toBeGreaterThanOrEqual(1)
    const publicNow = async () => {
      const board = (await call('/api/me/likes', { cookie: user.cookie })).json as {
        folders: { name: string; public: boolean }[]
      }
      return board.folders.filter((kept) => kept.public).map((kept) => kept.name)
    }
    // Three public folders stay over free's one; none other is made public until under.
    expect(await publicNow()).toEqual(['A', 'B', 'C'])
    expect((await show(d, true)).json).toEqual(PUBLIC_FOLDERS_FULL)
    expect((await show(a, false)).status).toBe(200)
    expect((await show(d, true)).json).toEqual(PUBLIC_FOLDERS_FULL)
    for (const hidden of [b, c]) expect((await show(hidden, false)).status).toBe(200)
    expect((await show(d, true)).status).toBe(200)
    expect(await publicNow()).toEqual(['D'])
  })

  it('ends once, with one entry and one mail, when many instances sweep at the same moment', async () => {
    const user = await file.createUser()
    await grantPlan(planDeps(), user.uid, premium, new Date(Date.now() + DAY_MS))
    later(DAY_MS)
    const instances = Array.from({ length: 6 }, () =>
      openDatabase(file.subject.testDatabase.target),
    )
    try {
      const ended = await Promise.all(
        instances.map((database) =>
          endDuePlans({
            db: database.db,
            logger: silent,
            plans: PLANS,
            mailer: mailerOf(),
            publicUrl: 'http://localhost:3000',
          }),
        ),
      )
      expect(ended.reduce((sum, count) => sum + count, 0)).toBe(1)
    } finally {
      await Promise.all(instances.map((database) => database.close()))
    }
    const subject = 'Your Premium plan on Mofu has ended'
    await file.smtp.waitForMail(user.email, { subject: /plan on Mofu has ended/ })
    // Any second mail would have been sent by the time the sweeps returned.
    expect(
      file.smtp.messages.filter((mail) => mail.to.includes(user.email) && mail.subject === subject),
    ).toHaveLength(1)
    const activity = await call('/api/me/activity', { cookie: user.cookie })
    const events = (activity.json as { events: { event: string }[] }).events
    expect(events.filter((entry) => entry.event === 'plan.ended')).toHaveLength(1)
    expect((await allowance(user)).plan).toBe('free')
  })
})

/** A mailer to the test's SMTP capture, as each instance has its own. */
const mailerOf = () =>
  createMailer({
    smtpUrl: file.smtp.url,
    from: 'Mofu <no-reply@mofu.test>',
    outboxDir: '/nonexistent',
    logLinks: false,
    logger: silent,
  })

describe('the plan and pins of a profile', () => {
  it('no route lets a client write; the export holds them as the profile answers them', async () => {
    const user = await file.createUser()
    const premium = PLANS.named('premium')
    if (premium === undefined) throw new Error('premium is configured above')
    await grantPlan(
      {
        db: file.subject.database.db,
        logger: silent,
        plans: PLANS,
        mailer: mailerOf(),
        publicUrl: 'http://localhost:3000',
      },
      user.uid,
      premium,
      new Date(Date.now() + 5 * DAY_MS),
    )
    await heart(user, 1, 2)
    await pin(user, 1)
    const before = await allowance(user)
    expect(before).toMatchObject({ plan: 'premium', pinCount: 10, usedPinCount: 1 })

    const forged: Record<string, unknown> = {
      plan: 'free',
      planUntil: '2000-01-01T00:00:00.000Z',
      pinCount: 999,
      usedPinCount: 0,
      pinResetAt: null,
      pin_count: 999,
      used_pin_count: 0,
      pin_reset_at: null,
      plan_until: '2000-01-01T00:00:00.000Z',
    }
    // Each field alone beside what the route takes, so no other field gets the body refused.
    const routes: { path: string; method: string; body: (field: object) => object }[] = [
      { path: '/api/me/profile', method: 'PATCH', body: (field) => ({ name: 'Mika', ...field }) },
      { path: '/api/me/profile', method: 'PATCH', body: (field) => ({ preferences: field }) },
      { path: '/api/me/profile/links/check', method: 'POST', body: (field) => field },
      { path: `/api/me/likes/${id(2)}`, method: 'PUT', body: (field) => field },
      {
        path: `/api/me/likes/${id(2)}`,
        method: 'PATCH',
        body: (field) => ({ note: 'x', ...field }),
      },
      { path: `/api/me/likes/${id(2)}/pin`, method: 'PUT', body: (field) => field },
      {
        path: `/api/me/likes/${id(1)}/pin`,
        method: 'PATCH',
        body: (field) => ({ place: { after: null }, ...field }),
      },
      { path: '/api/me/folders', method: 'POST', body: (field) => ({ name: 'F', ...field }) },
      {
        path: '/api/auth/update-user',
        method: 'POST',
        body: (field) => ({ name: 'Mika', ...field }),
      },
    ]
    for (const route of routes) {
      for (const [key, value] of Object.entries(forged)) {
        await call(route.path, {
          method: route.method,
          ip: user.ip,
          cookie: user.cookie,
          body: route.body({ [key]: value }),
        })
        // The forged PUT of a pin may take one pin: a pin, not a write of the field.
        expect(await allowance(user), `${route.method} ${route.path} ${key}`).toEqual({
          ...before,
          usedPinCount: (await pinned(user)).length,
        })
      }
    }
    const after = await allowance(user)
    expect(after.usedPinCount).toBe(2)

    const exported = await callApp(file.subject.app, '/api/me/export', { cookie: user.cookie })
    expect(exported.status).toBe(200)
    const files = unzipSync(new Uint8Array(exported.bytes))
    const data = JSON.parse(new TextDecoder().decode(files['mofu-data.json'])) as {
      profile: Record<string, unknown>
      pinned: unknown
    }
    expect(data.profile).toMatchObject({ ...after })
    expect(data.pinned).toEqual((await pinned(user)).map(id))
  })
})

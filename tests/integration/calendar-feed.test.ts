import { unzipSync } from 'fflate'
import ICAL from 'ical.js'
import { beforeAll, describe, expect, it } from 'vitest'
import { disableAccount, enableAccount } from '../../src/server/account/admin'
import { catalogStore } from '../../src/server/catalog/catalog-store'
import { callApp, callAuth } from '../support/api'
import { appWithMail } from '../support/app-with-mail'
import { dataFile, type TestItem } from '../support/bangumi-data-file'
import { codeIn, resetWith } from '../support/recovery-flow'
import type { TestUser } from '../support/test-users'
import { adminDepsOf } from '../support/admin-deps'

/**
 * This week and the calendar feed (docs/api.md "This week", "Calendar feed"): the liked titles'
 * coming episodes from their weekly slot, and each account's secret iCalendar address, turned
 * on, replaced and off by its owner, through the app on each database. The feed's clock is set
 * to the Saturday before New York moves to summer time (8 March 2026).
 */

const NOW = new Date('2026-03-01T00:00:00.000Z')
const file = appWithMail('calendar', { app: { clock: () => NOW } })
const call = (path: string, init: Parameters<typeof callApp>[2] = {}) =>
  callApp(file.subject.app, path, init)

/** Saturdays 15:30 UTC (Sundays 00:30 in Japan), four episodes from 28 February 2026. */
const WEEKLY: TestItem = {
  title: '春の, 約束; テスト',
  titleTranslate: { en: ['Spring Promise'] },
  begin: '2026-02-28T15:30:00.000Z',
  end: '2026-03-21T15:30:00.000Z',
  broadcast: 'R/2026-02-28T15:30:00.000Z/P7D',
  sites: [
    { site: 'bangumi', id: '1' },
    { site: 'netflix', id: '81726714' },
  ],
}
/** Ended a year before: liked, but never in the feed. */
const ENDED: TestItem = {
  title: '終わった作品',
  begin: '2025-01-04T15:00:00.000Z',
  end: '2025-03-22T15:00:00.000Z',
  broadcast: 'R/2025-01-04T15:00:00.000Z/P7D',
  sites: [{ site: 'bangumi', id: '2' }],
}
/** A slot but no episode in the feed's weeks: it starts in July. */
const LATER: TestItem = {
  title: '夏の作品',
  begin: '2026-07-04T15:00:00.000Z',
  broadcast: 'R/2026-07-04T15:00:00.000Z/P7D',
  sites: [{ site: 'bangumi', id: '3' }],
}

beforeAll(async () => {
  expect(
    await catalogStore(file.subject.database).load({
      source: 'import',
      version: 'test data',
      bytes: dataFile([WEEKLY, ENDED, LATER]),
    }),
  ).toMatchObject({ status: 'loaded' })
})

const likeAll = async (user: TestUser) => {
  for (const id of ['bgm-1', 'bgm-2', 'bgm-3']) {
    expect((await call(`/api/me/likes/${id}`, { method: 'PUT', cookie: user.cookie })).status).toBe(
      200,
    )
  }
}

const turnOn = async (user: TestUser) => {
  const answer = await call('/api/me/calendar', { cookie: user.cookie, body: { feed: 'new' } })
  expect(answer.status).toBe(200)
  const url = answer.json.url as string
  expect(url).toMatch(/^http:\/\/localhost:3000\/calendar\/[A-Za-z0-9_-]{43}\.ics$/)
  return new URL(url).pathname
}

const feed = (path: string, ip?: string) => call(path, { origin: null, ip })

/** The feed's events as a calendar app reads them (ical.js). */
function eventsOf(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text))
  expect(calendar.name).toBe('vcalendar')
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent)
    return {
      uid: event.uid,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      summary: event.summary,
      description: event.description,
      url: String(vevent.getFirstPropertyValue('url')),
      stamp: vevent.getFirstPropertyValue('dtstamp'),
    }
  })
}

describe('the calendar feed', () => {
  it('lists the coming episodes of liked titles, in UTC across the viewer’s change of clocks', async () => {
    const user = await file.createUser()
    await likeAll(user)
    const path = await turnOn(user)
    const answer = await feed(path)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
    // Every line ends with CRLF and holds at most 75 octets (RFC 5545 3.1).
    expect(answer.text.endsWith('\r\n')).toBe(true)
    for (const line of answer.text.split('\r\n')) {
      expect(line.includes('\n')).toBe(false)
      expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75)
    }
    const events = eventsOf(answer.text)
    // The episode of 28 February aired before the clock's now; the last is 21 March.
    expect(events.map((event) => event.start)).toEqual([
      '2026-03-07T15:30:00.000Z',
      '2026-03-14T15:30:00.000Z',
      '2026-03-21T15:30:00.000Z',
    ])
    expect(events.map((event) => event.end)).toEqual([
      '2026-03-07T16:00:00.000Z',
      '2026-03-14T16:00:00.000Z',
      '2026-03-21T16:00:00.000Z',
    ])
    // A viewer in New York sees 10:30 before the change and 11:30 after it: the same instant
    // every week, as Japan keeps no summer time.
    const inNewYork = (iso: string) =>
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'America/New_York',
        hour: '2-digit',
        minute: '2-digit',
      }).format(new Date(iso))
    expect(events.map((event) => inNewYork(event.start))).toEqual(['10:30', '11:30', '11:30'])
    const [first] = events
    // The comma and semicolon of the title come back as they were.
    expect(first?.summary).toBe('春の, 約束; テスト (Spring Promise)')
    expect(first?.description).toContain('Netflix: https://www.netflix.com/title/81726714')
    expect(first?.description).toContain('http://localhost:3000/anime/bgm-1')
    expect(first?.url).toBe('http://localhost:3000/anime/bgm-1')
    expect(new Set(events.map((event) => event.uid)).size).toBe(3)
    expect(first?.stamp).not.toBeNull()
  })

  it('speaks the language the calendar app asks for', async () => {
    const user = await file.createUser()
    await likeAll(user)
    const path = await turnOn(user)
    const answer = await call(path, { origin: null, headers: { 'Accept-Language': 'ja' } })
    const [first] = eventsOf(answer.text)
    expect(first?.summary).toBe('春の, 約束; テスト')
    expect(first?.description).toContain('配信：')
  })

  it('answers 404 to an address replaced or turned off, and each change is in the activity', async () => {
    const user = await file.createUser()
    await likeAll(user)
    const first = await turnOn(user)
    const second = await turnOn(user)
    expect(second).not.toBe(first)
    expect((await feed(first)).status).toBe(404)
    expect((await feed(second)).status).toBe(200)
    const shown = await call('/api/me/calendar', { cookie: user.cookie })
    expect(shown.json).toMatchObject({ enabled: true, url: null })
    const off = await call('/api/me/calendar', { cookie: user.cookie, body: { feed: 'off' } })
    expect(off.json).toEqual({ enabled: false, since: null, url: null })
    expect((await feed(second)).status).toBe(404)
    expect((await call('/api/me/calendar', { cookie: user.cookie })).json).toEqual({
      enabled: false,
      since: null,
      url: null,
    })
    const activity = await call('/api/me/activity', { cookie: user.cookie })
    const events = (activity.json.events as { event: string }[]).map((entry) => entry.event)
    expect(events.slice(0, 3)).toEqual([
      'calendar-feed.disabled',
      'calendar-feed.enabled',
      'calendar-feed.enabled',
    ])
  })

  it('gives nothing for another user’s secret or one never made, and needs no session', async () => {
    const owner = await file.createUser()
    const other = await file.createUser()
    await likeAll(owner)
    const path = await turnOn(owner)
    // The owner's address read by anyone (a calendar app) is the owner's feed; the other user's
    // session changes nothing about whose it is.
    const read = await call(path, { origin: null, cookie: other.cookie })
    expect(eventsOf(read.text)).toHaveLength(3)
    const otherPath = await turnOn(other)
    expect(eventsOf((await feed(otherPath)).text)).toHaveLength(0)
    const guessed = `/calendar/${'A'.repeat(43)}.ics`
    for (const wrong of [guessed, path.replace('.ics', ''), `${path}x`, '/calendar/']) {
      const answer = await feed(wrong)
      expect(answer.status, wrong).toBe(404)
      expect(answer.text).not.toContain('VCALENDAR')
    }
    expect((await call('/api/me/calendar', { body: { feed: 'new' } })).status).toBe(401)
  })

  it('is turned off by a completed password reset, as every session is ended', async () => {
    const user = await file.createUser()
    const path = await turnOn(user)
    await callAuth(file.subject.app, '/request-password-reset', {
      ip: user.ip,
      body: { email: user.email, redirectTo: '/account/reset' },
    })
    const mail = await file.smtp.waitForMail(user.email, { subject: /reset your mofu password/i })
    const reset = await resetWith(file.subject.app, user.ip, codeIn(mail), 'a-new-secret-77')
    expect(reset.status, reset.text).toBe(200)
    expect((await feed(path)).status).toBe(404)
  })

  it('answers as one never made while its account is disabled, and again once it is enabled', async () => {
    const user = await file.createUser()
    const path = await turnOn(user)
    const admin = adminDepsOf(file.subject)
    await disableAccount(admin, user.uid, null)
    const disabled = await feed(path)
    expect(disabled.status).toBe(404)
    expect(disabled.text).not.toContain('VCALENDAR')
    expect(await enableAccount(admin, user.uid)).toBe(true)
    expect((await feed(path)).status).toBe(200)
  })

  it('is in the downloaded data as on and since when, never its address', async () => {
    // A download a minute per user: one user with the feed off, one with it on.
    const exported = async (user: TestUser) => {
      const answer = await callApp(file.subject.app, '/api/me/export', { cookie: user.cookie })
      expect(answer.status).toBe(200)
      const files = unzipSync(new Uint8Array(answer.bytes))
      const text = new TextDecoder().decode(files['mofu-data.json'])
      return { text, data: JSON.parse(text) as { calendarFeed: unknown } }
    }
    const off = await file.createUser()
    expect((await exported(off)).data.calendarFeed).toEqual({ enabled: false, since: null })
    const on = await file.createUser()
    const path = await turnOn(on)
    const { since } = (await call('/api/me/calendar', { cookie: on.cookie })).json
    expect(since).toEqual(expect.any(String))
    const { text, data } = await exported(on)
    expect(data.calendarFeed).toEqual({ enabled: true, since })
    expect(text).not.toContain(path.slice('/calendar/'.length, -'.ics'.length))
  })

  it('is read at most 60 times a minute from one address', async () => {
    const user = await file.createUser()
    const path = await turnOn(user)
    const ip = '10.231.250.1'
    for (let n = 0; n < 60; n += 1) expect((await feed(path, ip)).status).toBe(200)
    expect((await feed(path, ip)).status).toBe(429)
  })
})

describe('this week', () => {
  it('lists the liked titles’ episodes of the seven days from the viewer’s now', async () => {
    const user = await file.createUser()
    await likeAll(user)
    const week = async (from: string) => {
      const answer = await call(`/api/me/episodes?from=${encodeURIComponent(from)}`, {
        cookie: user.cookie,
      })
      expect(answer.status).toBe(200)
      return (answer.json.episodes as { anime: { id: string }; at: string }[]).map((episode) => [
        episode.anime.id,
        episode.at,
      ])
    }
    expect(await week('2026-02-27T00:00:00.000Z')).toEqual([['bgm-1', '2026-02-28T15:30:00.000Z']])
    // The last episode's week, then the week after the title ended: nothing.
    expect(await week('2026-03-20T00:00:00+09:00')).toEqual([['bgm-1', '2026-03-21T15:30:00.000Z']])
    expect(await week('2026-03-22T00:00:00.000Z')).toEqual([])
    expect(await week('2026-07-01T00:00:00.000Z')).toEqual([['bgm-3', '2026-07-04T15:00:00.000Z']])
    const other = await file.createUser()
    const theirs = await call('/api/me/episodes?from=2026-02-27T00:00:00.000Z', {
      cookie: other.cookie,
    })
    expect(theirs.json).toEqual({ episodes: [] })
    expect((await call('/api/me/episodes?from=soon', { cookie: user.cookie })).status).toBe(400)
    expect((await call('/api/me/episodes?from=2026-02-27T00:00:00Z')).status).toBe(401)
  })
})

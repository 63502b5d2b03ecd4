import fs from 'node:fs'
import { createRequire } from 'node:module'
import ICAL from 'ical.js'
import { newEmail, verifiedAccount } from './account-helpers'
import { catalogTitles } from './anime-helpers'
import { expect, test } from './fixtures'

/** The shipped catalog's titles, as the server loaded them. */
interface Item {
  title: string
  type: string
  begin: string
  end: string
  broadcast?: string
}
const items = (
  JSON.parse(
    fs.readFileSync(createRequire(import.meta.url).resolve('bangumi-data/dist/data.json'), 'utf8'),
  ) as { items: Item[] }
).items

const DAY_MS = 24 * 60 * 60 * 1000
const weeklyStart = (item: Item) => /^R\/([^/]+)\/P7D$/.exec(item.broadcast ?? '')?.[1]

const named = (title: string) => items.filter((item) => item.title === title).length
/**
 * A TV title of a season or more, aired weekly from its first air date to its last, the latest
 * the data has of a name no other title shares (search then finds this one).
 */
const seasonal = items.findLast((item) => {
  const start = weeklyStart(item)
  return (
    item.type === 'tv' &&
    start === item.begin &&
    item.end !== '' &&
    Date.parse(item.end) - Date.parse(item.begin) > 8 * 7 * DAY_MS &&
    named(item.title) === 1
  )
})
/** A weekly title still on air: the data gives it no last air date, and it began long ago. */
const onAir = items.find(
  (item) =>
    item.type === 'tv' &&
    weeklyStart(item) !== undefined &&
    item.end === '' &&
    Date.parse(item.begin) < Date.now() - 365 * DAY_MS &&
    named(item.title) === 1,
)

const ZONE = 'America/New_York'
test.use({ timezoneId: ZONE })

/** The id search gives the title of exactly this name. */
async function idOf(request: Parameters<typeof catalogTitles>[0], title: string) {
  const found = await catalogTitles(request, title, 1)
  const match = found.find((candidate) => candidate.title === title)
  expect(match, title).toBeDefined()
  return match?.id ?? ''
}

test('this week shows the next episode of a liked title in the viewer’s zone, and the calendar feed reads back as iCalendar', async ({
  page,
  baseURL,
}) => {
  if (seasonal === undefined || onAir === undefined) throw new Error('no weekly titles shipped')
  await verifiedAccount(page.request, baseURL ?? '', newEmail('week'))
  for (const title of [seasonal.title, onAir.title]) {
    const id = await idOf(page.request, title)
    expect((await page.request.put(`/api/me/likes/${id}`)).status()).toBe(200)
  }

  // The page's clock is set a day before the seasonal title's third episode: that episode is
  // the next, and this week's first.
  const third = new Date(Date.parse(weeklyStart(seasonal) ?? '') + 14 * DAY_MS)
  await page.clock.install({ time: new Date(third.getTime() - DAY_MS) })
  await page.goto('/favorites')
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered')
  const week = page.getByRole('region', { name: 'This week' })
  await expect(
    week.getByText(`Times in ${ZONE.replace('_', ' ')}.`, { exact: false }),
  ).toBeVisible()
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone: ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(third)
  const day = new Intl.DateTimeFormat('en-GB', {
    timeZone: ZONE,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
  }).format(third)
  const firstDay = week.getByRole('listitem').first()
  await expect(firstDay.getByRole('heading', { level: 3 })).toHaveText(day)
  const episode = firstDay.getByRole('listitem').filter({ hasText: seasonal.title }).first()
  await expect(episode.locator('time')).toHaveText(time)
  await expect(episode.locator('time')).toHaveAttribute('datetime', third.toISOString())

  // The owner turns the feed on; the address is shown once, and a calendar app reads it.
  await week.getByRole('button', { name: 'Turn on the calendar feed' }).click()
  const address = week.getByRole('textbox', { name: 'Your calendar feed address' })
  await expect(address).toHaveValue(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/)
  await expect(week.getByRole('status').filter({ hasText: 'The feed is on' })).toBeVisible()
  const url = await address.inputValue()
  // This request context's last request was before the steps above, so its kept-alive
  // connection may be the one the server is closing after 5 s idle: sent again once if reset
  // before any answer, as fetchRouted (fixtures.ts) and Chromium do.
  const feed = await page.request.get(url, { headers: { Cookie: '' }, maxRetries: 1 })
  expect(feed.status()).toBe(200)
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8')
  const calendar = new ICAL.Component(ICAL.parse(await feed.text()))
  const events = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent))
  const aired = events.filter((event) => event.summary.startsWith(onAir.title))
  // Eight weeks of a weekly title, each at its slot's time of the week.
  expect(aired.length).toBeGreaterThanOrEqual(7)
  const slot = new Date(weeklyStart(onAir) ?? '')
  for (const event of aired) {
    const start = event.startDate.toJSDate()
    expect(start.getUTCDay()).toBe(slot.getUTCDay())
    expect(start.toISOString().slice(11)).toBe(slot.toISOString().slice(11))
  }

  // Turned off, the address answers 404.
  await week.getByRole('button', { name: 'Turn off the feed' }).click()
  await expect(
    week.getByText('The calendar feed is off; its address no longer works.'),
  ).toBeVisible()
  expect((await page.request.get(url, { maxRetries: 1 })).status()).toBe(404)
})

test('a day of many episodes shows five, and the rest while asked for', async ({
  page,
  baseURL,
}) => {
  const weekday = (at: Date) =>
    new Intl.DateTimeFormat('en-US', { timeZone: ZONE, weekday: 'long' }).format(at)
  const hour = (at: Date) =>
    Number(new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: 'numeric' }).format(at))
  // Titles on air whose weekly slot falls on one weekday in the viewer's zone, well clear of
  // midnight so that summer time never moves one to another day.
  const byWeekday = new Map<string, Item[]>()
  for (const item of items) {
    const start = weeklyStart(item)
    if (item.type !== 'tv' || start === undefined || named(item.title) !== 1) continue
    if (Date.parse(item.begin) > Date.now() || Date.parse(item.end) < Date.now() + 14 * DAY_MS) {
      continue
    }
    const slot = new Date(start)
    if (hour(slot) < 2 || hour(slot) > 21) continue
    byWeekday.set(weekday(slot), [...(byWeekday.get(weekday(slot)) ?? []), item])
  }
  const [day, titles] = [...byWeekday].find(([, found]) => found.length >= 6) ?? []
  if (day === undefined || titles === undefined) throw new Error('no weekday with six titles')
  await verifiedAccount(page.request, baseURL ?? '', newEmail('week-day'))
  for (const item of titles.slice(0, 6)) {
    const id = await idOf(page.request, item.title)
    expect((await page.request.put(`/api/me/likes/${id}`)).status()).toBe(200)
  }

  // The page opens the day before that weekday: the whole of it is in the coming seven days.
  const next = [2, 3, 4, 5, 6, 7, 8]
    .map((days) => new Date(Date.now() + days * DAY_MS))
    .find((at) => weekday(at) === day)
  if (next === undefined) throw new Error(`no ${day} in the coming week`)
  await page.clock.install({ time: new Date(next.getTime() - DAY_MS) })
  await page.goto('/favorites')
  const heading = new Intl.DateTimeFormat('en-GB', {
    timeZone: ZONE,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
  }).format(next)
  const week = page.getByRole('region', { name: 'This week' })
  const dayItem = week.locator('li', {
    has: page.getByRole('heading', { level: 3, name: heading }),
  })
  const episodes = dayItem
    .getByRole('list')
    .first()
    .getByRole('listitem')
    .filter({
      has: page.locator('time'),
    })
  await expect(episodes).toHaveCount(5)
  const more = dayItem.getByRole('button', { name: 'Show all 6 episodes of this day' })
  await expect(more).toHaveAttribute('aria-expanded', 'false')
  await more.press('Enter')
  await expect(episodes).toHaveCount(6)
  const fewer = dayItem.getByRole('button', { name: 'Show fewer' })
  await expect(fewer).toHaveAttribute('aria-expanded', 'true')
  await expect(fewer).toBeFocused()
  await fewer.click()
  await expect(episodes).toHaveCount(5)
})

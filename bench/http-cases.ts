import type { TestUser } from '../tests/support/test-users'
import type { Fixture } from './fixture'
import { handlePaths } from './handles'
import {
  BROWSER_API_HEADERS,
  cycling,
  runLoad,
  warmThenRun,
  type LoadCase,
  type LoadFigures,
  type LoadRequest,
} from './load'
import { BENCH_BOARD, BENCH_PUBLIC, PIN_TITLES, type BenchSettings } from './settings'

export interface HttpCaseResult {
  name: string
  request: string
  app: LoadFigures
  /** The raw node:http server under the same load, measured just before the app. */
  baseline: LoadFigures
  /** App req/s divided by baseline req/s. */
  ratio: number
  /** For the avatar: the baseline sending the same JPEG bytes, the client's own ceiling. */
  sameBytes?: LoadFigures
}

const PAGE_HEADERS = {
  ...BROWSER_API_HEADERS,
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
}
const IMAGE_HEADERS = {
  ...BROWSER_API_HEADERS,
  accept: 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8',
}

/**
 * What people type into the search box, over the whole shipped catalog: Japanese in kanji, in
 * katakana and in hiragana for a katakana title, half-width katakana and full-width Latin,
 * English and romaji, whole or as a prefix, simplified Chinese, and queries that find nothing
 * (which read every title to the end).
 */
const SEARCH_QUERIES = [
  '進撃の巨人',
  '鬼滅の刃',
  '葬送のフリーレン',
  '呪術廻戦',
  'ガンダム',
  'がんだむ',
  'ぼっち',
  'けいおん',
  'ｶﾞﾝﾀﾞﾑ',
  'ＳＰＹ×ＦＡＭＩＬＹ',
  'Attack on',
  'Demon Slayer',
  'Frieren',
  'Mobile Suit',
  'fate/',
  'one piece',
  'sword art',
  'kimetsu',
  '进击的巨人',
  '鬼灭之刃',
  '高达',
  '间谍过家家',
  'zzqxjvw',
  '存在しないアニメ',
]
const SEARCH_PATHS = SEARCH_QUERIES.map((q) => `/api/anime/search?q=${encodeURIComponent(q)}`)

/**
 * Requests sent by `users` in turn, each with its cookie and address as the app's page sends
 * them: `request(sender, nth)` is the nth request of user number `sender`, answered 200.
 */
function inTurn(
  appUrl: string,
  users: readonly TestUser[],
  request: (sender: number, nth: number) => Omit<LoadRequest, 'headers'>,
): LoadCase {
  const senders = users.map((user) => ({
    ...BROWSER_API_HEADERS,
    origin: appUrl,
    cookie: user.cookie,
    'x-forwarded-for': user.ip,
  }))
  let sent = 0
  return {
    expect: 200,
    next: () => {
      const sender = sent % senders.length
      const nth = Math.floor(sent / senders.length)
      sent++
      return { ...request(sender, nth), headers: senders[sender] }
    },
  }
}

/**
 * PUT /api/me/likes/:id as the app's page sends it, each request from the next heart user in
 * turn (cookie and address), so no user meets the likes limit (LIMITS.likes) in the case's
 * warm-up and measured run: the fixture signs in enough of them (heartUsersFor in settings.ts),
 * and the limit stays as it is. A user's k-th heart is the k-th title from a starting point of
 * its own, so every heart is a new like, an insert, never the idempotent answer to one given
 * before, as long as each user is sent fewer hearts than the catalog has titles (the baseline's
 * share of the sequence included: about a thousand each in a full run, against 8,483 titles).
 */
function hearts(appUrl: string, { heartUsers, animeIds }: Fixture): LoadCase {
  if (heartUsers.length === 0 || animeIds.length === 0) throw new Error('no heart users or titles')
  const spacing = Math.floor(animeIds.length / heartUsers.length)
  return inTurn(appUrl, heartUsers, (sender, nth) => ({
    method: 'PUT',
    path: `/api/me/likes/${animeIds[(sender * spacing + nth) % animeIds.length] ?? ''}`,
  }))
}

/**
 * PUT /api/me/likes/:id/pin as the board sends it, each request from the next pin user in turn
 * (cookie and address): a user's k-th pin is the k-th of its PIN_TITLES liked titles, so every
 * pin uses one of the period's pins and writes the like and the profile. Made anew for the app's
 * run, after the baseline's: the app's pins start at each user's first title. A user sent more
 * than PIN_TITLES pins asks for a title it does not like, which answers 404, a failed answer.
 */
function pins(appUrl: string, { pinUsers, animeIds }: Fixture): LoadCase {
  if (pinUsers.length === 0) throw new Error('no pin users')
  return inTurn(appUrl, pinUsers, (_sender, nth) => ({
    method: 'PUT',
    path: `/api/me/likes/${(nth < PIN_TITLES ? animeIds[nth] : undefined) ?? 'none'}/pin`,
  }))
}

interface NamedCase {
  name: string
  request: string
  /** The requests, or a maker of them when the app's run must start where the baseline's did. */
  load: LoadCase | (() => LoadCase)
  /** Also measured against the baseline sending the same bytes (see baseline-server.ts). */
  sameBytes?: LoadCase
  /** Connections for this case when not the bench's usual many. */
  connections?: number
}

function httpCases(appUrl: string, fixture: Fixture): NamedCase[] {
  const signedIn = { ...BROWSER_API_HEADERS, cookie: fixture.user.cookie }
  return [
    {
      name: 'handle availability',
      request: `GET /api/handles/:handle (half taken, ${fixture.seededUsers} users)`,
      load: cycling(handlePaths(fixture.seededUsers), BROWSER_API_HEADERS, 200),
    },
    {
      name: 'own profile',
      request: 'GET /api/me/profile with session cookie',
      load: cycling(['/api/me/profile'], signedIn, 200),
    },
    {
      name: 'anime search',
      request: `GET /api/anime/search?q=… (${SEARCH_QUERIES.length} queries, ${fixture.animeIds.length} titles)`,
      load: cycling(SEARCH_PATHS, BROWSER_API_HEADERS, 200),
    },
    {
      name: 'heart',
      request: `PUT /api/me/likes/:id (a new like each, over ${fixture.heartUsers.length} signed-in users)`,
      load: hearts(appUrl, fixture),
    },
    {
      name: 'pinning',
      request: `PUT /api/me/likes/:id/pin (a new pin each, over ${fixture.pinUsers.length} signed-in users)`,
      load: () => pins(appUrl, fixture),
    },
    {
      // One connection: a calendar app asks for its feed now and then, never fifty at once, and
      // the figure is the time one feed takes to be served.
      name: 'calendar feed',
      request: `GET /calendar/SECRET.ics (${BENCH_BOARD.likes} liked titles, every one on air among them; 1 connection)`,
      load: cycling([fixture.calendarPath], { accept: 'text/calendar' }, 200),
      connections: 1,
    },
    {
      name: 'public profile page',
      request: `GET /@${fixture.handle} (drawn by the server, ${BENCH_PUBLIC.pins} pinned titles and ${BENCH_PUBLIC.folders} public folders, Accept-Encoding: gzip, deflate, br, zstd)`,
      load: cycling([`/@${fixture.handle}`], PAGE_HEADERS, 200),
    },
    {
      name: 'index.html',
      request: 'GET / (Accept-Encoding: gzip, deflate, br, zstd)',
      load: cycling(['/'], PAGE_HEADERS, 200),
    },
    {
      name: 'avatar 200',
      request: `GET /media/avatars/:uid (${Math.round(fixture.avatarBytes / 1024)} KB JPEG)`,
      load: cycling([fixture.avatarPath], IMAGE_HEADERS, 200),
      sameBytes: cycling([`/same-bytes${fixture.avatarPath}`], IMAGE_HEADERS, 200),
    },
    {
      name: 'avatar 304',
      request: 'GET /media/avatars/:uid with If-None-Match',
      load: cycling(
        [fixture.avatarPath],
        { ...IMAGE_HEADERS, 'if-none-match': fixture.avatarEtag },
        304,
      ),
    },
  ]
}

/**
 * Each case against the app and, right before it, the same requests against the baseline
 * server, so both see the machine in the same state. Both servers run in their own processes;
 * autocannon runs here.
 */
export async function measureHttp(
  appUrl: string,
  baselineUrl: string,
  fixture: Fixture,
  settings: BenchSettings,
): Promise<HttpCaseResult[]> {
  const { connections, warmupSeconds, measureSeconds } = settings
  const warmup = cycling(['/'], BROWSER_API_HEADERS, 200)
  await runLoad(baselineUrl, warmup, { connections, seconds: warmupSeconds })
  const results: HttpCaseResult[] = []
  for (const { name, request, load: made, sameBytes, ...options } of httpCases(appUrl, fixture)) {
    const caseConnections = options.connections ?? connections
    const make = () => (typeof made === 'function' ? made() : made)
    // The baseline answers 200 to everything, the 304 case included.
    const baselineLoad = { ...make(), expect: 200 }
    const baseline = await runLoad(baselineUrl, baselineLoad, {
      connections: caseConnections,
      seconds: measureSeconds,
    })
    const bytes =
      sameBytes === undefined
        ? undefined
        : await runLoad(baselineUrl, sameBytes, {
            connections: caseConnections,
            seconds: measureSeconds,
          })
    const app = await warmThenRun(appUrl, make(), { ...settings, connections: caseConnections })
    results.push({
      name,
      request,
      app,
      baseline,
      ratio: app.rps / baseline.rps,
      ...(bytes === undefined ? {} : { sameBytes: bytes }),
    })
  }
  return results
}

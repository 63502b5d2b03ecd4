import { LIMITS } from '../src/server/http/limiter'
import { FREE_PINS_DEFAULT } from '../src/shared/plans'

/** The fixture user's handle (bench/fixture.ts), lowercase: their /@handle page. */
export const BENCH_HANDLE = 'benchfan'
/** The fixture user's board, audited signed in (with their session cookie). */
export const BOARD_PAGE = '/favorites'
/** A title page, for the title the fixture finds by name (its id is known once the catalog is in). */
export const TITLE_PAGE = '/anime/:id'
/**
 * The pages Lighthouse measures, each with a performance goal: the home page, with the account
 * panel open, the fixture user's public profile, their board and a title page.
 */
export const LIGHTHOUSE_PAGES = [
  '/',
  '/?account=true',
  `/@${BENCH_HANDLE}`,
  BOARD_PAGE,
  TITLE_PAGE,
] as const
export type LighthousePage = (typeof LIGHTHOUSE_PAGES)[number]

/** The fixture user's board: a thousand liked titles in twenty folders. */
export const BENCH_BOARD = { likes: 1_000, folders: 20 } as const
/**
 * The fixture user's public page (/@benchfan), as Lighthouse and the public page's HTTP case
 * see it: this many titles of the board pinned, and this many of its folders public.
 */
export const BENCH_PUBLIC = { pins: 10, folders: 3 } as const

/**
 * Pins the pinning case's users each have to spend: as many as the board's limit (LIMITS.board)
 * lets one user send in its window, so the limit, not the titles, is what the case sizes for.
 */
export const PIN_TITLES = LIMITS.board.max

/**
 * The plan the bench's app is configured with (PLANS) and the fixture user and the pinning
 * case's users are on: a pin a title for every title they pin, and the public folders.
 */
export const BENCH_PLAN = {
  name: 'bench',
  label: 'Bench',
  pins: PIN_TITLES,
  publicFolders: BENCH_PUBLIC.folders,
} as const

/**
 * The pin race: this many pins sent at once by one free account, each on a title of its own,
 * of which the database must grant exactly the period's FREE_PINS_DEFAULT.
 */
export const PIN_RACE = { pins: 50, granted: FREE_PINS_DEFAULT } as const

/** Chromium's CPU slowdown while a card is dragged on the board (bench/board-drag.ts). */
export const DRAG_CPU_SLOWDOWN = 4

/** How long and how often each part of the bench runs: a full run, or a short smoke run. */
export interface BenchSettings {
  mode: 'quick' | 'full'
  /** Connections autocannon keeps open for every HTTP case. */
  connections: number
  warmupSeconds: number
  measureSeconds: number
  /** Sign-ins timed one after another for the per-log-in cost. */
  sequentialSignIns: number
  /** Connections for the concurrent sign-in rate (each request from its own address). */
  signInConnections: number
  signInSeconds: number
  /** Timed runs of the avatar pipeline per image, after one untimed run. */
  avatarRuns: number
  /** Lighthouse runs per page; the median run (Lighthouse's own pick) is reported. */
  lighthouseRuns: number
  /** Card drags on the board, each on a fresh load of it; the longest task of all is reported. */
  boardDrags: number
  /** User counts for the scale section: the small one, then the large one compared with it. */
  scaleUsers: readonly [small: number, large: number]
  /** Users seeded beside the bench user for the HTTP section, so some handles are taken. */
  httpSeedUsers: number
  /** Rounds of the handle check without and with metrics (each round runs both). */
  metricsCostRounds: number
  /** Rounds of a first start and a restart, each on a fresh DATA_DIR, for the catalog load. */
  catalogLoadRounds: number
}

const FULL: BenchSettings = {
  mode: 'full',
  connections: 50,
  warmupSeconds: 3,
  measureSeconds: 10,
  sequentialSignIns: 25,
  signInConnections: 10,
  signInSeconds: 10,
  avatarRuns: 9,
  lighthouseRuns: 5,
  boardDrags: 3,
  scaleUsers: [10_000, 1_000_000],
  httpSeedUsers: 1_000,
  metricsCostRounds: 6,
  catalogLoadRounds: 3,
}

const QUICK: BenchSettings = {
  ...FULL,
  mode: 'quick',
  warmupSeconds: 1,
  measureSeconds: 2,
  sequentialSignIns: 8,
  signInSeconds: 4,
  avatarRuns: 3,
  lighthouseRuns: 1,
  boardDrags: 1,
  scaleUsers: [10_000, 100_000],
  metricsCostRounds: 2,
  catalogLoadRounds: 1,
}

/**
 * Hearts a second the heart case is sized for: about twice what the reference machine of
 * docs/performance.md serves, each heart a signed-in write and the limit's count another, so a
 * faster machine still finds every user under the limit.
 */
const HEART_CEILING_RPS = 4_000

/**
 * Users enough that none meets its heart limit (LIMITS.likes) while the heart case runs at up
 * to HEART_CEILING_RPS: the case's warm-up and measured run together are shorter than the
 * limit's window, so each user has its whole `max` for both. Faster hearts would answer 429,
 * which the run counts as failed answers; the ceiling must then rise, never the limit.
 */
export function heartUsersFor({ warmupSeconds, measureSeconds }: BenchSettings): number {
  const { max, windowSeconds } = LIMITS.likes
  const seconds = warmupSeconds + measureSeconds
  if (seconds >= windowSeconds) throw new Error('the heart case outlasts the likes limit window')
  return Math.ceil((HEART_CEILING_RPS * seconds) / max)
}

/**
 * Pins a second the pinning case is sized for: about twice what the reference machine of
 * docs/performance.md serves, a pin being a write of the like and of the profile's count like a
 * heart's two.
 */
const PIN_CEILING_RPS = 3_000

/**
 * Users enough that none meets the board's limit (LIMITS.board) or runs out of titles to pin
 * (PIN_TITLES each) while the pinning case runs at up to PIN_CEILING_RPS; past that, pins
 * answer 429 or 404, which the run counts as failed answers.
 */
export function pinUsersFor({ warmupSeconds, measureSeconds }: BenchSettings): number {
  const { windowSeconds } = LIMITS.board
  const seconds = warmupSeconds + measureSeconds
  if (seconds >= windowSeconds) throw new Error('the pinning case outlasts the board limit window')
  return Math.ceil((PIN_CEILING_RPS * seconds) / PIN_TITLES)
}

export function settingsFrom(args: readonly string[]): BenchSettings {
  const unknown = args.filter((arg) => arg !== '--quick')
  if (unknown.length > 0) throw new Error(`Unknown argument ${unknown.join(' ')}; only --quick`)
  return args.includes('--quick') ? QUICK : FULL
}

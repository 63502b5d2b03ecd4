import { LIMITS } from '../src/server/http/limiter'

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
 * Hearts a second the heart case is sized for: twice what the 2-core machine of
 * docs/performance.md served (about 1,900, each heart a signed-in write and the limit's count
 * another).
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

export function settingsFrom(args: readonly string[]): BenchSettings {
  const unknown = args.filter((arg) => arg !== '--quick')
  if (unknown.length > 0) throw new Error(`Unknown argument ${unknown.join(' ')}; only --quick`)
  return args.includes('--quick') ? QUICK : FULL
}

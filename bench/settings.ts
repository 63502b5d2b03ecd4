/** The fixture user's handle (bench/fixture.ts), lowercase: their /@handle page. */
export const BENCH_HANDLE = 'benchfan'
/**
 * The pages Lighthouse measures; each has a performance and a layout-shift goal: the home page,
 * with the account panel open, and the fixture user's public profile.
 */
export const LIGHTHOUSE_PAGES = ['/', '/?account=true', `/@${BENCH_HANDLE}`] as const

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
  /** User counts for the scale section: the small one, then the large one compared with it. */
  scaleUsers: readonly [small: number, large: number]
  /** Users seeded beside the bench user for the HTTP section, so some handles are taken. */
  httpSeedUsers: number
  /** Rounds of the handle check without and with metrics (each round runs both). */
  metricsCostRounds: number
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
  scaleUsers: [10_000, 1_000_000],
  httpSeedUsers: 1_000,
  metricsCostRounds: 6,
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
  scaleUsers: [10_000, 100_000],
  metricsCostRounds: 2,
}

export function settingsFrom(args: readonly string[]): BenchSettings {
  const unknown = args.filter((arg) => arg !== '--quick')
  if (unknown.length > 0) throw new Error(`Unknown argument ${unknown.join(' ')}; only --quick`)
  return args.includes('--quick') ? QUICK : FULL
}

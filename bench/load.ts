import os from 'node:os'
import { setTimeout as sleep } from 'node:timers/promises'
import autocannon from 'autocannon'
import type { BenchSettings } from './settings'

/** One request of a load case; `next` makes a fresh one for every request sent. */
export interface LoadRequest {
  method?: 'GET' | 'POST' | 'PUT'
  path: string
  headers?: Record<string, string>
  body?: string
}

export interface LoadCase {
  next: () => LoadRequest
  /** The status every answer must have; anything else counts as a failure. */
  expect: number
}

export interface LoadFigures {
  /** Answers with the expected status per second. */
  rps: number
  p50Ms: number
  p99Ms: number
  answers: number
  /** Connection errors, timeouts and answers with another status. */
  failures: number
  seconds: number
  /**
   * The machine's 1-minute load average as the run ended. The bench itself accounts for about
   * 2 (server and load generator); more means other work competed for the CPUs.
   */
  loadAverage: number
}

export interface LoadShape {
  connections: number
  seconds: number
}

/** Headers a browser sends with a fetch() from the app's own page. */
export const BROWSER_API_HEADERS = {
  accept: '*/*',
  'accept-encoding': 'gzip, deflate, br, zstd',
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156 Safari/537.36',
}

/**
 * Runs `load` against `url` with autocannon for `shape.seconds` on `shape.connections` keep-alive
 * connections (no pipelining). Latency percentiles have autocannon's 1 ms resolution.
 */
export async function runLoad(url: string, load: LoadCase, shape: LoadShape): Promise<LoadFigures> {
  const result = await autocannon({
    url,
    connections: shape.connections,
    duration: shape.seconds,
    requests: [{ setupRequest: (request) => ({ ...request, ...load.next() }) }],
  })
  const loadAverage = os.loadavg()[0] ?? 0
  await drained(url)
  const expected = result.statusCodeStats?.[`${load.expect}`]?.count ?? 0
  const answers = Object.values(result.statusCodeStats ?? {}).reduce(
    (sum, { count = 0 }) => sum + count,
    0,
  )
  return {
    rps: expected / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    answers,
    failures: result.errors + (answers - expected),
    seconds: result.duration,
    loadAverage,
  }
}

/**
 * Waits until the server has worked through what autocannon left in flight when it stopped, so
 * the next measurement starts on an idle server: a request queued behind them then answers.
 */
async function drained(url: string): Promise<void> {
  await sleep(200)
  await (await fetch(`${url}/healthz`)).arrayBuffer()
}

/** Load first discarded as warm-up (JIT, caches, connection pools), then the measured run. */
export async function warmThenRun(
  url: string,
  load: LoadCase,
  { connections, warmupSeconds, measureSeconds }: BenchSettings,
): Promise<LoadFigures> {
  await runLoad(url, load, { connections, seconds: warmupSeconds })
  return runLoad(url, load, { connections, seconds: measureSeconds })
}

/** Distinct visitor addresses a case cycles through: each sends a few requests a minute. */
const VISITORS = 65_536

/**
 * A case that walks through `paths` in order, round and round, each request from the next of
 * many visitors (X-Forwarded-For; the app runs with TRUST_PROXY=true), as public pages are
 * read in production: one address at full speed would meet the per-address limit instead.
 */
export function cycling(
  paths: readonly string[],
  headers: Record<string, string>,
  expect: number,
): LoadCase {
  let index = 0
  return {
    expect,
    next: () => {
      const visitor = index % VISITORS
      return {
        method: 'GET',
        path: paths[index++ % paths.length] ?? '/',
        headers: { ...headers, 'x-forwarded-for': `10.200.${visitor >> 8}.${visitor & 255}` },
      }
    },
  }
}

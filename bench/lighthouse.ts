import os from 'node:os'
import { setTimeout as sleep } from 'node:timers/promises'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse, { type Result } from 'lighthouse'
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js'
import { longTasks, numericAudit, type LongTasks } from './lighthouse-audits'
import { LIGHTHOUSE_PAGES, type BenchSettings } from './settings'

export interface LighthouseResult {
  page: string
  /** 0–100, of the median run. */
  performance: number
  lcpMs: number
  tbtMs: number
  cls: number
  /**
   * The main thread's tasks of 50 ms or more in the median run, at Lighthouse's simulated 4x CPU
   * slowdown (its long-tasks audit); absent when the audit is missing or errored, and from
   * results recorded before the audit was read.
   */
  longTasks?: LongTasks
  /** Every run's score, for the spread. */
  runScores: number[]
  /** Runs repeated because the trace lost an event (see TRACE_LOST). */
  retries: number
  /** Lighthouse's own CPU benchmark of this machine (about 1000+ for a fast desktop). */
  benchmarkIndex: number
  /** The machine's 1-minute load average after the page's runs (see LoadFigures). */
  loadAverage: number
  warnings: string[]
}

const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-background-networking']
/** Lets the server finish the sign-ins still hashing in its thread pool before Chromium starts. */
const SETTLE_MS = 2_000

/**
 * Errors where the trace lost an event rather than the page failing; Lighthouse's own message
 * for them is "Please run Lighthouse again". A busy machine gives NO_NAVSTART in about one run
 * in a dozen: Chromium commits the page in a new renderer process (the trace has its
 * FrameCommittedInBrowser and later events) but the main frame's navigationStart from that
 * process is missing. Such a run yields no figures at all, so it is run again, not counted.
 */
const TRACE_LOST = new Set(['NO_TRACING_STARTED', 'NO_RESOURCE_REQUEST', 'NO_NAVSTART', 'NO_DCL'])
const TRACE_ATTEMPTS = 3

interface Run {
  lhr: Result
  /** Runs lost to TRACE_LOST errors before this one. */
  retries: number
}

async function runOnce(url: string, port: number): Promise<Run> {
  for (let retries = 0; ; retries++) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    })
    const lhr = result?.lhr
    if (lhr === undefined) throw new Error(`Lighthouse returned nothing for ${url}`)
    const error = lhr.runtimeError
    if (error === undefined) return { lhr, retries }
    if (!TRACE_LOST.has(error.code) || retries + 1 >= TRACE_ATTEMPTS) {
      throw new Error(`Lighthouse failed on ${url}: ${error.code} ${error.message}`)
    }
  }
}

/**
 * Lighthouse 12 with its default (mobile, simulated throttling) configuration, performance
 * category only, `lighthouseRuns` times per page in one headless Chromium; the run Lighthouse
 * itself picks as the median (closest to the median FCP and TTI) is reported.
 */
export async function measureLighthouse(
  appUrl: string,
  settings: BenchSettings,
): Promise<LighthouseResult[]> {
  await sleep(SETTLE_MS)
  const chrome = await chromeLauncher.launch({
    chromePath: '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  })
  try {
    const results: LighthouseResult[] = []
    for (const page of LIGHTHOUSE_PAGES) {
      const runs: Run[] = []
      for (let run = 0; run < settings.lighthouseRuns; run++) {
        runs.push(await runOnce(`${appUrl}${page}`, chrome.port))
      }
      const lhr = computeMedianRun(runs.map((one) => one.lhr))
      results.push({
        page,
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        lcpMs: numericAudit(lhr, 'largest-contentful-paint'),
        tbtMs: numericAudit(lhr, 'total-blocking-time'),
        cls: numericAudit(lhr, 'cumulative-layout-shift'),
        longTasks: longTasks(lhr),
        runScores: runs.map(({ lhr }) =>
          Math.round((lhr.categories.performance?.score ?? 0) * 100),
        ),
        retries: runs.reduce((sum, one) => sum + one.retries, 0),
        benchmarkIndex: lhr.environment.benchmarkIndex,
        loadAverage: os.loadavg()[0] ?? 0,
        warnings: lhr.runWarnings,
      })
    }
    return results
  } finally {
    chrome.kill()
  }
}

import os from 'node:os'
import { setTimeout as sleep } from 'node:timers/promises'
import { chromium } from '@playwright/test'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse, { type Result } from 'lighthouse'
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js'
import { longTasks, numericAudit, type LongTasks } from './lighthouse-audits'
import {
  BOARD_PAGE,
  LIGHTHOUSE_PAGES,
  TITLE_PAGE,
  type BenchSettings,
  type LighthousePage,
} from './settings'

export interface LighthouseResult {
  /** The page as LIGHTHOUSE_PAGES names it (a title page as TITLE_PAGE). */
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

/** What the pages need from the fixture: who is signed in on the board, which title is shown. */
export interface LighthouseFixture {
  /** The fixture user's session cookie (a Cookie header's value), set for BOARD_PAGE only. */
  cookie: string
  titleId: string
}

/** A Cookie header's value as the cookies it names, for the app at `url`. */
export const cookiesOf = (header: string, url: string) =>
  header.split(';').map((pair) => {
    const [name = '', ...value] = pair.trim().split('=')
    return { name, value: value.join('='), url }
  })

/**
 * Sets the cookies of `header` in the browser at `port`, or clears them all with null. In the
 * browser's own store, as a person's browser keeps them: Chromium does not send a Cookie header
 * given as an extra header, and Lighthouse's storage reset leaves cookies alone.
 */
async function setCookies(port: number, url: string, header: string | null): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`)
  try {
    const context = browser.contexts()[0]
    if (context === undefined) throw new Error('the browser Lighthouse drives has no context')
    if (header === null) await context.clearCookies()
    else await context.addCookies(cookiesOf(header, url))
  } finally {
    await browser.close()
  }
}

const pathOf = (page: LighthousePage, { titleId }: LighthouseFixture) =>
  page === TITLE_PAGE ? `/anime/${titleId}` : page

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
 * itself picks as the median (closest to the median FCP and TTI) is reported. The board is
 * audited signed in, every other page signed out.
 */
export async function measureLighthouse(
  appUrl: string,
  settings: BenchSettings,
  fixture: LighthouseFixture,
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
      const signedIn = page === BOARD_PAGE
      if (signedIn) await setCookies(chrome.port, appUrl, fixture.cookie)
      for (let run = 0; run < settings.lighthouseRuns; run++) {
        runs.push(await runOnce(`${appUrl}${pathOf(page, fixture)}`, chrome.port))
      }
      if (signedIn) await setCookies(chrome.port, appUrl, null)
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

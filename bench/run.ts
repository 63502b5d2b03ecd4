import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { measureAvatarBytes } from './avatar-bytes'
import { measureAvatarPipeline } from './avatar-pipeline'
import { measureBoardDrag } from './board-drag'
import { measureShareCard } from './share-card'
import { snapshotBuild } from './build-snapshot'
import { measureCatalogLoad } from './catalog-load'
import { prepareFixture } from './fixture'
import { measureFrontEnd } from './front-end'
import { evaluateGoals } from './goals'
import { measureHttp } from './http-cases'
import { measureLighthouse } from './lighthouse'
import { machineFacts } from './machine'
import { measureMetricsCost } from './metrics-cost'
import { startApp, startBaseline, type ChildServer } from './processes'
import { writePerformanceDoc } from './performance-doc'
import { formatReport, writeResults } from './report'
import type { BenchResults, Figures } from './results'
import { measureScale } from './scale'
import { LIMITS } from '../src/server/http/limiter'
import { runPinRace } from './pin-race'
import {
  DRAG_CPU_SLOWDOWN,
  heartUsersFor,
  pinUsersFor,
  settingsFrom,
  BENCH_HANDLE,
  BENCH_PLAN,
  BENCH_PUBLIC,
  PIN_RACE,
  type BenchSettings,
} from './settings'
import { measureSignIn } from './sign-in'

/**
 * `npm run bench [-- --quick]`: builds (the npm script does), then measures the built app and
 * prints one table, also written to bench/results/latest.json. See docs/performance.md "Performance".
 */

const step = (message: string) => process.stderr.write(`bench: ${message}\n`)

/** Starts `server`, runs `work` with it, and stops it whatever happens. */
async function withServer<T>(
  server: Promise<ChildServer>,
  work: (server: ChildServer) => Promise<T>,
): Promise<T> {
  const started = await server
  try {
    return await work(started)
  } catch (error) {
    step(`server log before the failure:\n${started.logTail()}`)
    throw error
  } finally {
    await started.stop()
  }
}

/**
 * The HTTP cases, sign-in cost, Lighthouse and the board drag share one app on a fresh SQLite
 * DATA_DIR, started with TRUST_PROXY=true so each sign-in can come from its own address.
 */
async function measureLiveApp(main: string, settings: BenchSettings) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mofu-bench-'))
  try {
    const env = { TRUST_PROXY: 'true', PLANS: JSON.stringify([BENCH_PLAN]) }
    return await withServer(startApp(main, dataDir, env), async (app) => {
      const users = { heartUsers: heartUsersFor(settings), pinUsers: pinUsersFor(settings) }
      step(
        `creating the signed-in user, ${users.heartUsers} heart users and ${users.pinUsers} pin users over HTTP`,
      )
      const fixture = await prepareFixture(app.url, dataDir, settings.httpSeedUsers, users)
      step('the pin race')
      const pinRace = await runPinRace(app.url, fixture)
      step('HTTP cases')
      const http = await withServer(startBaseline(dataDir, fixture.avatarFile), (baseline) =>
        measureHttp(app.url, baseline.url, fixture, settings),
      )
      step('avatar bytes per widget')
      const avatarWidgets = await measureAvatarBytes(app.url, fixture)
      step('sign-in cost')
      const signIn = await measureSignIn(app.url, fixture.user.email, settings)
      step('Lighthouse')
      const { cookie } = fixture.user
      const lighthouse = await measureLighthouse(app.url, settings, {
        cookie,
        titleId: fixture.titleId,
      })
      step(`board drag at ${DRAG_CPU_SLOWDOWN}x CPU slowdown`)
      const boardDrag = await measureBoardDrag(app.url, cookie, settings)
      return { http, pinRace, avatarWidgets, signIn, lighthouse, boardDrag }
    })
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true })
  }
}

async function measureAll(settings: BenchSettings): Promise<Figures> {
  const build = await snapshotBuild()
  try {
    step('front-end sizes and the UI-library-alone build')
    const frontEnd = await measureFrontEnd(build.clientDir)
    step('avatar pipeline')
    const avatarPipeline = await measureAvatarPipeline(settings)
    step('share card')
    const shareCard = await measureShareCard(settings)
    const live = await measureLiveApp(build.serverMain, settings)
    step('catalog load: a first start on a fresh SQLite DATA_DIR, then a restart')
    const catalogLoad = await measureCatalogLoad(build.serverMain, settings)
    step('scale: seeding and handle lookups on SQLite and PostgreSQL')
    const scale = await measureScale(build.serverMain, settings)
    step('metrics cost: the handle check without and with metrics')
    const metricsCost = await measureMetricsCost(build.serverMain, settings)
    return { frontEnd, avatarPipeline, shareCard, ...live, catalogLoad, scale, metricsCost }
  } finally {
    await build.remove()
  }
}

async function main() {
  const started = performance.now()
  const settings = settingsFrom(process.argv.slice(2))
  const machine = machineFacts()
  step(`${settings.mode} run`)
  const figures = await measureAll(settings)
  const results: BenchResults = {
    mode: settings.mode,
    machine,
    settings,
    notes: [
      'Servers run a copy of the build (dist/) taken at the start, with the default log level, logging to a file.',
      'Sign-in: server started with TRUST_PROXY=true; every request has its own X-Forwarded-For address, rate limiting stays on.',
      'HTTP and scale cases: each request from the next of 65,536 X-Forwarded-For visitor addresses, so the per-address limits stay on and are never hit.',
      'Hearts: each request from the next of the heart users (its cookie and address), enough of them that none meets the likes limit (120 a minute), which stays on; each heart is a new like.',
      `Pins: each request from the next of the pin users (its cookie and address), each on a plan with ${BENCH_PLAN.pins} pins a period and as many liked titles, enough users that none meets the board limit (${LIMITS.board.max} a minute), which stays on; each pin is a new one. The pin race: ${PIN_RACE.pins} pins at once from one free account, each on a title of its own.`,
      'Search and hearts run once the shipped catalog has loaded; the catalog load is the time the server logs for it.',
      'Latency percentiles are autocannon’s, in whole milliseconds.',
      'Scale goal compares req/s (large vs small user count), not p50.',
      'First load of /: every script fetched before #root loses its prerendered mark, in Chromium, against React + react-dom alone hydrating one element the same way; the app’s entry chunk holds react-dom with the shell, so what Mofu adds is the difference of the totals, listed script by script.',
      `/@${BENCH_HANDLE} shows every profile field, ${BENCH_PUBLIC.pins} pinned titles and ${BENCH_PUBLIC.folders} public folders of its board.`,
      'Lighthouse audits /favorites signed in as the fixture user (its session cookie on every request), with 1,000 liked titles in 20 folders; /anime/:id is the page of 進撃の巨人, the first title search finds for it.',
      'Board drag: Playwright’s Chromium at 1280×800, CPU slowed 4x through the DevTools protocol, the first card of the first folder dragged onto its fifth with the mouse; the longest of the browser’s long tasks from picking it up until 1 s after the server answered the move.',
      'Handle check vs raw node:http: reported figures with a floor against regressions, no longer goals of their own; LCP has no goal of its own, the Lighthouse score carries it.',
    ],
    figures,
    goals: evaluateGoals(figures),
    wallSeconds: (performance.now() - started) / 1000,
  }
  await writeResults(results)
  await writePerformanceDoc(results)
  console.log(formatReport(results))
}

await main()

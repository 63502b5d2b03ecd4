import fs from 'node:fs/promises'
import path from 'node:path'
import * as prettier from 'prettier'
import type { CatalogLoadResult } from './catalog-load'
import type { LoadFigures } from './load'
import type { LighthouseResult } from './lighthouse'
import type { BenchResults, Figures } from './results'
import type { BenchSettings } from './settings'
import { round } from './stats'

const RESULTS_DIR = path.resolve(import.meta.dirname, 'results')
const RESULTS_FILE = path.join(RESULTS_DIR, 'latest.json')

/** A section heading across the table, or one row of its four columns. */
type Row = { heading: string } | { cells: [string, string, string, string] }

const COLUMNS = ['case', 'result', 'compared with / target', 'status'] as const

const count = (value: number) => Math.round(value).toLocaleString('en-US')
const kb = (bytes: number) => `${round(bytes / 1024, 1)} KB`
const ms = (value: number) => `${round(value, value < 10 ? 1 : 0)} ms`
const load1m = (value: number) => `load ${round(value, 1)}`
const row = (name: string, result: string, beside = '', status = ''): Row => ({
  cells: [name, result, beside, status],
})

function load(figures: LoadFigures, unit = 'req/s'): string {
  const failed = figures.failures > 0 ? ` · ${count(figures.failures)} FAILED` : ''
  return `${count(figures.rps)} ${unit} · p50 ${figures.p50Ms} ms · p99 ${figures.p99Ms} ms${failed}`
}

function frontEndRows({ frontEnd: { app, accountPanel, libraryAlone } }: Figures): Row[] {
  const scripts = app.files.filter((file) => !file.endsWith('.css')).length
  const added = kb(app.jsGzipBytes - libraryAlone.jsGzipBytes)
  return [
    {
      heading:
        'Front end: every script / runs before it is interactive (loaded in Chromium until the prerendered mark is dropped), gzip -9',
    },
    row(
      'JavaScript',
      `${kb(app.jsGzipBytes)} (${scripts} scripts)`,
      `React + react-dom alone ${kb(libraryAlone.jsGzipBytes)}, counted the same way (Mofu adds ${added})`,
    ),
    ...(app.scripts ?? []).map((script) => row(`  ${script.file}`, kb(script.gzipBytes))),
    row('CSS', kb(app.cssGzipBytes)),
    ...(accountPanel === undefined
      ? []
      : [
          row(
            'JavaScript /?account=true adds',
            `${kb(accountPanel.jsGzipBytes)} (${accountPanel.files.length} scripts)`,
            'the account panel’s chunks beyond what / loads at once',
          ),
        ]),
  ]
}

function avatarRows({ avatarPipeline }: Figures, settings: BenchSettings): Row[] {
  return [
    {
      heading: `Avatar pipeline: processAvatar() and processBanner() in-process, median of ${settings.avatarRuns} after 1 untimed run`,
    },
    ...avatarPipeline.map((result) =>
      row(
        `${result.name} (${kb(result.inputBytes)})`,
        ms(result.medianMs),
        `→ ${kb(result.outputBytes)} JPEG`,
      ),
    ),
  ]
}

function shareCardRows({ shareCard }: Figures, settings: BenchSettings): Row[] {
  if (shareCard === undefined) return []
  return [
    {
      heading: `Share card: renderShareCard() in-process with a banner, a framed avatar and a Japanese name, median of ${settings.avatarRuns} after 1 timed alone`,
    },
    row('1200x630 card', ms(shareCard.medianMs), `→ ${kb(shareCard.bytes)} JPEG`),
    row('first card (fonts read)', ms(shareCard.firstMs)),
  ]
}

const timing = (settings: BenchSettings) =>
  `${settings.connections} connections, ${settings.measureSeconds} s after ${settings.warmupSeconds} s warm-up`

function httpRows({ http }: Figures, settings: BenchSettings): Row[] {
  return [
    {
      heading: `HTTP: autocannon, ${timing(settings)}; baseline = raw node:http JSON server, same requests, just before each case`,
    },
    ...http.map((result) =>
      row(
        result.request,
        load(result.app),
        `baseline ${count(result.baseline.rps)} req/s → ${round(result.ratio, 2)}×` +
          (result.sameBytes === undefined
            ? ''
            : `; same bytes from node:http ${count(result.sameBytes.rps)} req/s`) +
          ` · ${load1m(result.app.loadAverage)}`,
      ),
    ),
  ]
}

function avatarWidgetRows({ avatarWidgets }: Figures): Row[] {
  return [
    {
      heading:
        'Avatar bytes per widget: Chromium, deviceScaleFactor 2, first visit (nothing cached)',
    },
    ...(avatarWidgets ?? []).map((widget) =>
      row(
        `${widget.widget} (${widget.cssPx} CSS px)`,
        kb(widget.bytes),
        widget.urls.map((url) => new URL(url).pathname.split('/').pop()).join(', '),
      ),
    ),
  ]
}

function signInRows({ signIn }: Figures, settings: BenchSettings): Row[] {
  return [
    {
      heading: `Sign-in: POST /api/auth/sign-in/email; TRUST_PROXY=true, own X-Forwarded-For per request, rate limit (10/min per address) on`,
    },
    row(
      'one at a time',
      `${ms(signIn.sequentialMedianMs)} per log-in`,
      `median of ${signIn.sequentialRuns}`,
    ),
    row(
      `${signIn.connections} at once`,
      load(signIn.concurrent, 'sign-ins/s'),
      `${settings.signInSeconds} s, no warm-up · ${load1m(signIn.concurrent.loadAverage)}`,
    ),
  ]
}

/** The long tasks of a page's median run, or that none was seen (older results lack them). */
const longTaskFigure = ({ longTasks }: Partial<LighthouseResult>) =>
  longTasks === undefined
    ? 'long tasks not measured'
    : longTasks.count === 0
      ? 'no task ≥ 50 ms'
      : `${longTasks.count} task(s) ≥ 50 ms, longest ${ms(longTasks.longestMs)}`

function lighthouseRows({ lighthouse }: Figures, settings: BenchSettings): Row[] {
  return [
    {
      heading: `Lighthouse 12: default mobile config (simulated throttling), median of ${settings.lighthouseRuns} run(s)`,
    },
    ...lighthouse.map((page) =>
      row(
        page.page,
        `score ${page.performance} · LCP ${ms(page.lcpMs)} · TBT ${ms(page.tbtMs)} · CLS ${round(page.cls, 4)} · ${longTaskFigure(page)}`,
        `runs ${page.runScores.join(' ')}${page.retries > 0 ? ` (+${page.retries} rerun: trace lost)` : ''}; CPU benchmark ${Math.round(page.benchmarkIndex)} · ${load1m(page.loadAverage)}`,
      ),
    ),
  ]
}

function boardDragRows({ boardDrag }: Figures): Row[] {
  if (boardDrag === undefined) return []
  return [
    {
      heading: `Board drag: a card dragged with the mouse at ${boardDrag.cpuSlowdown}x CPU slowdown`,
    },
    ...boardDrag.runs.map((run, index) =>
      row(
        `drag ${index + 1}`,
        run.longTasks === 0
          ? 'no task ≥ 50 ms'
          : `${run.longTasks} task(s) ≥ 50 ms, longest ${ms(run.longestMs)}`,
        '1,000 titles in 20 folders',
      ),
    ),
  ]
}

function scaleRows({ scale }: Figures, settings: BenchSettings): Row[] {
  return [
    {
      heading: `Scale: GET /api/handles/:handle, half taken, spread over all users; ${timing(settings)}; server restarted per size`,
    },
    ...scale.map((point) =>
      row(
        `${point.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'}, ${count(point.users)} users`,
        load(point.figures),
        `seeded in ${round(point.seedSeconds, 1)} s · ${load1m(point.figures.loadAverage)}`,
      ),
    ),
  ]
}

function catalogLoadRows({ catalogLoad }: Figures): Row[] {
  if (catalogLoad === undefined) return []
  const rounds = (pick: (round: CatalogLoadResult['rounds'][number]) => number) =>
    `rounds ${catalogLoad.rounds.map((round) => ms(pick(round))).join(', ')}`
  return [
    {
      heading: `Catalog load: shipped bangumi-data as the server logs it, median of ${catalogLoad.rounds.length} round(s) of a fresh SQLite DATA_DIR and a restart on it`,
    },
    row(
      `first start (${count(catalogLoad.titles)} titles)`,
      ms(catalogLoad.firstLoadMs),
      rounds((round) => round.firstLoadMs),
    ),
    row(
      'restart, nothing new',
      ms(catalogLoad.upToDateMs),
      rounds((round) => round.upToDateMs),
    ),
  ]
}

function metricsCostRows({ metricsCost }: Figures, settings: BenchSettings): Row[] {
  if (metricsCost === undefined) return []
  const signed = (value: number) => `${value >= 0 ? '+' : ''}${round(value, 1)} %`
  return [
    {
      heading: `Metrics cost: GET /api/handles/:handle (free), without and with METRICS_TOKEN, ${metricsCost.rounds.length} rounds; ${timing(settings)}`,
    },
    ...metricsCost.rounds.map(({ off, on }, index) =>
      row(
        `round ${index + 1}: off → on`,
        `${count(off.rps)} → ${count(on.rps)} req/s`,
        `CPU ${round(off.cpuMicros)} → ${round(on.cpuMicros)} µs a request · ${load1m(on.loadAverage)}`,
      ),
    ),
    row(
      'median of the rounds’ on/off',
      `CPU a request ${signed(metricsCost.cpuChangePercent)}`,
      `req/s ${signed(metricsCost.rpsChangePercent)}`,
    ),
  ]
}

function goalRows({ goals }: BenchResults): Row[] {
  return [
    { heading: 'Goals' },
    ...goals.map((goal) =>
      row(goal.goal, goal.figure, goal.target, `${goal.met ? 'met' : 'MISSED'} (${goal.margin})`),
    ),
  ]
}

function render(table: Row[]): string {
  const widths = COLUMNS.map((title, column) =>
    Math.max(
      title.length,
      ...table.map((r) => ('cells' in r ? (r.cells[column]?.length ?? 0) : 0)),
    ),
  )
  const width = widths.reduce((sum, value) => sum + value, 0) + 3 * (widths.length - 1)
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join(' │ ')
      .trimEnd()
  const heading = (text: string) => `── ${text} ${'─'.repeat(Math.max(2, width - text.length - 4))}`
  return [
    line(COLUMNS),
    ...table.map((r) => ('heading' in r ? heading(r.heading) : line(r.cells))),
  ].join('\n')
}

function header({ machine, settings }: BenchResults): string {
  const mode =
    settings.mode === 'quick'
      ? `QUICK smoke run (${settings.measureSeconds} s per case, scale up to ${count(settings.scaleUsers[1])} users): not comparable with a full run`
      : 'full run'
  const commit = `${machine.gitCommit.slice(0, 12)}${machine.uncommittedChanges ? ' + uncommitted changes' : ''}`
  return [
    `Mofu bench, ${mode}`,
    `${machine.cpuCount}× ${machine.cpuModel}, ${machine.memoryGiB} GiB · Node ${machine.node} · ${machine.date} · commit ${commit}`,
    `load = 1-minute load average at the end of a run (${round(machine.loadAverageAtStart, 1)} at start); the bench itself makes about 2, more means other work shared the CPUs`,
  ].join('\n')
}

export function formatReport(results: BenchResults): string {
  const { figures, settings } = results
  const table = [
    ...frontEndRows(figures),
    ...avatarRows(figures, settings),
    ...shareCardRows(figures, settings),
    ...httpRows(figures, settings),
    ...avatarWidgetRows(figures),
    ...signInRows(figures, settings),
    ...lighthouseRows(figures, settings),
    ...boardDragRows(figures),
    ...catalogLoadRows(figures),
    ...scaleRows(figures, settings),
    ...metricsCostRows(figures, settings),
    ...goalRows(results),
  ]
  const met = results.goals.filter((goal) => goal.met).length
  return [
    header(results),
    '',
    render(table),
    '',
    `Goals met: ${met} of ${results.goals.length} · wall time ${round(results.wallSeconds / 60, 1)} min (build not included) · ${path.relative(process.cwd(), RESULTS_FILE)}`,
  ].join('\n')
}

/**
 * Formatted as Prettier would (so `npm run lint` stays clean), written beside as .tmp
 * (git-ignored) and renamed, so latest.json is never half a file.
 */
export async function writeResults(results: BenchResults): Promise<void> {
  await fs.mkdir(RESULTS_DIR, { recursive: true })
  const options = await prettier.resolveConfig(RESULTS_FILE)
  const json = await prettier.format(JSON.stringify(results), { ...options, parser: 'json' })
  const temp = `${RESULTS_FILE}.${process.pid}.tmp`
  await fs.writeFile(temp, json)
  await fs.rename(temp, RESULTS_FILE)
}

import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { BROWSER_API_HEADERS, cycling, runLoad, type LoadFigures } from './load'
import { startApp } from './processes'
import { freeHandleNear } from './seed'
import { settingsFrom } from './settings'
import { median, round } from './stats'

/**
 * `npx tsx bench/metrics-cost.ts [--quick]` after `npm run build`: what the metrics middleware
 * costs the handle check (issue 14 §2, budget 5 %). The built app runs without metrics (A) and
 * with METRICS_TOKEN set (B), one at a time on a fresh SQLite DATA_DIR, alternating A, B three
 * times each, with the bench's usual warm-up and measured run; medians are compared. Besides
 * requests a second, the server's own CPU time per answered request, which other work on a
 * shared machine disturbs far less than throughput.
 */

const ROUNDS = 3
const MAIN = path.resolve(import.meta.dirname, '../dist/server/main.js')
const TOKEN = 'bench-metrics-token-0123456789abcdef'
const FREE_HANDLES = Array.from({ length: 1_000 }, (_, i) => `/api/handles/${freeHandleNear(i)}`)

const settings = settingsFrom(process.argv.slice(2))
const variants = [
  { name: 'metrics off', env: {} },
  { name: 'metrics on', env: { METRICS_TOKEN: TOKEN } },
] as const

interface Figures extends LoadFigures {
  /** Microseconds of the server's CPU time per answered request in the measured run. */
  cpuMicros: number
}

async function measure(env: Record<string, string>): Promise<Figures> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mofu-metrics-cost-'))
  try {
    const app = await startApp(MAIN, dataDir, env)
    try {
      const load = cycling(FREE_HANDLES, BROWSER_API_HEADERS, 200)
      const { connections, warmupSeconds, measureSeconds } = settings
      await runLoad(app.url, load, { connections, seconds: warmupSeconds })
      const cpuBefore = app.cpuSeconds()
      const figures = await runLoad(app.url, load, { connections, seconds: measureSeconds })
      const cpuMicros = ((app.cpuSeconds() - cpuBefore) * 1e6) / figures.answers
      return { ...figures, cpuMicros }
    } finally {
      await app.stop()
    }
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true })
  }
}

const runs = new Map<string, Figures[]>(variants.map(({ name }) => [name, []]))
for (let pass = 1; pass <= ROUNDS; pass++) {
  for (const { name, env } of variants) {
    const figures = await measure(env)
    if (figures.failures > 0) throw new Error(`${name}: ${figures.failures} failed requests`)
    runs.get(name)?.push(figures)
    process.stdout.write(
      `round ${pass} ${name}: ${Math.round(figures.rps)} req/s, p50 ${figures.p50Ms} ms, ` +
        `p99 ${figures.p99Ms} ms, ${Math.round(figures.cpuMicros)} µs CPU a request, ` +
        `load average ${figures.loadAverage.toFixed(1)}\n`,
    )
  }
}

const medianOf = (name: string, figure: (figures: Figures) => number) =>
  median((runs.get(name) ?? []).map(figure))
const rpsOff = medianOf('metrics off', (figures) => figures.rps)
const rpsOn = medianOf('metrics on', (figures) => figures.rps)
const cpuOff = medianOf('metrics off', (figures) => figures.cpuMicros)
const cpuOn = medianOf('metrics on', (figures) => figures.cpuMicros)
process.stdout.write(
  `median req/s: off ${Math.round(rpsOff)}, on ${Math.round(rpsOn)} ` +
    `(${round(((rpsOff - rpsOn) / rpsOff) * 100, 1)} % fewer with metrics on)\n` +
    `median CPU a request: off ${Math.round(cpuOff)} µs, on ${Math.round(cpuOn)} µs ` +
    `(${round(((cpuOn - cpuOff) / cpuOff) * 100, 1)} % more with metrics on)\n`,
)

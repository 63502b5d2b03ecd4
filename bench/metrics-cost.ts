import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { BROWSER_API_HEADERS, cycling, runLoad, type LoadFigures } from './load'
import { startApp } from './processes'
import { freeHandleNear } from './seed'
import type { BenchSettings } from './settings'
import { median } from './stats'

/**
 * What the metrics middleware costs the handle check (budget 5 %, bench/goals.ts). The built app
 * runs without metrics (off) and with METRICS_TOKEN set (on), one at a time on a fresh SQLite
 * DATA_DIR, in rounds of off then on, then on then off (so a slow drift of the machine weighs
 * on both alike), each with the bench's warm-up and measured run. Besides requests a second,
 * the server's own CPU time per answered request, which other work on a shared machine
 * disturbs far less than throughput. The cost is the median over rounds of on/off, so a
 * disturbance during one round weighs on both sides of its ratio.
 */

const TOKEN = 'bench-metrics-token-0123456789abcdef'
const FREE_HANDLES = Array.from({ length: 1_000 }, (_, i) => `/api/handles/${freeHandleNear(i)}`)

export interface CostFigures extends LoadFigures {
  /** Microseconds of the server's CPU time per answered request in the measured run. */
  cpuMicros: number
}

export interface MetricsCost {
  rounds: { off: CostFigures; on: CostFigures }[]
  /** Median over rounds of CPU a request on/off, as a change in percent (+ costs more). */
  cpuChangePercent: number
  /** Median over rounds of req/s on/off, as a change in percent (− serves fewer). */
  rpsChangePercent: number
}

async function measureOnce(
  serverMain: string,
  env: Record<string, string>,
  settings: BenchSettings,
): Promise<CostFigures> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mofu-metrics-cost-'))
  try {
    const app = await startApp(serverMain, dataDir, env)
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

export async function measureMetricsCost(
  serverMain: string,
  settings: BenchSettings,
): Promise<MetricsCost> {
  const rounds: MetricsCost['rounds'] = []
  for (let round = 0; round < settings.metricsCostRounds; round++) {
    const measure = (env: Record<string, string>) => measureOnce(serverMain, env, settings)
    if (round % 2 === 0) {
      const off = await measure({})
      rounds.push({ off, on: await measure({ METRICS_TOKEN: TOKEN }) })
    } else {
      const on = await measure({ METRICS_TOKEN: TOKEN })
      rounds.push({ off: await measure({}), on })
    }
  }
  const change = (figure: (figures: CostFigures) => number) =>
    (median(rounds.map(({ off, on }) => figure(on) / figure(off))) - 1) * 100
  return {
    rounds,
    cpuChangePercent: change((figures) => figures.cpuMicros),
    rpsChangePercent: change((figures) => figures.rps),
  }
}

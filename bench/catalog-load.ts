import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { startApp, type ChildServer } from './processes'
import type { BenchSettings } from './settings'
import { median } from './stats'

export interface CatalogLoadResult {
  /** Median ms the server logged for loading the shipped data into a fresh SQLite DATA_DIR. */
  firstLoadMs: number
  /** Titles the first load wrote. */
  titles: number
  /** Median ms the server logged for finding, on a restart, that nothing was new. */
  upToDateMs: number
  /** Each round's figures: a fresh start, then a restart on the same DATA_DIR. */
  rounds: { firstLoadMs: number; upToDateMs: number }[]
}

/** How long a start may take to log what became of the catalog. */
const LOG_TIMEOUT_MS = 60_000

interface LogLine {
  msg?: string
  ms?: number
  titles?: number
}

/**
 * The first line the server logged with message `msg` (src/server/catalog/shipped-data.ts),
 * waited for: the catalog loads in the background once the server listens.
 */
async function logged(server: ChildServer, msg: string): Promise<LogLine> {
  const deadline = Date.now() + LOG_TIMEOUT_MS
  while (Date.now() < deadline) {
    for (const text of server.log().split('\n')) {
      if (!text.startsWith('{')) continue
      const line = JSON.parse(text) as LogLine
      if (line.msg === msg) return line
    }
    await sleep(50)
  }
  throw new Error(`the server never logged '${msg}':\n${server.logTail()}`)
}

/** Starts the app on `dataDir`, waits for the catalog line `msg`, and stops it. */
async function startAndRead(main: string, dataDir: string, msg: string): Promise<LogLine> {
  const server = await startApp(main, dataDir)
  try {
    return await logged(server, msg)
  } finally {
    await server.stop()
  }
}

/**
 * What loading the shipped bangumi-data costs a start, as the server times it itself: a first
 * start on a fresh SQLite DATA_DIR loads every title; a restart on the same DATA_DIR only finds
 * that the data is in already. One server at a time, nothing else asked of it meanwhile.
 */
export async function measureCatalogLoad(
  main: string,
  settings: BenchSettings,
): Promise<CatalogLoadResult> {
  const rounds: CatalogLoadResult['rounds'] = []
  let titles = 0
  for (let round = 0; round < settings.catalogLoadRounds; round++) {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mofu-bench-catalog-'))
    try {
      const first = await startAndRead(main, dataDir, 'catalog loaded')
      const again = await startAndRead(main, dataDir, 'catalog up to date')
      titles = first.titles ?? 0
      rounds.push({ firstLoadMs: first.ms ?? Number.NaN, upToDateMs: again.ms ?? Number.NaN })
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true })
    }
  }
  return {
    firstLoadMs: median(rounds.map((round) => round.firstLoadMs)),
    titles,
    upToDateMs: median(rounds.map((round) => round.upToDateMs)),
    rounds,
  }
}

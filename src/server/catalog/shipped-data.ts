import fs from 'node:fs'
import { createRequire } from 'node:module'
import type { Logger } from '../logger'
import type { CatalogData } from './catalog-load'
import type { CatalogStore } from './catalog-store'

const require = createRequire(import.meta.url)

/**
 * How long an instance that found another one loading waits before it looks again: the other
 * may have died, and its claim runs out a minute after its last batch.
 */
const RETRY_MS = 15_000

/**
 * The bangumi-data package Mofu ships with. Read from node_modules at start, not bundled: the
 * server bundle stays small, and a start with nothing new reads the bytes for their hash only.
 */
export function shippedCatalogData(): CatalogData {
  const { version } = JSON.parse(
    fs.readFileSync(require.resolve('bangumi-data/package.json'), 'utf8'),
  ) as { version: string }
  return {
    source: 'shipped',
    version: `bangumi-data ${version}`,
    bytes: fs.readFileSync(require.resolve('bangumi-data/dist/data.json')),
  }
}

/**
 * Loads the shipped data in the background once the server runs, if the database does not have
 * it yet, so a first start serves at once and fills the catalog a few seconds later. While
 * another instance holds the load, it asks again now and then, until the data is in. The
 * returned stop waits for a load under way, so a graceful stop leaves no claim behind.
 */
export function startCatalogLoad(catalog: CatalogStore, logger: Logger): () => Promise<void> {
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> = Promise.resolve()

  const attempt = async () => {
    const started = performance.now()
    try {
      const data = shippedCatalogData()
      const outcome = await catalog.load(data)
      const ms = Math.round(performance.now() - started)
      if (outcome.status === 'loaded') {
        const { titles, missing } = outcome
        logger.info({ version: data.version, titles, missing, ms }, 'catalog loaded')
      } else if (outcome.status === 'unchanged') {
        logger.info({ version: data.version, ms }, 'catalog up to date')
      } else {
        logger.info({ version: data.version }, 'catalog being loaded by another instance')
        retry()
      }
    } catch (error) {
      logger.warn({ err: error }, 'could not load the catalog')
      retry()
    }
  }
  const retry = () => {
    if (stopped) return
    timer = setTimeout(() => {
      running = attempt()
    }, RETRY_MS)
    timer.unref()
  }

  running = attempt()
  return async () => {
    stopped = true
    clearTimeout(timer)
    await running
  }
}

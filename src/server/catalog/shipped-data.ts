import fs from 'node:fs'
import { createRequire } from 'node:module'
import type { Logger } from '../logger'
import type { CatalogData, CatalogStore } from './catalog-store'

const require = createRequire(import.meta.url)

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

/** At start: loads the shipped data if the database does not have it yet. */
export async function loadShippedCatalog(catalog: CatalogStore, logger: Logger): Promise<void> {
  const data = shippedCatalogData()
  const started = performance.now()
  const outcome = await catalog.load(data)
  const ms = Math.round(performance.now() - started)
  if (outcome.status === 'loaded') {
    logger.info(
      { version: data.version, titles: outcome.titles, missing: outcome.missing, ms },
      'catalog loaded',
    )
  } else if (outcome.status === 'busy') {
    logger.info({ version: data.version }, 'catalog being loaded by another instance')
  }
}

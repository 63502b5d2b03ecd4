import { readFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createMetrics } from '../../src/server/metrics/metrics'
import { createTestApp, type TestApp } from '../support/test-app'

/**
 * docs/architecture.md "Server" has a row for each base path app.ts mounts a sub-app at: held
 * here to the routes the app serves, with the metrics route on, so a sub-app mounted without its
 * row, or a row for one that is gone, fails.
 */

const ARCHITECTURE = path.resolve(import.meta.dirname, '../../docs/architecture.md')

let subject: TestApp

beforeAll(async () => {
  subject = await createTestApp({
    app: { metrics: createMetrics(), metricsToken: 'sub-apps-doc-metrics-token-0123456789' },
  })
})

afterAll(async () => {
  await subject?.dispose()
})

/** The first column of the table whose header starts with "| base path", one path a row. */
function documentedBasePaths(): string[] {
  const lines = readFileSync(ARCHITECTURE, 'utf8').split('\n')
  const header = lines.findIndex((line) => line.startsWith('| base path '))
  if (header === -1) throw new Error('docs/architecture.md has no table of base paths')
  const rows = lines.slice(header + 2)
  const end = rows.findIndex((line) => !line.startsWith('|'))
  return rows.slice(0, end === -1 ? rows.length : end).map((row) => {
    const cell = /^\| `([^`]+)` +\|/.exec(row)?.[1]
    if (cell === undefined) throw new Error(`not a base path: ${row}`)
    return cell
  })
}

it('lists in docs/architecture.md every base path the app mounts a sub-app at, and no other', () => {
  // Hono keeps, with each route, the base path of the sub-app it came in with ('/' for the
  // app's own and for sub-apps mounted at the root).
  const served = [...new Set(subject.app.routes.map((route) => route.basePath))]
  const documented = documentedBasePaths()
  expect(served.length).toBeGreaterThan(20)
  expect({
    undocumented: served.filter((base) => !documented.includes(base)),
    gone: documented.filter((base) => !served.includes(base)),
    twice: documented.filter((base, index) => documented.indexOf(base) !== index),
  }).toEqual({ undocumented: [], gone: [], twice: [] })
})

import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '../../src/server/db/database'
import { migrateToLatest } from '../../src/server/db/migrate'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A SQLite file with every migration applied, for test apps to start as copies of. */
    sqliteTemplate: string
  }
}

/**
 * Global setup of the integration suite on SQLite: one file migrated for the whole run, which
 * each test app's database starts as a copy of (createMigratedTestDatabase in test-database.ts).
 */
export default async function setup(project: TestProject) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mofu-db-template-'))
  const file = path.join(dir, 'mofu.db')
  const database = openDatabase({ kind: 'sqlite', file })
  try {
    await migrateToLatest(database)
  } finally {
    // The last connection's close folds the write-ahead log into the file, so it copies whole.
    await database.close()
  }
  project.provide('sqliteTemplate', file)
  return () => fs.rm(dir, { recursive: true, force: true })
}

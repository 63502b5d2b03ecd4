import type { TestProject } from 'vitest/node'
import { openDatabase } from '../../src/server/db/database'
import { migrateToLatest } from '../../src/server/db/migrate'
import { POSTGRES_URL, databaseUrl, withClient } from './test-database'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL database with every migration applied, for test apps to start as copies of. */
    postgresTemplate: string
  }
}

/**
 * Global setup of the integration suite on PostgreSQL: one database migrated for the whole run,
 * which each test app's database is made from (`CREATE DATABASE … TEMPLATE`, a copy of its
 * files), as the SQLite run copies one migrated file. Its name carries the given database's, so
 * runs against different databases of one server never share it.
 */
export default async function setup(project: TestProject) {
  const base = new URL(POSTGRES_URL).pathname.slice(1)
  const name = `${base}_template_${process.pid}_${Date.now().toString(36)}`
  await withClient(POSTGRES_URL, (client) => client.query(`create database "${name}"`))
  // A template is copied only while nobody is connected to it: the migration's pool closes first.
  const database = openDatabase({ kind: 'postgres', connectionString: databaseUrl(name) })
  try {
    await migrateToLatest(database)
  } finally {
    await database.close()
  }
  project.provide('postgresTemplate', name)
  return () =>
    withClient(POSTGRES_URL, (client) => client.query(`drop database "${name}" with (force)`))
}

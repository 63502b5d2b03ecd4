import { afterAll, expect } from 'vitest'
import { undroppedTestDatabases } from './test-database'

/**
 * Setup file of the integration projects: a test file that leaves a database behind (a
 * PostgreSQL schema in the shared server, a SQLite file) fails. Registered before the file's own
 * hooks, so it runs after all of them.
 */
afterAll(() => {
  expect(undroppedTestDatabases(), 'test databases never dropped').toEqual([])
})

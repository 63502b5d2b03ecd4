import path from 'node:path'
import { defineConfig } from 'vitest/config'

/**
 * The scale test (`npm run test:scale`): ten instances, nginx, PostgreSQL, Redis and an S3
 * server on one machine, kept out of the main suite's parallel projects so that they have the
 * machine to themselves.
 */
export default defineConfig({
  root: path.resolve(import.meta.dirname, '../..'),
  test: {
    include: ['tests/scale/**/*.test.ts'],
    // A forgotten .only would quietly run one check and report the whole cluster green.
    allowOnly: false,
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
})

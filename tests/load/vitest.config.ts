import path from 'node:path'
import { defineConfig } from 'vitest/config'

/**
 * The load test (`npm run test:load`): kept out of the main suite's parallel projects so that
 * its 200 connections have the machine to themselves.
 */
export default defineConfig({
  root: path.resolve(import.meta.dirname, '../..'),
  test: {
    include: ['tests/load/**/*.test.ts'],
    // A forgotten .only would quietly run one of the two databases and report green.
    allowOnly: false,
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
})

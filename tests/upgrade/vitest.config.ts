import path from 'node:path'
import { defineConfig } from 'vitest/config'

/**
 * The upgrade test (`npm run test:upgrade`): the previous release is built from the repository's
 * history before it runs, so it stays out of the main suite.
 */
export default defineConfig({
  root: path.resolve(import.meta.dirname, '../..'),
  test: {
    include: ['tests/upgrade/**/*.test.ts'],
    allowOnly: false,
    // One file at a time: both build the release into the same folder, and the rolling upgrade's
    // cluster wants the machine to itself.
    fileParallelism: false,
    // A budget that catches a hang: the rolling upgrade takes under two minutes alone on the
    // slowest machine of its kind, with its release built; building the release on a fresh
    // machine takes several more.
    testTimeout: 420_000,
    hookTimeout: 600_000,
  },
})

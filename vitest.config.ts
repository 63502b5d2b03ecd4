import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'
import { serverTuning } from './tests/support/server-tuning.ts'

// The workers run the app in-process (integration tests): they hash passwords as an instance
// started by the deployment guide's unit does.
Object.assign(process.env, serverTuning())

/**
 * Integration files whose claim is the same whatever the database: they run on SQLite alone.
 * The storage drivers touch no database; request bodies are read at the edge, before any query;
 * cookie names and attributes are set by the HTTP layer; the sub-apps' base paths are app.ts's;
 * the prepared statements' test opens both databases itself.
 */
const DIALECT_FREE = [
  'tests/integration/storage.test.ts',
  'tests/integration/auth-bodies.test.ts',
  'tests/integration/cookies-set.test.ts',
  'tests/integration/sub-apps-doc.test.ts',
  'tests/integration/prepared-statements.test.ts',
]

/**
 * Four projects: unit tests beside the code; the integration suite twice, once on a fresh
 * SQLite file and once on a fresh PostgreSQL schema; and tests that start real processes or
 * protocol peers (built server, SMTP capture, OpenID Connect provider, S3 server).
 */
export default defineConfig({
  // Client code under unit test imports through its tsconfig's paths (@shared, @client).
  resolve: { tsconfigPaths: true },
  test: {
    // A forgotten .only would quietly run one test and report the suite green.
    allowOnly: false,
    // One and a half files per core this process may run on (its CPU affinity, so `taskset -c 0`
    // gives two): most files wait on servers, databases, child processes and the server's own
    // timeouts (the slow-client test sits 45 s on one), so one file per core would leave cores
    // idle. Not more: each worker imports the server anew, and the process tests that count
    // answers in a window (a database outage) need CPU to spare.
    maxWorkers: Math.max(2, Math.round(availableParallelism() * 1.5)),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'bench/**/*.test.ts'],
          // Pure functions with no globals, timers or mocks to reset: one module cache per
          // worker instead of importing React, zod and the catalogues once per file.
          isolate: false,
        },
      },
      ...(['sqlite', 'postgres'] as const).map((dialect) => ({
        extends: true as const,
        test: {
          name: `integration:${dialect}`,
          include: ['tests/integration/**/*.test.ts'],
          exclude: dialect === 'postgres' ? DIALECT_FREE : [],
          env: { MOFU_TEST_DB: dialect },
          setupFiles: ['tests/support/leftover-databases.ts'],
          globalSetup: [`tests/support/${dialect}-template.ts`],
          testTimeout: 20_000,
          // The files share a worker's module cache instead of importing the server (Better
          // Auth, Kysely, sharp…) anew each: they keep no state at module level, each makes its
          // own app on its own database, and the setup file still checks each one's clean-up.
          isolate: false,
        },
      })),
      {
        extends: true,
        test: {
          name: 'process',
          include: ['tests/process/**/*.test.ts', 'tests/support/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
    ],
  },
})

import { availableParallelism } from 'node:os'
import { defineConfig, devices } from '@playwright/test'

/**
 * End-to-end tests drive Debian's Chromium (never a downloaded browser) against the built app,
 * started once by global-setup.ts on a free port with its own temporary DATA_DIR.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  // Three per core this process may run on (its CPU affinity, so `taskset -c 0` gives three): a
  // test spends most of its time waiting (on the server, on mail, on a password hash, on timed
  // UI such as the 4 s notice or the next authenticator step), and with one and a half per core
  // the whole suite's processes (server, Chromium, workers) used under half a core of two.
  workers: availableParallelism() * 3,
  retries: 0,
  forbidOnly: true,
  // The budgets catch a hang; speed is judged by `npm run bench`, not here. A journey takes up to
  // about 35 s on a core of this machine kind with the suite running, and the suite must pass on
  // a machine half as fast, where every step takes twice as long: a test gets 120 s, a wait 20 s
  // (the slowest wait, an avatar upload decoded and encoded into six renditions on the cores
  // Chromium and the workers share, takes up to about 8 s here).
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
  use: {
    // No trace unless asked for (`--trace retain-on-failure` when rerunning a failed test): the
    // DOM snapshot taken at every action costs the specs that act most (layout, preferences)
    // about a fifth of their time, for the few tests that fail.
    trace: 'off',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-background-networking',
        '--disable-component-update',
        // A synthetic camera, granted without a prompt, for the Take Photo tests.
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
  ],
})

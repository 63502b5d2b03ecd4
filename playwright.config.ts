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
  // Two per core this process may run on (its CPU affinity, so `taskset -c 0` gives two): a test
  // waits part of its time (on mail, on timed UI such as the 4 s notice), so one per core would
  // leave CPU idle. Not three: once every core is busy more workers finish the suite no sooner,
  // and each test, taking half as long again, would bring the longest journeys past their budget.
  workers: availableParallelism() * 2,
  retries: 0,
  forbidOnly: true,
  // The budgets catch a hang; speed is judged by `npm run bench`, not here. They hold on the
  // slowest machine of its kind, where the longest journey (a banner chosen, cropped by keyboard,
  // shown without JavaScript and removed) takes up to two minutes with the suite running: a test
  // gets twice that, and a wait 30 s (the slowest, an avatar upload decoded and encoded into six
  // renditions on the cores Chromium and the workers share, takes a few seconds).
  timeout: 240_000,
  expect: { timeout: 30_000 },
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

import fs from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from '@playwright/test'
import type { AxeResults, run, RunOptions } from 'axe-core'
import { expect } from './fixtures'

/**
 * axe-core's own build, put into a page once per document and run there with `axe.run`. Mofu's
 * pages hold no frames, so the page's own run sees all of it. Not @axe-core/playwright: its
 * `analyze()` puts the half-megabyte script into every frame on every call, then opens a page of
 * its own to merge the frames' results, which cost four times the scan itself.
 */
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core'), 'utf8')

/**
 * The rules a change of theme or language can change the outcome of: colours, which differ by
 * theme. A language changes the words and nothing else (the same elements, roles, colours and
 * sizes); a theme changes the colours and nothing else.
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block']

/**
 * Waits for the page to settle: nothing busy and every finite animation over, so contrast is
 * judged on the page as it stands, not mid-way through an entrance or a change of theme. An
 * animation cancelled on the way (its element left the page, or a new one replaced it) is over
 * too: its `finished` rejects with an AbortError, and whatever replaced it is waited for in turn.
 */
export async function settled(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
  await page.evaluate(async () => {
    const unfinished = () =>
      document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState !== 'finished' &&
            animation.effect?.getComputedTiming().iterations !== Infinity,
        )
    for (let running = unfinished(); running.length > 0; running = unfinished()) {
      await Promise.allSettled(running.map((animation) => animation.finished))
    }
  })
}

interface Scan {
  /** Only the part of the page this selector finds (a dialog, a form). */
  include?: string
  /** Only these rules. */
  rules?: string[]
  /** Every rule but these. */
  without?: string[]
}

/**
 * Axe's serious and critical violations on the settled page, each with the first few elements
 * it found: an empty list is a page a screen-reader or keyboard user can use.
 */
export async function blockingViolations(page: Page, scan: Scan = {}) {
  await settled(page)
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE)
  const options: RunOptions = { resultTypes: ['violations'] }
  if (scan.rules !== undefined) options.runOnly = { type: 'rule', values: scan.rules }
  if (scan.without !== undefined) {
    options.rules = Object.fromEntries(scan.without.map((rule) => [rule, { enabled: false }]))
  }
  const { violations } = await page.evaluate(
    ([include, runOptions]) =>
      (window as unknown as { axe: { run: typeof run } }).axe.run(
        include ?? document,
        runOptions,
      ) as Promise<AxeResults>,
    [scan.include, options] as const,
  )
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      help: violation.help,
      targets: violation.nodes.slice(0, 3).map((node) => node.target.join(' ')),
    }))
}

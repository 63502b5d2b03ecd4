import type { APIRequestContext, Page } from '@playwright/test'
import { expect } from './fixtures'

/** A title as the search answers it. */
export interface Found {
  id: string
  title: string
}

/**
 * The first `count` titles the search finds for `query`, once the built server has loaded the
 * shipped catalog (in the background after it starts). A request the server's end of an idle
 * connection cut (ECONNRESET, as its keep-alive timeout closes it) is asked again.
 */
export async function catalogTitles(
  request: APIRequestContext,
  query: string,
  count = 1,
): Promise<Found[]> {
  let found: Found[] = []
  await expect
    .poll(
      async () => {
        const answer = await request
          .get(`/api/anime/search?q=${encodeURIComponent(query)}`)
          .catch(() => undefined)
        found = answer?.ok() ? ((await answer.json()) as { results: Found[] }).results : []
        return found.length
      },
      { timeout: 60_000 },
    )
    .toBeGreaterThanOrEqual(count)
  return found.slice(0, count)
}

/** The Like page has hydrated: what is typed from now on reaches the search. */
export async function onLikePage(page: Page) {
  await page.goto('/favorites')
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered')
}

import type { Page } from '@playwright/test'
import { expect } from './fixtures'

interface Watched {
  /** The prerendered nodes removed from #root before it lost its data-prerendered mark. */
  replacedBeforeHydration?: string[]
  /** 'shell': no mark seen (yet); 'prerendered' until the mark goes, 'hydrated' after. */
  hydration?: 'shell' | 'prerendered' | 'hydrated'
}

/**
 * Watches #root from before the page's first byte. Hydrating cleanly, React keeps every node of
 * the prerendered page; on a mismatch it renders the part afresh and replaces them. Each node
 * removed from #root while it still carries data-prerendered (main.tsx drops the mark once the
 * page has hydrated) is recorded, for expectCleanHydration. Pages with a generic shell carry
 * no mark: the client renders those afresh, and nothing is recorded.
 */
export async function watchHydration(page: Page) {
  await page.addInitScript(() => {
    const watched = window as Watched
    const replaced: string[] = []
    watched.replacedBeforeHydration = replaced
    const describe = (node: Node) =>
      node instanceof Element
        ? `<${node.localName}${node.className ? ` class="${String(node.className)}"` : ''}>`
        : `${node.nodeName} ${JSON.stringify(node.textContent?.slice(0, 40))}`
    watched.hydration = 'shell'
    new MutationObserver((records) => {
      // Records come in the order the changes were made: a removal counts if it came first.
      for (const record of records) {
        const root = document.getElementById('root')
        if (root === null || !root.contains(record.target)) continue
        if (watched.hydration === 'shell' && root.hasAttribute('data-prerendered')) {
          watched.hydration = 'prerendered'
        }
        if (watched.hydration !== 'prerendered') continue
        if (record.type === 'attributes') watched.hydration = 'hydrated'
        else for (const node of record.removedNodes) replaced.push(describe(node))
      }
    }).observe(document, {
      childList: true,
      subtree: true,
      attributeFilter: ['data-prerendered'],
    })
  })
}

/**
 * Waits until the page has hydrated, then checks that it kept every prerendered node (React's
 * own report of a mismatch reaches the console, which fails the test in fixtures.ts).
 */
export async function expectCleanHydration(page: Page) {
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered')
  const { hydration, replacedBeforeHydration } = await page.evaluate(() => {
    const watched = window as Watched
    return {
      hydration: watched.hydration,
      replacedBeforeHydration: watched.replacedBeforeHydration,
    }
  })
  // The watcher saw the prerendered page and the end of its hydration: the check is not vacuous.
  expect(hydration).toBe('hydrated')
  expect(replacedBeforeHydration, 'prerendered nodes replaced before hydration ended').toEqual([])
}

import type { Page, Response } from '@playwright/test'
import { expect } from './fixtures'

interface Watched {
  /** The prerendered nodes removed from #root before it lost its data-prerendered mark. */
  replacedBeforeHydration?: string[]
  /** 'shell': no mark seen (yet); 'prerendered' until the mark goes, 'hydrated' after. */
  hydration?: 'shell' | 'prerendered' | 'hydrated'
}

/** The answer each watched page's last navigation got: the fresh render is drawn from it too. */
const drawnPages = new WeakMap<Page, Response>()

/**
 * Watches #root from before the page's first byte. Hydrating cleanly, React keeps every node of
 * the prerendered page; on a mismatch it renders the part afresh and replaces them. Each node
 * removed from #root while it still carries data-prerendered (main.tsx drops the mark once the
 * page has hydrated) is recorded, for expectCleanHydration. Pages with a generic shell carry
 * no mark: the client renders those afresh, and nothing is recorded.
 */
export async function watchHydration(page: Page) {
  page.on('response', (response) => {
    if (response.request().isNavigationRequest() && response.frame() === page.mainFrame()) {
      drawnPages.set(page, response)
    }
  })
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
 * #root written out whole, a line per element or text: its tag and sorted attributes, or its
 * text. The ids useId makes differ between a hydrated render (`_R_…_`) and a fresh one
 * (`_r_…_`) of the same tree, so each is written as the order in which it first appears.
 */
function writeOutRoot(): string[] {
  const root = document.getElementById('root')
  if (root === null) return []
  const ids = new Map<string, string>()
  const plain = (value: string) =>
    value.replace(/_[Rr]_[0-9a-z]+_/g, (id) => {
      if (!ids.has(id)) ids.set(id, `id${ids.size + 1}`)
      return ids.get(id) ?? id
    })
  const lines: string[] = []
  const walk = (node: Node, depth: number) => {
    const indent = '  '.repeat(depth)
    if (node instanceof Element) {
      const attributes = [...node.attributes]
        // A style as the browser reads it: the prerendered `width:40px` is `width: 40px;`.
        .map(({ name, value }) =>
          name === 'style' && node instanceof HTMLElement
            ? `style="${node.style.cssText}"`
            : `${name}="${plain(value)}"`,
        )
        .sort()
      lines.push(`${indent}<${[node.localName, ...attributes].join(' ')}>`)
    } else if (node.nodeType === Node.TEXT_NODE && node.textContent?.trim()) {
      lines.push(`${indent}${JSON.stringify(node.textContent)}`)
    }
    for (const child of node.childNodes) walk(child, depth + 1)
  }
  for (const child of root.childNodes) walk(child, 0)
  return lines
}

/** The first lines where two write-outs of #root part, each with what the other has there. */
function differences(hydrated: string[], fresh: string[]) {
  const parted = []
  for (let line = 0; line < Math.max(hydrated.length, fresh.length); line += 1) {
    if (hydrated[line] !== fresh[line]) {
      parted.push({ line, hydrated: hydrated[line], fresh: fresh[line] })
    }
  }
  return parted.slice(0, 5)
}

/**
 * Waits until the page has hydrated, then checks that it kept every prerendered node (React's
 * own report of a mismatch reaches the console, which fails the test in fixtures.ts) and that
 * it ends as the app renders it from nothing. React's production build checks only text and
 * structure: where the app renders an attribute unlike the prerendered one, React keeps the
 * prerendered one without a word and changes nothing in the page, so only the app's own render
 * shows it. That render is the same page opened beside it in the same browser (same storage and
 * cookies) from the very answer the watched page got, its HTML marked as a generic shell, which
 * main.tsx renders afresh. The same answer, not a second request: what other tests do meanwhile
 * (a like counted on a title page) must not part the two.
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

  const drawn = drawnPages.get(page)
  if (drawn === undefined) throw new Error('expectCleanHydration needs watchHydration first')
  const html = await drawn.text()
  // The body as the browser decoded it: sent again without the encoding or length it came with.
  const headers = Object.fromEntries(
    Object.entries(await drawn.allHeaders()).filter(
      ([name]) => !['content-encoding', 'content-length', 'transfer-encoding'].includes(name),
    ),
  )
  const fresh = await page.context().newPage()
  await fresh.route(page.url(), (route) =>
    route.fulfill({
      status: drawn.status(),
      headers,
      body: html.replace(/ data-prerendered="[^"]*"/, ' data-prerendered=""'),
    }),
  )
  await fresh.goto(page.url())
  // Both pages may still take in stored choices: compared until they agree or the wait ends.
  await expect
    .poll(
      async () =>
        differences(await page.evaluate(writeOutRoot), await fresh.evaluate(writeOutRoot)),
      { message: 'the hydrated page differs from the same page rendered afresh' },
    )
    .toEqual([])
  await fresh.close()
}

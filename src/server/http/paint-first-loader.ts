import { createHash } from 'node:crypto'

export const scriptHash = (code: string) =>
  `'sha256-${createHash('sha256').update(code).digest('base64')}'`

/**
 * For a page drawn whole by the server around a large picture (/@handle and its banner): the
 * app's entry script and its module preloads, which every page asks for with its first bytes,
 * replaced by an inline loader that asks for them once the page has painted (its first paint
 * entry; a frame and a task where the browser reports none). On a slow connection the picture
 * then has the bandwidth to itself instead of sharing it with the app's scripts, which the page
 * does not need to be read: it is drawn, its links work, and its controls take clicks once the
 * app has hydrated it (styles.css), as on every prerendered page. The loader sits where the entry
 * script was, before the stylesheet, so it never waits for it. A build whose shell has no entry
 * script gets its pages unchanged, and no hash.
 */
export function paintFirstLoader(shell: string): {
  hash?: string
  apply: (html: string) => string
} {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(shell)
  if (entry?.[1] === undefined) return { apply: (html) => html }
  const preloads = [...shell.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)]
  const code =
    `(()=>{const start=()=>{` +
    `for(const href of ${JSON.stringify(preloads.map(([, href]) => href))}){` +
    `const link=document.createElement("link");link.rel="modulepreload";link.crossOrigin="";` +
    `link.href=href;document.head.append(link)}` +
    `import(${JSON.stringify(entry[1])})};` +
    `window.PerformanceObserver?.supportedEntryTypes?.includes("paint")` +
    `?new PerformanceObserver((_,observer)=>{observer.disconnect();start()})` +
    `.observe({type:"paint",buffered:true})` +
    `:requestAnimationFrame(()=>setTimeout(start))})()`
  const tag = entry[0]
  return {
    hash: scriptHash(code),
    apply: (html) =>
      preloads.reduce(
        (page, [preload]) => page.replace(preload, ''),
        html.replace(tag, () => `<script>${code}</script>`),
      ),
  }
}

import type { Language } from '../../shared/language'
import { escapeAttribute, escapeText, servedPage, type Page } from './client-assets'

/**
 * The pages the server draws at each request (/@handle, /@handle/folder, /anime/:id): the built
 * shell with the page's markup in #root, the title, description and the Open Graph and Twitter
 * tags a link preview reads in <head>, and the data the page was drawn with, which the browser
 * reads to hydrate it as drawn.
 */

/** A picture a link preview shows beside the page. */
export interface PreviewImage {
  url: string
  type: string
  width: number
  height: number
  alt: string
}

export interface ServedHead {
  /** The page's one address, as its links give it. */
  path: string
  language: Language
  /** The document's <title>. */
  documentTitle: string
  /** The meta description and the preview's line under its title. */
  description: string
  /** og:type. */
  type: string
  /** What a link preview names the page. */
  title: string
  image?: PreviewImage
  /** More tags: robots, profile:username… */
  tags?: readonly { attribute: 'name' | 'property'; key: string; value: string }[]
  /** The data the page was drawn with, as JSON in a script element of this id. */
  data: { elementId: string; value: unknown }
}

/** What the build's renderer drew: resource hints for <head>, and the markup of #root. */
export interface Drawn {
  head: string
  root: string
}

const meta = (attribute: 'name' | 'property', key: string, value: string) =>
  `<meta ${attribute}="${key}" content="${escapeAttribute(value)}" />`

/**
 * `shell` with the page's head and, when the build has a renderer, its markup (without one the
 * shell's own #root stays and the browser draws the page; the tags are there all the same).
 */
export function servedHtml(
  shell: string,
  head: ServedHead,
  drawn: Drawn | undefined,
  publicUrl: string,
): string {
  const { path, language, title, description, image } = head
  const url = new URL(path, publicUrl).href
  const tags = [
    ...(head.tags ?? []).map((tag) => meta(tag.attribute, tag.key, tag.value)),
    meta('property', 'og:type', head.type),
    meta('property', 'og:site_name', 'Mofu'),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    ...(image === undefined
      ? []
      : [
          meta('property', 'og:image', image.url),
          meta('property', 'og:image:type', image.type),
          meta('property', 'og:image:width', String(image.width)),
          meta('property', 'og:image:height', String(image.height)),
          meta('property', 'og:image:alt', image.alt),
        ]),
    meta('property', 'og:locale', language === 'ja' ? 'ja_JP' : 'en_US'),
    meta('name', 'twitter:card', image === undefined ? 'summary' : 'summary_large_image'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    ...(image === undefined
      ? []
      : [meta('name', 'twitter:image', image.url), meta('name', 'twitter:image:alt', image.alt)]),
    `<link rel="canonical" href="${escapeAttribute(url)}" />`,
    // `<` escaped, so no text in the data can close the element.
    `<script id="${head.data.elementId}" type="application/json">${JSON.stringify(head.data.value).replace(/</g, '\\u003c')}</script>`,
  ].join('')
  // The shell already holds the hints its own parts need. The page's go right after the title,
  // before the app's scripts and styles, so its largest picture is among the first requests.
  const hints = (drawn?.head.match(/<link [^>]*>/g) ?? [])
    .filter((hint) => !shell.includes(hint))
    .join('')
  // Replaced by functions: a `$&` in a page's text is text, never a replacement pattern.
  const html = shell
    .replace(
      /<title>[^<]*<\/title>/,
      () => `<title>${escapeText(head.documentTitle)}</title>${hints}`,
    )
    .replace(/<meta name="description" content="[^"]*" \/>/, () =>
      meta('name', 'description', description),
    )
    .replace('</head>', () => `${tags}</head>`)
  if (drawn === undefined) return html
  return html.replace(
    /(<div id="root")( data-lang="(?:en|ja)">)[\s\S]*(<\/div>\s*<\/body>)/,
    (_, open: string, lang: string, close: string) =>
      `${open} data-prerendered="${escapeAttribute(path)}"${lang}${drawn.root}${close}`,
  )
}

/** Pages kept drawn, per kind: one is drawn again when its data or its language changes. */
const DRAWN_KEPT = 500

// The renderer's language is the module's own state: one render at a time, whichever page it
// is, keeps each page in its own language (rendering is CPU work on this thread, so nothing is
// lost by waiting).
let queue: Promise<unknown> = Promise.resolve()

/** Runs one render of the build's renderer after the one before it. */
export function renderInTurn<T>(work: () => Promise<T>): Promise<T> {
  const turn = queue.then(work, work)
  queue = turn.catch(() => undefined)
  return turn
}

/**
 * The drawn pages of one kind, by a key that holds everything the page shows (its language and
 * its data): a page is drawn once and served from memory until it changes.
 */
export function drawnPages() {
  const kept = new Map<string, Page>()
  return async (key: string, draw: () => Promise<string>): Promise<Page> => {
    let page = kept.get(key)
    if (page === undefined) {
      page = servedPage(await draw(), { quick: true })
      if (kept.size >= DRAWN_KEPT) kept.delete(kept.keys().next().value ?? '')
      kept.set(key, page)
    }
    return page
  }
}

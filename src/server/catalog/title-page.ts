import { Hono } from 'hono'
import { AnimeIdSchema, SERVED_ANIME_ELEMENT_ID, type Anime } from '../../shared/anime'
import type { Language } from '../../shared/language'
import {
  escapeAttribute,
  servedPage,
  wantsPage,
  type ClientAssets,
  type Page,
} from '../http/client-assets'
import { answerLanguage } from '../http/language'
import { LIMITS, type RouteLimits } from '../http/limiter'
import type { CatalogStore } from './catalog-store'

/** What the build's server-side entry offers for title pages (src/client/app/prerender.tsx). */
interface TitleRenderer {
  renderAnimePage(
    path: string,
    language: Language,
    anime: Anime,
  ): Promise<{ head: string; root: string }>
  /** The title as the page names it, and the line a link preview shows under it. */
  animeHeadline(anime: Anime, language: Language): { title: string; description: string }
}

const isTitleRenderer = (
  entry: Record<string, unknown> | undefined,
): entry is TitleRenderer & Record<string, unknown> =>
  typeof entry?.renderAnimePage === 'function' && typeof entry.animeHeadline === 'function'

/** Pages kept rendered: a title is drawn again when it, its likes or the language change. */
const RENDERED_KEPT = 500

/**
 * /anime/:id rendered by the server (docs/using.md "Title pages"): the title in the HTML with a
 * title, a description and the Open Graph and Twitter tags a link preview reads; the browser then
 * hydrates it. An unknown or malformed id answers 404 with the not-found page. Built without a
 * server-side entry, the shell serves the page and the browser looks the title up.
 */
export function titlePageRoutes({
  catalog,
  publicUrl,
  limits,
  client,
}: {
  catalog: CatalogStore
  publicUrl: string
  limits: RouteLimits
  /** The built client; without it (the API alone) nothing is answered here. */
  client: ClientAssets | undefined
}) {
  const rendered = new Map<string, Page>()
  // The renderer's language is the module's own state: one render at a time keeps each page in
  // its own language.
  let queue: Promise<unknown> = Promise.resolve()
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const turn = queue.then(work, work)
    queue = turn.catch(() => undefined)
    return turn
  }

  return new Hono().get('/anime/:id', limits.perAddress(LIMITS.publicRead), async (c, next) => {
    if (!wantsPage(c) || client === undefined) return next()
    const id = AnimeIdSchema.safeParse(c.req.param('id'))
    const anime = id.success ? await catalog.find(id.data) : undefined
    if (anime === undefined) return client.sendNotFound(c)
    const language = answerLanguage(c)
    const renderer = await client.serverEntry()
    if (!isTitleRenderer(renderer)) return client.sendPage(c, client.shell(language), 200)
    const path = `/anime/${anime.id}`
    const key = `${language}\n${JSON.stringify(anime)}`
    let page = rendered.get(key)
    if (page === undefined) {
      const { head, root } = await inTurn(() => renderer.renderAnimePage(path, language, anime))
      page = servedPage(
        titleHtml(client.shell(language).html, {
          path,
          language,
          anime,
          head,
          root: client.withContact(root),
          headline: renderer.animeHeadline(anime, language),
          publicUrl,
        }),
        { quick: true },
      )
      if (rendered.size >= RENDERED_KEPT) rendered.delete(rendered.keys().next().value ?? '')
      rendered.set(key, page)
    }
    return client.sendPage(c, page, 200)
  })
}

/** The shell with the rendered title in #root and the tags a link preview reads in <head>. */
function titleHtml(
  shell: string,
  {
    path,
    language,
    anime,
    head,
    root,
    headline,
    publicUrl,
  }: {
    path: string
    language: Language
    anime: Anime
    head: string
    root: string
    headline: { title: string; description: string }
    publicUrl: string
  },
): string {
  const url = new URL(path, publicUrl).href
  const meta = (attribute: 'name' | 'property', key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeAttribute(value)}" />`
  const tags = [
    meta('property', 'og:type', anime.type === 'movie' ? 'video.movie' : 'video.tv_show'),
    meta('property', 'og:site_name', 'Mofu'),
    meta('property', 'og:title', headline.title),
    meta('property', 'og:description', headline.description),
    meta('property', 'og:url', url),
    meta('property', 'og:locale', language === 'ja' ? 'ja_JP' : 'en_US'),
    meta('name', 'twitter:card', 'summary'),
    meta('name', 'twitter:title', headline.title),
    meta('name', 'twitter:description', headline.description),
    `<link rel="canonical" href="${escapeAttribute(url)}" />`,
    // `<` escaped, so no text in the data can close the element.
    `<script id="${SERVED_ANIME_ELEMENT_ID}" type="application/json">${JSON.stringify(anime).replace(/</g, '\\u003c')}</script>`,
  ].join('')
  const hints = (head.match(/<link [^>]*>/g) ?? []).filter((hint) => !shell.includes(hint)).join('')
  // Replaced by functions: a `$&` in a title is text, never a replacement pattern.
  return shell
    .replace(
      /<title>[^<]*<\/title>/,
      () => `<title>${escapeText(`${headline.title} · Mofu`)}</title>${hints}`,
    )
    .replace(/<meta name="description" content="[^"]*" \/>/, () =>
      meta('name', 'description', headline.description),
    )
    .replace('</head>', () => `${tags}</head>`)
    .replace(
      /(<div id="root")( data-lang="(?:en|ja)">)[\s\S]*(<\/div>\s*<\/body>)/,
      (_, open: string, lang: string, close: string) =>
        `${open} data-prerendered="${escapeAttribute(path)}"${lang}${root}${close}`,
    )
}

const escapeText = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')

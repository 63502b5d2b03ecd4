import { Hono } from 'hono'
import { AnimeIdSchema, SERVED_ANIME_ELEMENT_ID, type Anime } from '../../shared/anime'
import type { Language } from '../../shared/language'
import { wantsPage, type ClientAssets } from '../http/client-assets'
import { answerLanguage } from '../http/language'
import { LIMITS, type RouteLimits } from '../http/limiter'
import { drawnPages, renderInTurn, servedHtml } from '../http/served-pages'
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
  const drawn = drawnPages()
  return new Hono().get('/anime/:id', limits.perAddress(LIMITS.publicRead), async (c, next) => {
    if (!wantsPage(c) || client === undefined) return next()
    const id = AnimeIdSchema.safeParse(c.req.param('id'))
    const anime = id.success ? await catalog.find(id.data) : undefined
    if (anime === undefined) return client.sendNotFound(c)
    const language = answerLanguage(c)
    const renderer = await client.serverEntry()
    if (!isTitleRenderer(renderer)) return client.sendPage(c, client.shell(language), 200)
    const path = `/anime/${anime.id}`
    const page = await drawn(`${language}\n${JSON.stringify(anime)}`, async () => {
      const { head, root } = await renderInTurn(() =>
        renderer.renderAnimePage(path, language, anime),
      )
      const headline = renderer.animeHeadline(anime, language)
      return servedHtml(
        client.shell(language).html,
        {
          path,
          language,
          documentTitle: `${headline.title} · Mofu`,
          description: headline.description,
          type: anime.type === 'movie' ? 'video.movie' : 'video.tv_show',
          title: headline.title,
          data: { elementId: SERVED_ANIME_ELEMENT_ID, value: anime },
        },
        { head, root: client.withContact(root) },
        publicUrl,
      )
    })
    return client.sendPage(c, page, 200)
  })
}

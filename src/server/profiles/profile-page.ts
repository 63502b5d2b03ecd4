import { Hono, type Context } from 'hono'
import { folderSlug } from '../../shared/board'
import type { Language } from '../../shared/language'
import { normalizeHandle, SERVED_PROFILE_ELEMENT_ID } from '../../shared/profile'
import { PROFILE_FIELDS } from '../../shared/profile-fields'
import {
  folderHeadline,
  publicFolderPath,
  SERVED_FOLDER_ELEMENT_ID,
  type ProfileWithFolders,
  type PublicFolder,
} from '../../shared/public-folders'
import { normalizePath, pageTitle } from '../../shared/routes'
import type { PublicFolders } from '../board/public-folders'
import { wantsPage, type ClientAssets } from '../http/client-assets'
import { answerLanguage } from '../http/language'
import { LIMITS, type RouteLimits } from '../http/limiter'
import { drawnPages, renderInTurn, servedHtml } from '../http/served-pages'
import { SHARE_CARD_HEIGHT, SHARE_CARD_TYPE, SHARE_CARD_WIDTH } from '../share-cards/render-card'
import { shareCardUrl } from '../share-cards/card-versions'
import { toPublicProfile } from './profile-answers'
import type { ProfileRow, ProfileStore } from '../stores/profile-store'
import type { ReleasedHandles } from '../stores/handle-redirects'
import { ownerOf, permanentRedirect } from './routes'

/** What the build's server-side entry offers for profile and folder pages (src/client/app/prerender.tsx). */
interface ProfileRenderer {
  renderProfilePage(
    path: string,
    language: Language,
    profile: ProfileWithFolders,
  ): Promise<{ head: string; root: string }>
  profileDescription(profile: ProfileWithFolders, language: Language): string
}

interface FolderRenderer {
  renderFolderPage(
    path: string,
    language: Language,
    folder: PublicFolder,
  ): Promise<{ head: string; root: string }>
}

const isProfileRenderer = (
  entry: Record<string, unknown> | undefined,
): entry is ProfileRenderer & Record<string, unknown> =>
  typeof entry?.renderProfilePage === 'function' && typeof entry.profileDescription === 'function'

const isFolderRenderer = (
  entry: Record<string, unknown> | undefined,
): entry is FolderRenderer & Record<string, unknown> =>
  typeof entry?.renderFolderPage === 'function'

/**
 * /@handle rendered by the server (docs/using.md "Public profile pages"): the profile and its
 * public folders in the HTML, with a title, a description from the bio and the Open Graph and
 * Twitter tags a link preview reads; the browser then hydrates it. An unknown handle answers 404
 * with the not-found page, which reads as one without JavaScript, and a handle its owner changed
 * away from in the last 30 days answers 301 to their current one; any other spelling of a handle
 * (@Sora, @ｓｏｒａ) redirects to its one address. Built without a server-side entry, the shell
 * serves every /@handle and the browser looks the profile up.
 *
 * /@handle/slug is a public folder (docs/using.md "Public folders"), drawn the same way, with its
 * tags even without a server-side entry. A slug the folder had before a rename answers 301 to its
 * current one, as a changed handle does; a private folder answers exactly as one that does not
 * exist.
 */
export function profilePageRoutes({
  profiles,
  releases,
  folders,
  publicUrl,
  limits,
  client,
}: {
  profiles: ProfileStore
  releases: ReleasedHandles
  folders: PublicFolders
  publicUrl: string
  limits: RouteLimits
  /** The built client; without it (the API alone) only the moves of handles are answered here. */
  client: ClientAssets | undefined
}) {
  const drawnProfiles = drawnPages()
  const drawnFolders = drawnPages()

  /**
   * The profile at the handle asked for, or the answer when there is none: a handle its owner
   * changed away from leads to their current one (30 days), with `rest` of the path after it.
   */
  const profileAt = async (c: Context, rest: string): Promise<ProfileRow | Response | null> => {
    // Hono has decoded the parameter.
    const handle = normalizeHandle(c.req.param('at')?.slice(1) ?? '').username
    const row = await profiles.findByHandle(handle)
    if (row !== undefined) return row
    const current = await releases.redirectOf(handle)
    const { search } = new URL(c.req.url)
    if (current !== null) return permanentRedirect(c, `/@${current}${rest}${search}`)
    return client === undefined ? null : client.sendNotFound(c)
  }

  /** One address per page, as its links and previews give it. */
  const elsewhere = (c: Context, path: string) => {
    const { pathname, search } = new URL(c.req.url)
    return normalizePath(pathname) === path ? undefined : c.redirect(`${path}${search}`, 301)
  }

  return new Hono()
    .get('/:at{@[^/]+}', limits.perAddress(LIMITS.publicRead), async (c, next) => {
      if (!wantsPage(c)) return next()
      const row = await profileAt(c, '')
      if (row === null) return next()
      if (row instanceof Response) return row
      const path = `/@${row.username}`
      const moved = elsewhere(c, path)
      if (moved !== undefined) return moved
      if (client === undefined) return next()
      const language = answerLanguage(c)
      // Asked of every crawler, whether it reads the page or only its headers.
      if (PROFILE_FIELDS.noindex.read(row.noindex)) c.header('X-Robots-Tag', 'noindex')
      const renderer = await client.serverEntry()
      if (!isProfileRenderer(renderer)) return client.sendPage(c, client.shell(language), 200)
      // The page is made of the profile's row, its board and the catalog's titles: kept drawn
      // by the row and the version of the other two, it is served without reading them again.
      const key = `${language}\n${await folders.versionOf(row)}\n${JSON.stringify(row)}`
      const page = await drawnProfiles(key, async () => {
        const profile: ProfileWithFolders = {
          ...toPublicProfile(row, publicUrl),
          pinned: await folders.pinnedOf(row.user_id),
          folders: await folders.cardsOf(row.user_id),
        }
        const { head, root } = await renderInTurn(() =>
          renderer.renderProfilePage(path, language, profile),
        )
        const name = profile.name || `@${profile.displayUsername}`
        return servedHtml(
          // The banner is the page's largest picture: the app is asked for once it has painted.
          client.paintingFirst(client.shell(language).html),
          {
            path,
            language,
            documentTitle: pageTitle(path),
            description: renderer.profileDescription(profile, language),
            type: 'profile',
            title: `${name} (@${profile.displayUsername})`,
            image: {
              url: shareCardUrl(publicUrl, row),
              type: SHARE_CARD_TYPE,
              width: SHARE_CARD_WIDTH,
              height: SHARE_CARD_HEIGHT,
              alt: CARD_ALT[language](profile.name, profile.displayUsername),
            },
            tags: [
              ...(profile.noindex
                ? [{ attribute: 'name' as const, key: 'robots', value: 'noindex' }]
                : []),
              { attribute: 'property', key: 'profile:username', value: profile.username },
            ],
            data: { elementId: SERVED_PROFILE_ELEMENT_ID, value: profile },
          },
          // Drawn by the build's renderer, so with its placeholder for the contact address.
          { head, root: client.withContact(root) },
          publicUrl,
        )
      })
      return client.sendPage(c, page, 200)
    })
    .get('/:at{@[^/]+}/:slug', limits.perAddress(LIMITS.publicRead), async (c, next) => {
      if (!wantsPage(c)) return next()
      const asked = c.req.param('slug')
      const row = await profileAt(c, `/${encodeURIComponent(asked)}`)
      if (row === null) return next()
      if (row instanceof Response) return row
      const owner = ownerOf(row, publicUrl)
      const found = await folders.find(owner, folderSlug(asked))
      if (found === undefined) return client === undefined ? next() : client.sendNotFound(c)
      const { search } = new URL(c.req.url)
      if ('movedTo' in found) {
        return permanentRedirect(c, `${publicFolderPath(owner.username, found.movedTo)}${search}`)
      }
      const { folder } = found
      const path = publicFolderPath(owner.username, folder.slug)
      const moved = elsewhere(c, path)
      if (moved !== undefined) return moved
      if (client === undefined) return next()
      const language = answerLanguage(c)
      const noindex = toPublicProfile(row, publicUrl).noindex
      if (noindex) c.header('X-Robots-Tag', 'noindex')
      const renderer = await client.serverEntry()
      const key = `${language}\n${String(noindex)}\n${JSON.stringify(folder)}`
      const page = await drawnFolders(key, async () => {
        const drawn = isFolderRenderer(renderer)
          ? await renderInTurn(() => renderer.renderFolderPage(path, language, folder))
          : undefined
        const headline = folderHeadline(folder, language)
        return servedHtml(
          client.shell(language).html,
          {
            path,
            language,
            documentTitle: `${headline.title} · Mofu`,
            description: headline.description,
            type: 'website',
            title: headline.title,
            tags: noindex ? [{ attribute: 'name', key: 'robots', value: 'noindex' }] : [],
            data: { elementId: SERVED_FOLDER_ELEMENT_ID, value: folder },
          },
          drawn === undefined
            ? undefined
            : { head: drawn.head, root: client.withContact(drawn.root) },
          publicUrl,
        )
      })
      return client.sendPage(c, page, 200)
    })
}

/** The share card's text alternative, in the page's language. */
const CARD_ALT = {
  en: (name: string, handle: string) =>
    name === '' ? `Profile card of @${handle}` : `Profile card of ${name} (@${handle})`,
  ja: (name: string, handle: string) =>
    name === '' ? `@${handle} のプロフィールカード` : `${name}（@${handle}）のプロフィールカード`,
} as const satisfies Record<Language, (name: string, handle: string) => string>

import { Hono } from 'hono'
import type { Language } from '../../shared/language'
import {
  normalizeHandle,
  SERVED_PROFILE_ELEMENT_ID,
  type PublicProfile,
} from '../../shared/profile'
import { normalizePath, pageTitle } from '../../shared/routes'
import {
  escapeAttribute,
  servedPage,
  wantsPage,
  type ClientAssets,
  type Page,
} from '../http/client-assets'
import { answerLanguage } from '../http/language'
import { SHARE_CARD_HEIGHT, SHARE_CARD_TYPE, SHARE_CARD_WIDTH } from '../share-cards/render-card'
import { shareCardUrl } from '../share-cards/share-cards'
import { LIMITS, type RouteLimits } from '../http/limiter'
import { toPublicProfile, type ProfileStore } from './profile-store'
import type { ReleasedHandles } from './released-handles'
import { permanentRedirect } from './routes'

/** What the build's server-side entry offers for profile pages (src/client/app/prerender.tsx). */
interface ProfileRenderer {
  renderProfilePage(
    path: string,
    language: Language,
    profile: PublicProfile,
  ): Promise<{ head: string; root: string }>
  profileDescription(profile: PublicProfile, language: Language): string
}

const isProfileRenderer = (
  entry: Record<string, unknown> | undefined,
): entry is ProfileRenderer & Record<string, unknown> =>
  typeof entry?.renderProfilePage === 'function' && typeof entry.profileDescription === 'function'

/** Pages kept rendered: a profile is drawn again only when it or the page's language changes. */
const RENDERED_KEPT = 500

/**
 * /@handle rendered by the server (docs/using.md "Public profile pages"): the profile in the HTML,
 * with a title, a description from the bio and the Open Graph and Twitter tags a link preview
 * reads; the browser then hydrates it. An unknown handle answers 404 with the not-found page, which
 * reads as one without JavaScript, and a handle its owner changed away from in the last 30 days
 * answers 301 to their current one; any other spelling of a handle (@Sora, @ｓｏｒａ) redirects to
 * its one address. Built without a server-side entry, the shell serves every /@handle and the
 * browser looks the profile up.
 */
export function profilePageRoutes({
  profiles,
  releases,
  publicUrl,
  limits,
  client,
}: {
  profiles: ProfileStore
  releases: ReleasedHandles
  publicUrl: string
  limits: RouteLimits
  /** The built client; without it (the API alone) only the moves of handles are answered here. */
  client: ClientAssets | undefined
}) {
  const rendered = new Map<string, Page>()
  // The renderer's language is the module's own state: one render at a time keeps each page in
  // its own language (rendering is CPU work on this thread, so nothing is lost by waiting).
  let queue: Promise<unknown> = Promise.resolve()
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const turn = queue.then(work, work)
    queue = turn.catch(() => undefined)
    return turn
  }

  return new Hono().get('/:at{@[^/]+}', limits.perAddress(LIMITS.publicRead), async (c, next) => {
    if (!wantsPage(c)) return next()
    const language = answerLanguage(c)
    // Hono has decoded the parameter.
    const { username } = normalizeHandle(c.req.param('at').slice(1))
    const row = await profiles.findByHandle(username)
    const { search } = new URL(c.req.url)
    if (row === undefined) {
      // A handle its owner changed away from leads to their current one (30 days).
      const current = await releases.redirectOf(username)
      if (current !== null) return permanentRedirect(c, `/@${current}${search}`)
      return client === undefined ? next() : client.sendNotFound(c)
    }
    // One address per profile, as its links and previews give it: /@ and the lowercase handle.
    const path = `/@${row.username}`
    if (normalizePath(new URL(c.req.url).pathname) !== path) {
      return c.redirect(`${path}${search}`, 301)
    }
    if (client === undefined) return next()
    const profile = toPublicProfile(row, publicUrl)
    // Asked of every crawler, whether it reads the page or only its headers.
    if (profile.noindex) c.header('X-Robots-Tag', 'noindex')
    const renderer = await client.serverEntry()
    if (!isProfileRenderer(renderer)) return client.sendPage(c, client.shell(language), 200)
    const key = `${language}\n${JSON.stringify(profile)}`
    let page = rendered.get(key)
    if (page === undefined) {
      const { head, root } = await inTurn(() => renderer.renderProfilePage(path, language, profile))
      page = servedPage(
        // The banner is the page's largest picture: the app is asked for once it has painted.
        profileHtml(client.paintingFirst(client.shell(language).html), {
          path,
          language,
          profile,
          head,
          // Drawn by the build's renderer, so with its placeholder for the contact address.
          root: client.withContact(root),
          description: renderer.profileDescription(profile, language),
          publicUrl,
          card: shareCardUrl(publicUrl, row),
        }),
        { quick: true },
      )
      if (rendered.size >= RENDERED_KEPT) rendered.delete(rendered.keys().next().value ?? '')
      rendered.set(key, page)
    }
    return client.sendPage(c, page, 200)
  })
}

/** The shell with the rendered profile in #root and the tags a link preview reads in <head>. */
function profileHtml(
  shell: string,
  {
    path,
    language,
    profile,
    head,
    root,
    description,
    publicUrl,
    card,
  }: {
    path: string
    language: Language
    profile: PublicProfile
    head: string
    root: string
    description: string
    publicUrl: string
    /** The share card's absolute address. */
    card: string
  },
): string {
  const name = profile.name || `@${profile.displayUsername}`
  const cardAlt = CARD_ALT[language](profile.name, profile.displayUsername)
  const meta = (attribute: 'name' | 'property', key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeAttribute(value)}" />`
  const tags = [
    ...(profile.noindex ? [meta('name', 'robots', 'noindex')] : []),
    meta('property', 'og:type', 'profile'),
    meta('property', 'og:site_name', 'Mofu'),
    meta('property', 'og:title', `${name} (@${profile.displayUsername})`),
    meta('property', 'og:description', description),
    meta('property', 'og:url', new URL(path, publicUrl).href),
    meta('property', 'og:image', card),
    meta('property', 'og:image:type', SHARE_CARD_TYPE),
    meta('property', 'og:image:width', String(SHARE_CARD_WIDTH)),
    meta('property', 'og:image:height', String(SHARE_CARD_HEIGHT)),
    meta('property', 'og:image:alt', cardAlt),
    meta('property', 'og:locale', language === 'ja' ? 'ja_JP' : 'en_US'),
    meta('property', 'profile:username', profile.username),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', `${name} (@${profile.displayUsername})`),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', card),
    meta('name', 'twitter:image:alt', cardAlt),
    `<link rel="canonical" href="${escapeAttribute(new URL(path, publicUrl).href)}" />`,
    // `<` escaped, so no text in the profile can close the element.
    `<script id="${SERVED_PROFILE_ELEMENT_ID}" type="application/json">${JSON.stringify(profile).replace(/</g, '\\u003c')}</script>`,
  ].join('')
  // The shell already holds the hints its own parts need. The profile's go right after the
  // title, before the app's scripts and styles, so the banner (the page's largest picture) is
  // among the first requests the browser makes.
  const hints = (head.match(/<link [^>]*>/g) ?? []).filter((hint) => !shell.includes(hint)).join('')
  // Replaced by functions: a `$&` in a profile's text is text, never a replacement pattern.
  return shell
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(pageTitle(path))}</title>${hints}`)
    .replace(/<meta name="description" content="[^"]*" \/>/, () =>
      meta('name', 'description', description),
    )
    .replace('</head>', () => `${tags}</head>`)
    .replace(
      /(<div id="root")( data-lang="(?:en|ja)">)[\s\S]*(<\/div>\s*<\/body>)/,
      (_, open: string, lang: string, close: string) =>
        `${open} data-prerendered="${escapeAttribute(path)}"${lang}${root}${close}`,
    )
}

/** The share card's text alternative, in the page's language. */
const CARD_ALT = {
  en: (name: string, handle: string) =>
    name === '' ? `Profile card of @${handle}` : `Profile card of ${name} (@${handle})`,
  ja: (name: string, handle: string) =>
    name === '' ? `@${handle} のプロフィールカード` : `${name}（@${handle}）のプロフィールカード`,
} as const satisfies Record<Language, (name: string, handle: string) => string>

const escapeText = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')

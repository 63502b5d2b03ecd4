// zod/mini, not zod: the profile view loads this (docs/architecture.md "Client").
import * as z from 'zod/mini'
import type { ProfileField } from './profile-field-names'

/**
 * What a profile says about its owner besides the name and handle (docs/using.md "Profile
 * fields"): a bio, pronouns, up to four links, an accent colour and an avatar frame, each from
 * what Mofu ships. Shared by the edit form and the server.
 */

export const BIO_MAX_LENGTH = 300
export const PRONOUNS_MAX_LENGTH = 40
export const PROFILE_LINKS_MAX = 4
export const LINK_LABEL_MAX_LENGTH = 40
export const LINK_URL_MAX_LENGTH = 300

export const BIO_MESSAGES = {
  tooLong: `At most ${BIO_MAX_LENGTH} characters`,
  control: 'Please remove control characters',
  broken: 'Please remove broken characters',
} as const

export const PRONOUNS_MESSAGES = {
  tooLong: `At most ${PRONOUNS_MAX_LENGTH} characters`,
} as const

export const LINK_MESSAGES = {
  tooMany: `At most ${PROFILE_LINKS_MAX} links`,
  labelEmpty: 'Please give the link a label',
  labelTooLong: `At most ${LINK_LABEL_MAX_LENGTH} characters`,
  notHttps: 'Please enter a web address starting with https://',
  tooLong: `At most ${LINK_URL_MAX_LENGTH} characters`,
} as const

/**
 * Accent colours: each a shade for the light theme and one for the dark, both with at least
 * 4.5:1 contrast (WCAG AA for text) on every surface of their theme (profile-fields.test.ts).
 */
export const ACCENTS = {
  sakura: { light: '#a32458', dark: '#ff9cc0' },
  lavender: { light: '#5533b5', dark: '#c4b5fd' },
  peach: { light: '#a84a12', dark: '#ffc49b' },
  mint: { light: '#17694a', dark: '#7ee0b5' },
  sky: { light: '#1d5f99', dark: '#93c9f5' },
  night: { light: '#2a2458', dark: '#ddd6fe' },
} as const
export type Accent = keyof typeof ACCENTS
export const ACCENT_NAMES = Object.keys(ACCENTS) as Accent[]

/** Frames drawn around the avatar, each an SVG Mofu ships; '' for none. */
export const FRAMES = ['sakura', 'cat-ears', 'stars', 'ribbon', 'moon'] as const
export type Frame = (typeof FRAMES)[number]

/** Characters as people count them: an emoji is one, not two UTF-16 units. */
const characters = (text: string) => [...text].length

/**
 * Text a person types: trimmed, at most `max` characters, no control characters (but line
 * breaks where allowed, CR LF and CR read as LF) and no halves of an emoji.
 */
export const typedText = (max: number, tooLong: string, { lineBreaks }: { lineBreaks: boolean }) =>
  z.pipe(
    z.pipe(
      z.string().check(z.maxLength(max * 4)),
      z.transform((text: string) => (lineBreaks ? text.replace(/\r\n?/g, '\n') : text).trim()),
    ),
    z.string().check(
      z.refine((text) => characters(text) <= max, { message: tooLong }),
      z.refine((text) => !(lineBreaks ? /[^\P{Cc}\n]/u : /\p{Cc}/u).test(text), {
        message: BIO_MESSAGES.control,
      }),
      z.refine((text) => !/\p{Cs}/u.test(text), { message: BIO_MESSAGES.broken }),
    ),
  )

/** Plain text with line breaks, trimmed; '' for none. */
export const BioSchema = typedText(BIO_MAX_LENGTH, BIO_MESSAGES.tooLong, { lineBreaks: true })

export const PronounsSchema = typedText(PRONOUNS_MAX_LENGTH, PRONOUNS_MESSAGES.tooLong, {
  lineBreaks: false,
})

/**
 * The WHATWG URL parser, which browsers and Node.js both have; shared code is typed without
 * either platform's globals, so only the part used here is named.
 */
declare const URL: new (input: string) => {
  href: string
  host: string
  protocol: string
  username: string
  password: string
}

/**
 * The address a profile link may hold: https, with no user name or password in it (those would
 * show a trusted host before the @ and send the reader to the one after it). The server keeps
 * only such addresses; the public page checks again before it shows one as a link.
 */
export function httpsAddress(text: string): { href: string; host: string } | undefined {
  try {
    const url = new URL(text.trim())
    return url.protocol === 'https:' && url.username === '' && url.password === ''
      ? { href: url.href, host: url.host }
      : undefined
  } catch {
    return undefined
  }
}

/** An https address as the URL parser writes it. */
const HttpsUrlSchema = z.pipe(
  z.pipe(
    z.string().check(z.maxLength(LINK_URL_MAX_LENGTH * 4)),
    z.transform((text: string) => httpsAddress(text)?.href ?? ''),
  ),
  z
    .string()
    .check(
      z.minLength(1, { message: LINK_MESSAGES.notHttps }),
      z.maxLength(LINK_URL_MAX_LENGTH, { message: LINK_MESSAGES.tooLong }),
    ),
)

export const ProfileLinkSchema = z.strictObject({
  label: z.pipe(
    typedText(LINK_LABEL_MAX_LENGTH, LINK_MESSAGES.labelTooLong, { lineBreaks: false }),
    z.string().check(z.minLength(1, { message: LINK_MESSAGES.labelEmpty })),
  ),
  url: HttpsUrlSchema,
})
export type ProfileLink = z.output<typeof ProfileLinkSchema>

export const ProfileLinksSchema = z
  .array(ProfileLinkSchema)
  .check(z.maxLength(PROFILE_LINKS_MAX, { message: LINK_MESSAGES.tooMany }))

/**
 * POST /api/me/profile/links/check: an empty JSON object, as the check is of the session user's
 * own links; like every body route, it takes JSON and nothing else.
 */
export const LinkCheckRequestSchema = z.strictObject({})

/** The fields as PATCH /api/me/profile takes them; each optional, '' or [] to clear. */
export const ProfileFieldsPatchSchema = {
  bio: z.optional(BioSchema),
  pronouns: z.optional(PronounsSchema),
  links: z.optional(ProfileLinksSchema),
  accent: z.optional(z.union([z.enum(ACCENT_NAMES), z.literal('')])),
  frame: z.optional(z.union([z.enum(FRAMES), z.literal('')])),
  /** The /@handle page asks search engines not to list it. */
  noindex: z.optional(z.boolean()),
} satisfies Record<ProfileField, unknown>

/**
 * The fields as every profile answer carries them ('' and [] when not set). Absent reads as not
 * set: a server of the release before them, during a rolling upgrade, answers without them.
 */
export const ProfileFieldsSchema = {
  bio: z._default(z.string(), ''),
  pronouns: z._default(z.string(), ''),
  links: z._default(z.array(z.object({ label: z.string(), url: z.string() })), []),
  accent: z._default(z.string(), ''),
  frame: z._default(z.string(), ''),
  /** The addresses among `links` whose pages link back to the profile with rel="me". */
  verifiedLinks: z._default(z.array(z.string()), []),
  noindex: z._default(z.boolean(), false),
}

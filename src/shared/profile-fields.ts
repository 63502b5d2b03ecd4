// zod/mini, not zod: the profile view loads this (docs/architecture.md "Client").
import * as z from 'zod/mini'
import { choiceField, field, same, textField, type AnyProfileField } from './profile-field-types'
import { tooLongMessage, typedText, TYPED_TEXT_MESSAGES } from './typed-text'

/**
 * What a profile says about its owner besides the name and handle (docs/using.md "Profile
 * fields"): a bio, pronouns, up to four links, an accent colour and an avatar frame, each from
 * what Mofu ships, and whether search engines may list the page. Each is one entry of
 * PROFILE_FIELDS, from which the API's schemas, the store's columns, the export, the edit
 * form's draft and the inputs of its text and choice fields are made (docs/architecture.md
 * "Adding a profile field").
 */

export const BIO_MAX_LENGTH = 300
export const PRONOUNS_MAX_LENGTH = 40
export const PROFILE_LINKS_MAX = 4
export const LINK_LABEL_MAX_LENGTH = 40
export const LINK_URL_MAX_LENGTH = 300

export const BIO_MESSAGES = {
  tooLong: tooLongMessage(BIO_MAX_LENGTH),
  ...TYPED_TEXT_MESSAGES,
} as const

export const PRONOUNS_MESSAGES = {
  tooLong: tooLongMessage(PRONOUNS_MAX_LENGTH),
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

/** The kept links; anything unreadable counts as none. */
function storedLinks(json: string): ProfileLink[] {
  try {
    const parsed = ProfileLinksSchema.safeParse(JSON.parse(json))
    return parsed.success ? parsed.data : []
  } catch {
    return []
  }
}

/** The links worth saving: a row left with neither label nor address is no link. */
const filledLinks = (links: readonly ProfileLink[]) =>
  links.filter(({ label, url }) => label.trim() !== '' || url.trim() !== '')

/** The profile fields, in the order the edit form shows them. */
export const PROFILE_FIELDS = {
  /** Plain text with line breaks. */
  bio: textField('bio', BIO_MAX_LENGTH, { lineBreaks: true }),
  pronouns: textField('pronouns', PRONOUNS_MAX_LENGTH, { lineBreaks: false }),
  /** Kept as JSON, a list of { label, url }. */
  links: field({
    patch: ProfileLinksSchema,
    answer: z.array(z.object({ label: z.string(), url: z.string() })),
    empty: [],
    column: 'links',
    read: storedLinks,
    write: (links) => JSON.stringify(links),
    draft: (links) => links.map(({ label, url }) => ({ label, url })),
    sent: filledLinks,
  }),
  accent: choiceField('accent', ACCENT_NAMES),
  frame: choiceField('frame', FRAMES),
  /** The /@handle page asks search engines not to list it; kept as 1 or 0. */
  noindex: field({
    patch: z.boolean(),
    answer: z.boolean(),
    empty: false,
    column: 'noindex',
    read: (stored: number) => stored === 1,
    write: (noindex) => (noindex ? 1 : 0),
    draft: same<boolean>,
  }),
}

type Fields = typeof PROFILE_FIELDS
export type ProfileField = keyof Fields
/** Each field's value as PATCH /api/me/profile keeps it and the edit form holds it. */
export type ProfileFieldValues = { [Name in ProfileField]: z.output<Fields[Name]['patch']> }
/** Each field as every profile answer carries it. */
export type ProfileFieldAnswers = { [Name in ProfileField]: z.output<Fields[Name]['answer']> }
/** Each field's column in `profiles`, and what it holds. */
export type ProfileFieldColumns = {
  [Name in ProfileField as Fields[Name]['column']]: Parameters<Fields[Name]['read']>[0]
}

/** The text fields (textField), whose input the edit form draws from their descriptors. */
export type TextProfileField = {
  [Name in ProfileField]: Fields[Name] extends { lineBreaks: boolean } ? Name : never
}[ProfileField]
/** The fields of one of the names Mofu ships (choiceField), drawn in the edit form alike. */
export type ChoiceProfileField = {
  [Name in ProfileField]: Fields[Name] extends { options: readonly string[] } ? Name : never
}[ProfileField]

export const BioSchema = PROFILE_FIELDS.bio.patch
export const PronounsSchema = PROFILE_FIELDS.pronouns.patch

const EVERY_FIELD: Readonly<Record<ProfileField, AnyProfileField>> = PROFILE_FIELDS
export const PROFILE_FIELD_NAMES = Object.keys(PROFILE_FIELDS) as ProfileField[]

/**
 * A record of one entry per field, each made from its descriptor. The caller names the record:
 * each entry is typed by its own field, which a loop over all of them cannot tell apart.
 */
export const eachProfileField = <Made extends Record<ProfileField, unknown>>(
  make: (field: AnyProfileField, name: ProfileField) => unknown,
) =>
  Object.fromEntries(
    PROFILE_FIELD_NAMES.map((name) => [name, make(EVERY_FIELD[name], name)]),
  ) as Made

/** The fields as PATCH /api/me/profile takes them; each optional, '' or [] to clear. */
export const ProfileFieldsPatchSchema = eachProfileField<{
  [Name in ProfileField]: z.ZodMiniOptional<Fields[Name]['patch']>
}>((field) => z.optional(field.patch))

/**
 * The fields as every profile answer carries them ('' and [] when not set). Absent reads as not
 * set: a server of the release before them, during a rolling upgrade, answers without them.
 */
export const ProfileFieldsSchema = {
  ...eachProfileField<{ [Name in ProfileField]: z.ZodMiniDefault<Fields[Name]['answer']> }>(
    (field) => z._default(field.answer, field.empty),
  ),
  /** The addresses among `links` whose pages link back to the profile with rel="me". */
  verifiedLinks: z._default(z.array(z.string()), []),
}

/** The fields of a profile row, as every answer and the export carry them. */
export const answeredFields = (row: ProfileFieldColumns) =>
  eachProfileField<ProfileFieldAnswers>((field) =>
    field.read((row as Record<string, unknown>)[field.column]),
  )

/** The columns that keep the fields a save sends; a field not sent has none. */
export const storedFields = (values: Partial<ProfileFieldValues>): Partial<ProfileFieldColumns> =>
  Object.fromEntries(
    PROFILE_FIELD_NAMES.flatMap((name) => {
      const value = values[name]
      const { column, write } = EVERY_FIELD[name]
      return value === undefined ? [] : [[column, write(value)]]
    }),
  )

/** Whether a field is text (textField) or a choice (choiceField), as the edit form draws it. */
export const isTextField = (name: ProfileField): name is TextProfileField =>
  EVERY_FIELD[name].lineBreaks !== undefined
export const isChoiceField = (name: ProfileField): name is ChoiceProfileField =>
  EVERY_FIELD[name].options !== undefined

/** The most characters of each text field, each of which has its own message. */
export const TEXT_FIELD_LENGTHS = PROFILE_FIELD_NAMES.flatMap(
  (name) => EVERY_FIELD[name].maxLength ?? [],
)

// zod/mini, not zod: the account panel and the profile pages load this (docs/architecture.md "Client").
import * as z from 'zod/mini'
import { handleSkeleton } from './handle-skeleton'
import { PAGES, REGISTRY_LABELS } from './pages'
import { ProfileFieldsPatchSchema, ProfileFieldsSchema } from './profile-fields'
import {
  PREFERENCE_NAMES,
  PREFERENCES,
  type KeptPreferences,
  type PreferenceKind,
  type PreferenceName,
} from './preferences'

/**
 * The profile (docs/api.md "Profile and handles") and its handle rules (docs/using.md "Profiles
 * and handles"), shared by the edit form and the server.
 */

export const HANDLE_MIN_LENGTH = 3
export const HANDLE_MAX_LENGTH = 30
export const NAME_MAX_LENGTH = 50
/** How long a handle someone changed away from redirects to them and stays theirs alone. */
export const HANDLE_RELEASE_DAYS = 30
/**
 * How many times one account may change its handle within HANDLE_RELEASE_DAYS. Each change
 * reserves the handle left for those days and none ends early, so this also bounds the handles
 * an account holds at once: its own and this many released.
 */
export const HANDLE_CHANGES_MAX = 3

export const HANDLE_MESSAGES = {
  checking: 'Checking availability...',
  taken: 'This ID is already taken',
  available: 'This ID is available',
  tooShort: `At least ${HANDLE_MIN_LENGTH} letters or digits`,
  tooLong: `At most ${HANDLE_MAX_LENGTH} letters or digits`,
  reserved: 'This ID is reserved',
  tooSimilar: 'This ID is too similar to an existing one',
  changesLimited: `You can change your ID ${HANDLE_CHANGES_MAX} times in ${HANDLE_RELEASE_DAYS} days. Try again once ${HANDLE_RELEASE_DAYS} days have passed since the first of those changes.`,
  saving: 'Saving...',
  saved: 'Profile saved successfully!',
} as const

export const NAME_MESSAGES = {
  tooLong: `At most ${NAME_MAX_LENGTH} characters`,
  control: 'Please remove control characters',
  broken: 'Please remove broken characters',
  empty: 'Please enter a name',
} as const

/**
 * The names each page of the registry (./pages.ts) takes, as a handle spells them: the first part
 * of its path, its label and its footer link's own, so no profile passes for a page.
 */
const PAGE_HANDLES = [
  ...Object.keys(PAGES).map((path) => path.split('/')[1] ?? ''),
  ...REGISTRY_LABELS,
]
  .map((name) => normalizeHandle(name).username)
  .filter((username) => username !== '')

/**
 * Handles that would clash with the app's routes or pass for its pages or staff. Compared after
 * normalization, so "@Admin" and "admin" are both refused.
 */
export const RESERVED_HANDLES = new Set([
  ...PAGE_HANDLES,
  'about',
  'accounts',
  'admin',
  'administrator',
  'api',
  'assets',
  'auth',
  'help',
  'images',
  'login',
  'logout',
  'media',
  'mod',
  'moderator',
  'mofu',
  'mofurun',
  'null',
  'official',
  'readyz',
  'healthz',
  'root',
  'security',
  'signin',
  'signup',
  'staff',
  'system',
  'team',
  'undefined',
  'user',
  'users',
])

/**
 * Strips a leading @ and every character that is not a letter or digit. Width variants
 * are folded first (NFKC), so full-width "ｓａｋｕｒａ" is "sakura"; what remains is ASCII.
 * displayUsername keeps the case as typed; username is lowercased.
 */
export function normalizeHandle(input: string): { username: string; displayUsername: string } {
  const displayUsername = input
    .normalize('NFKC')
    .replace(/^@/, '')
    .replace(/[^A-Za-z0-9]/g, '')
  return { username: displayUsername.toLowerCase(), displayUsername }
}

/** Why a normalized handle cannot be used, or null when it can (taken ones aside). */
export function handleProblem(username: string): string | null {
  if (username.length < HANDLE_MIN_LENGTH) return HANDLE_MESSAGES.tooShort
  if (username.length > HANDLE_MAX_LENGTH) return HANDLE_MESSAGES.tooLong
  if (RESERVED_HANDLES.has(username)) return HANDLE_MESSAGES.reserved
  return null
}

export const RESERVED_SKELETONS: ReadonlySet<string> = new Set(
  [...RESERVED_HANDLES].map(handleSkeleton),
)

/**
 * Whether a handle passes for a reserved name (`adrnin` for `admin`). Not part of HandleSchema:
 * someone who held such a handle before the similarity rule may keep saving it, which only the
 * server, knowing the saved handle, can tell.
 */
export const passesForReserved = (username: string) =>
  !RESERVED_HANDLES.has(username) && RESERVED_SKELETONS.has(handleSkeleton(username))

export const HandleSchema = z
  .pipe(
    z.string().check(z.maxLength(200)),
    z.transform((input: string) => normalizeHandle(input)),
  )
  .check(
    z.superRefine(({ username }, ctx) => {
      const problem = handleProblem(username)
      if (problem !== null) ctx.addIssue({ code: 'custom', message: problem })
    }),
  )

/** Whether a name has anything to see once spaces and invisible format characters go. */
function isVisible(name: string): boolean {
  return name.replace(/[\p{Z}\p{Cf}\s]/gu, '') !== ''
}

/**
 * One preference's schema, from its entry in PREFERENCES. `read` is how a kept one is read back:
 * switches this release does not know are left out rather than refused. A preference whose
 * fallback is null takes null as "not chosen", as browsers before partial preferences sent it.
 */
function preferenceSchema(preference: PreferenceKind, read: boolean): z.ZodMiniType {
  if ('switches' in preference) {
    const switches = Object.fromEntries(preference.switches.map((name) => [name, z.boolean()]))
    return read ? z.object(switches) : z.strictObject(switches)
  }
  const value = z.enum(preference.values)
  return preference.fallback === null ? z.nullable(value) : value
}

/** Each preference the account keeps (docs/using.md "Preferences"), shaped by `each`. */
const preferenceShape = <T extends z.ZodMiniType>(each: (preference: PreferenceKind) => T) =>
  Object.fromEntries(PREFERENCE_NAMES.map((name) => [name, each(PREFERENCES[name])])) as Record<
    PreferenceName,
    T
  >

/** The preferences chosen, without the ones that read as absent. */
const chosenOnly = (preferences: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(preferences).filter(([, value]) => value !== undefined && value !== null),
  ) as KeptPreferences

/** The preferences a browser sends to be kept, each present only once it chose it. */
export const PreferencesSchema = z.pipe(
  z.strictObject(preferenceShape((preference) => z.optional(preferenceSchema(preference, false)))),
  z.transform(chosenOnly),
)

/**
 * The preferences this release understands among the ones the account keeps, null when none:
 * each key is read on its own (absent when missing or unreadable) and the others are left out,
 * so a key or a value this release does not know (a later release's, while a roll has both
 * running) never costs the ones it does; of the effects, those it knows. The store keeps the
 * rest as it found them (stores/profile-store.ts).
 */
export const KeptPreferencesSchema = z.pipe(
  z.object(
    preferenceShape((preference) =>
      z.catch(z.optional(preferenceSchema(preference, true)), undefined),
    ),
  ),
  z.transform((kept): KeptPreferences | null => {
    const chosen = chosenOnly(kept)
    return Object.keys(chosen).length === 0 ? null : chosen
  }),
)

/** PATCH /api/me/profile: fields not sent stay as they are. Plan and pins are the server's. */
export const ProfilePatchSchema = z.strictObject({
  name: z.optional(
    z.pipe(
      z.pipe(
        z.string(),
        z.transform((name: string) => name.trim()),
      ),
      z.string().check(
        z.maxLength(NAME_MAX_LENGTH, { message: NAME_MESSAGES.tooLong }),
        // Control characters have no place in a name (and PostgreSQL text cannot hold NUL).
        z.refine((name) => !/\p{Cc}/u.test(name), { message: NAME_MESSAGES.control }),
        // Half an emoji (a lone surrogate) is not UTF-8: it would be stored as the replacement �.
        z.refine((name) => !/\p{Cs}/u.test(name), { message: NAME_MESSAGES.broken }),
        // Only spaces or invisible characters is no name at all.
        z.refine((name) => isVisible(name), { message: NAME_MESSAGES.empty }),
      ),
    ),
  ),
  handle: z.optional(HandleSchema),
  /** Merged into the kept ones, key by key; the font among them is the profile's `font`. */
  preferences: z.optional(PreferencesSchema),
  ...ProfileFieldsPatchSchema,
})
export type ProfilePatch = z.input<typeof ProfilePatchSchema>
/** A patch as the server keeps it, after the schema has normalized the handle. */
export type ProfileChanges = z.output<typeof ProfilePatchSchema>

/**
 * The banner's URL and its thumbhash, '' for none. Absent reads as none: a server of the
 * release before banners, during a rolling upgrade, answers without them.
 */
const BannerFieldsSchema = {
  banner: z._default(z.string(), ''),
  bannerThumbhash: z._default(z.string(), ''),
}

/** The profile as the API returns it (docs/api.md "Profile and handles" lists the fields). */
export const ProfileSchema = z.object({
  uid: z.string(),
  name: z.string(),
  username: z.string(),
  displayUsername: z.string(),
  avatar: z.string(),
  /** ThumbHash (base64) of the avatar, the placeholder while it loads; '' with no avatar. */
  avatarThumbhash: z.string(),
  ...BannerFieldsSchema,
  font: z.string(),
  /** The pins of the account's plan (plans.ts PinAllowanceSchema), as of the answer. */
  pinCount: z.number(),
  usedPinCount: z.number(),
  pinResetAt: z.nullable(z.string()),
  plan: z.string(),
  /**
   * When the plan's grant ends, null for none. Absent reads as none: a server of the release
   * before plans answers without it.
   */
  planUntil: z._default(z.nullable(z.string()), null),
  /** Null until a signed-in browser has chosen any (it then gives its own choices). */
  preferences: z.nullable(KeptPreferencesSchema),
  ...ProfileFieldsSchema,
})
export type Profile = z.infer<typeof ProfileSchema>

/** What anyone may see at /@handle. */
export const PublicProfileSchema = z.object({
  name: z.string(),
  username: z.string(),
  displayUsername: z.string(),
  avatar: z.string(),
  avatarThumbhash: z.string(),
  ...BannerFieldsSchema,
  ...ProfileFieldsSchema,
})
export type PublicProfile = z.infer<typeof PublicProfileSchema>

/**
 * The element of a server-rendered /@handle page holding the profile it was rendered with (JSON),
 * so the page's first render in the browser draws the same markup and hydrates it.
 */
export const SERVED_PROFILE_ELEMENT_ID = 'mofu-profile'

export const HandleAvailabilitySchema = z.object({
  username: z.string(),
  available: z.boolean(),
  message: z.string(),
  /** Free IDs built from the one asked for, when it is taken or too similar (at most three). */
  suggestions: z.array(z.string()).check(z.maxLength(3)),
})
export type HandleAvailability = z.infer<typeof HandleAvailabilitySchema>

/**
 * The profile fields by name (profile-fields.ts holds their rules, which check against this list):
 * a page that only names them, such as the privacy page, loads no zod.
 */
export const PROFILE_FIELDS = ['bio', 'pronouns', 'links', 'accent', 'frame', 'noindex'] as const
export type ProfileField = (typeof PROFILE_FIELDS)[number]

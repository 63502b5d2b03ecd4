import { STORED_FONT_DEFAULT } from '../../shared/preferences'
import type { Profile, PublicProfile } from '../../shared/profile'
import { answeredFields, type ProfileLink } from '../../shared/profile-fields'
import type { PlanBook } from '../plans/plan-book'
import { mediaUrl } from '../storage/avatar-object'
import { storedPreferences, type ProfileRow } from '../stores/profile-store'

/**
 * The API's profile from its row; the image URLs are built from today's PUBLIC_URL, the plan
 * and its pins from today's PLANS, as of now.
 */
export function toProfile(row: ProfileRow, publicUrl: string, plans: PlanBook): Profile {
  const preferences = storedPreferences(row.preferences)
  return {
    uid: row.user_id,
    ...names(row),
    ...images(row, publicUrl),
    font: preferences?.font ?? STORED_FONT_DEFAULT,
    ...plans.allowance(row),
    preferences,
    ...profileFields(row),
  }
}

/** What anyone may see of a profile (/@handle): no e-mail, no preferences, no plan. */
export function toPublicProfile(row: ProfileRow, publicUrl: string): PublicProfile {
  const { name, username, displayUsername } = names(row)
  return { name, username, displayUsername, ...images(row, publicUrl), ...profileFields(row) }
}

/** The name and handle; displayUsername (the handle as typed) falls back to username. */
function names(row: ProfileRow) {
  return {
    name: row.name,
    username: row.username ?? '',
    displayUsername: row.display_username ?? row.username ?? '',
  }
}

/** The avatar's and the banner's URLs and thumbhashes ('' for none). */
function images(row: ProfileRow, publicUrl: string) {
  return {
    avatar: mediaUrl('avatars', publicUrl, row.user_id, row.avatar_version),
    avatarThumbhash: row.avatar_version === '' ? '' : row.avatar_thumbhash,
    banner: mediaUrl('banners', publicUrl, row.user_id, row.banner_version),
    bannerThumbhash: row.banner_version === '' ? '' : row.banner_thumbhash,
  }
}

/** The profile fields of a row (PROFILE_FIELDS), as every answer and the export carry them. */
export function profileFields(row: ProfileRow) {
  const fields = answeredFields(row)
  return { ...fields, verifiedLinks: verifiedLinks(row, fields.links) }
}

/**
 * The links whose pages linked back to the profile at its current handle: a change of handle
 * or of a link's address leaves it to be checked again.
 */
function verifiedLinks(row: ProfileRow, links: readonly ProfileLink[]): string[] {
  if (row.verified_for === '' || row.verified_for !== row.username) return []
  const verified = new Set(storedStrings(row.verified_links))
  return links.map(({ url }) => url).filter((url) => verified.has(url))
}

function storedStrings(json: string): string[] {
  try {
    const parsed: unknown = JSON.parse(json)
    return Array.isArray(parsed) ? parsed.filter((item) => typeof item === 'string') : []
  } catch {
    return []
  }
}

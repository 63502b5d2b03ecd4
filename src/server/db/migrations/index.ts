import type { Migration } from 'kysely'
import { migration as instanceSettings } from './0001_instance_settings'
import { migration as pageViews } from './0002_page_views'
import { migration as auth } from './0003_auth'
import { migration as profiles } from './0004_profiles'
import { migration as avatarVersion } from './0005_avatar_version'
import { migration as pageViewCounts } from './0006_page_view_counts'
import { migration as rateLimits } from './0007_rate_limits'
import { migration as handleSkeleton } from './0008_handle_skeleton'
import { migration as knownDevices } from './0009_known_devices'
import { migration as disabledUsers } from './0010_disabled_users'
import { migration as twoFactor } from './0011_two_factor'
import { migration as passkeys } from './0012_passkeys'
import { migration as avatarThumbhash } from './0013_avatar_thumbhash'
import { migration as profilePreferences } from './0014_profile_preferences'
import { migration as pageViewCountsDay } from './0015_page_view_counts_day'
import { migration as sessionAuthenticatedAt } from './0016_session_authenticated_at'
import { migration as trustedBrowsers } from './0017_trusted_browsers'
import { migration as passkeyCredentialUnique } from './0018_passkey_credential_unique'
import { migration as securityActivity } from './0019_security_activity'
import { migration as emailChanges } from './0020_email_changes'
import { migration as accountRecovery } from './0021_account_recovery'
import { migration as signUpPasswords } from './0022_sign_up_passwords'
import { migration as profileFields } from './0023_profile_fields'
import { migration as releasedHandles } from './0024_released_handles'
import { migration as verifiedLinks } from './0025_verified_links'
import { migration as profileNoindex } from './0026_profile_noindex'
import { migration as profileBanner } from './0027_profile_banner'
import { migration as recoveryLinkAddresses } from './0028_recovery_link_addresses'
import { migration as handleChanges } from './0029_handle_changes'
import { migration as catalog } from './0030_catalog'
import { migration as likes } from './0031_likes'
import { migration as board } from './0032_board'
import { migration as pinsPlans } from './0033_pins_plans'
import { migration as publicFolders } from './0034_public_folders'
import { migration as calendarFeed } from './0035_calendar_feed'
import { migration as pinnedLikesIndex } from './0036_pinned_likes_index'
import { migration as boardVersion } from './0037_board_version'
import { migration as fontInPreferences } from './0038_font_in_preferences'
import type { MigrationInputs } from './inputs'

/** A migration, or what makes it from its inputs. */
type MigrationEntry = Migration | ((inputs: MigrationInputs) => Migration)

/**
 * One ordered migration set for SQLite and PostgreSQL, one file each, listed under the name
 * `kysely_migration` records for it, which is its file's name and never changes. Each migration
 * uses only DDL both dialects share. The names are written out here: the migration-compatibility
 * test reads a release's migrations from git by them.
 */
export const MIGRATIONS: Readonly<Record<string, MigrationEntry>> = {
  '0001_instance_settings': instanceSettings,
  '0002_page_views': pageViews,
  '0003_auth': auth,
  '0004_profiles': profiles,
  '0005_avatar_version': avatarVersion,
  '0006_page_view_counts': pageViewCounts,
  '0007_rate_limits': rateLimits,
  '0008_handle_skeleton': handleSkeleton,
  '0009_known_devices': knownDevices,
  '0010_disabled_users': disabledUsers,
  '0011_two_factor': twoFactor,
  '0012_passkeys': passkeys,
  '0013_avatar_thumbhash': avatarThumbhash,
  '0014_profile_preferences': profilePreferences,
  '0015_page_view_counts_day': pageViewCountsDay,
  '0016_session_authenticated_at': sessionAuthenticatedAt,
  '0017_trusted_browsers': trustedBrowsers,
  '0018_passkey_credential_unique': passkeyCredentialUnique,
  '0019_security_activity': securityActivity,
  '0020_email_changes': emailChanges,
  '0021_account_recovery': accountRecovery,
  '0022_sign_up_passwords': signUpPasswords,
  '0023_profile_fields': profileFields,
  '0024_released_handles': releasedHandles,
  '0025_verified_links': verifiedLinks,
  '0026_profile_noindex': profileNoindex,
  '0027_profile_banner': profileBanner,
  '0028_recovery_link_addresses': recoveryLinkAddresses,
  '0029_handle_changes': handleChanges,
  '0030_catalog': catalog,
  '0031_likes': likes,
  '0032_board': board,
  '0033_pins_plans': pinsPlans,
  '0034_public_folders': publicFolders,
  '0035_calendar_feed': calendarFeed,
  '0036_pinned_likes_index': pinnedLikesIndex,
  '0037_board_version': boardVersion,
  '0038_font_in_preferences': fontInPreferences,
}

/** Every migration, made for one database. */
export function makeMigrations(inputs: MigrationInputs): Record<string, Migration> {
  return Object.fromEntries(
    Object.entries(MIGRATIONS).map(([name, entry]) => [
      name,
      typeof entry === 'function' ? entry(inputs) : entry,
    ]),
  )
}

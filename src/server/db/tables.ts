import type {
  AccountRecoveriesTable,
  AccountTable,
  AddressChangesTable,
  DisabledUsersTable,
  EmailChangesTable,
  KnownDevicesTable,
  PasskeyTable,
  RecoveryCodesTable,
  SecurityActivityTable,
  SessionTable,
  SignUpPasswordsTable,
  TotpLastStepsTable,
  TrustedBrowsersTable,
  TwoFactorTable,
  UserTable,
  VerificationTable,
} from './account-tables'
import type { CalendarFeedsTable, FolderSlugsTable, FoldersTable, LikesTable } from './board-tables'
import type { CatalogStateTable, CatalogTitlesTable } from './catalog-tables'
import type { InstanceSettingsTable, PageViewCountsTable, RateLimitsTable } from './instance-tables'
import type { HandleChangesTable, ProfilesTable, ReleasedHandlesTable } from './profile-tables'

/** Row types of Mofu's own tables, as Kysely sees them. */

export interface Tables {
  calendar_feeds: CalendarFeedsTable
  catalog_titles: CatalogTitlesTable
  catalog_state: CatalogStateTable
  likes: LikesTable
  folders: FoldersTable
  folder_slugs: FolderSlugsTable
  profiles: ProfilesTable
  released_handles: ReleasedHandlesTable
  handle_changes: HandleChangesTable
  user: UserTable
  session: SessionTable
  account: AccountTable
  disabled_users: DisabledUsersTable
  instance_settings: InstanceSettingsTable
  page_view_counts: PageViewCountsTable
  rate_limits: RateLimitsTable
  known_devices: KnownDevicesTable
  passkey: PasskeyTable
  totp_last_steps: TotpLastStepsTable
  trusted_browsers: TrustedBrowsersTable
  security_activity: SecurityActivityTable
  email_changes: EmailChangesTable
  address_changes: AddressChangesTable
  recovery_codes: RecoveryCodesTable
  account_recoveries: AccountRecoveriesTable
  sign_up_passwords: SignUpPasswordsTable
  verification: VerificationTable
  twoFactor: TwoFactorTable
}

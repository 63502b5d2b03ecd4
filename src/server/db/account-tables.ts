import type { Generated } from 'kysely'

/** Browsers each account has signed in from (sessions/known-browsers.ts): a hash of their cookie. */
export interface KnownDevicesTable {
  user_id: string
  device_hash: string
  first_seen: string
}

/** Better Auth's user table, as far as Mofu reads or deletes it itself. */
export interface UserTable {
  id: string
  email: string
  /** SQLite stores 0 or 1, PostgreSQL a boolean. */
  emailVerified: number | boolean
  /** SQLite stores ISO 8601 text, PostgreSQL a timestamptz. */
  createdAt: string | Date
}

/** Accounts an operator disabled; a user with no row here is enabled. */
export interface DisabledUsersTable {
  user_id: string
  reason: string | null
  /** ISO 8601. */
  disabled_at: string
}

/** Better Auth's session table, as far as Mofu reads it itself. */
export interface SessionTable {
  id: string
  token: string
  userId: string
  /** When its owner last proved who they are (recent-proof.ts), null for never. */
  authenticatedAt: string | Date | null
  /** Sign-in or the last daily renewal; SQLite stores ISO 8601 text, PostgreSQL a timestamptz. */
  updatedAt: string | Date
  expiresAt: string | Date
}

/** Better Auth's account table, as far as Mofu reads it itself. */
export interface AccountTable {
  id: string
  userId: string
  providerId: string
  /** The password hash of a `credential` account; null for Google. */
  password: string | null
  /** SQLite stores ISO 8601 text, PostgreSQL a timestamptz. */
  createdAt: string | Date
}

/** Better Auth's passkey table, as far as Mofu reads it itself. */
export interface PasskeyTable {
  id: string
  userId: string
  name: string | null
  /** The WebAuthn credential id (base64url): one passkey of one account. */
  credentialID: string
  createdAt: string | Date | null
}

/** The newest TOTP step each user's codes were accepted at (auth/two-factor-codes.ts). */
export interface TotpLastStepsTable {
  user_id: string
  /** Seconds since the epoch divided by 30; PostgreSQL's bigint arrives as a string. */
  step: number | string
}

/**
 * Browsers trusted to skip two-factor codes (auth/trusted-browsers.ts): a hash of each one's
 * trust id, with the session it last signed in.
 */
export interface TrustedBrowsersTable {
  trust_hash: string
  user_id: string
  session_id: string
}

/** The security events each owner sees (security-events.ts), kept for ACTIVITY_DAYS. */
export interface SecurityActivityTable {
  id: string
  user_id: string
  /** An ActivityEvent. */
  event: string
  /** ISO 8601: text on both databases, so cursors compare alike. */
  at: string
  /** A SignInMethod, for sign-ins. */
  method: string | null
  browser: string | null
  system: string | null
  /** The client's /24 or /48, never the full address. */
  network: string | null
  /** The session a sign-in started, to mark "this device". */
  session_id: string | null
  count: Generated<number>
}

/** Each account's pending change of address (account/email-change.ts). */
export interface EmailChangesTable {
  user_id: string
  /** SHA-256 of the code mailed to the new address, hex. */
  code_hash: string
  new_email: string
  /** ISO 8601. */
  expires_at: string
  /** The session that asked for it: the change dies with it. NULL for requests made before. */
  session_id: string | null
  /** ISO 8601: when that session's holder signed in, from which a recovery disowns. */
  disown_since: string | null
}

/** Each change of address of the last week (stores/address-history.ts). */
export interface AddressChangesTable {
  id: string
  user_id: string
  old_email: string
  new_email: string
  /** ISO 8601. */
  changed_at: string
  /** ISO 8601: from when a recovery through the old address disowns what happened. */
  disown_since: string
}

/** Links that take an account back (stores/recovery-codes.ts), by the hash of their code. */
export interface RecoveryCodesTable {
  /** SHA-256 of the code, hex. */
  code_hash: string
  user_id: string
  /** ISO 8601: the handle the account had then is given back by the recovery. */
  disown_since: string
  /** The address the link was mailed to, given back by the recovery; null before 0028. */
  email: string | null
  /** ISO 8601. */
  expires_at: string
}

/** When each account was last recovered: reset links sent before then no longer work. */
export interface AccountRecoveriesTable {
  user_id: string
  /** ISO 8601. */
  recovered_at: string
}

/** Better Auth's verification table, as far as Mofu deletes from it itself. */
export interface VerificationTable {
  id: string
  identifier: string
  /** A reset code's value is the user's id. */
  value: string
}

/** Better Auth's two-factor table, as far as Mofu deletes from it itself. */
export interface TwoFactorTable {
  id: string
  userId: string
  /** The backup codes, hashed (auth/backup-codes.ts). */
  backupCodes: string
}

/** Passwords of later sign-ups for an unverified address (auth/sign-up-passwords.ts). */
export interface SignUpPasswordsTable {
  id: string
  user_id: string
  /** Better Auth's password hash. */
  password_hash: string
  /** ISO 8601. */
  created_at: string
}

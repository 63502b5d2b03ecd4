import fs from 'node:fs'
import type { Kysely, MigrationResultSet } from 'kysely'
import { passkeysPossible } from './auth/passkeys'
import { isLoopbackUrl, type Config } from './config'
import type { Tables } from './db/tables'
import type { Logger } from './logger'
import { lookAlikeHandlesKept } from './profiles/handle-claims'

/**
 * Creates DATA_DIR owner-only (it holds the SQLite file, the outbox's live links and uploads).
 * An existing folder is left as the operator set it, with one warning when others can read it.
 */
export function prepareDataDir(dir: string, logger: Logger): void {
  if (!fs.existsSync(dir)) {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 })
    return
  }
  const mode = fs.statSync(dir).mode & 0o777
  if ((mode & 0o007) !== 0) {
    logger.warn(
      { dataDir: dir, mode: mode.toString(8) },
      'DATA_DIR can be read by other users of this machine; run chmod 700 on it',
    )
  }
}

/** Browsers drop Secure cookies over http://, so Mofu sends them without it there. */
export function warnIfCookiesInsecure(publicUrl: string, logger: Logger): void {
  if (!publicUrl.startsWith('http:') || isLoopbackUrl(publicUrl)) return
  logger.warn(
    { publicUrl },
    'PUBLIC_URL is http:// on a non-loopback address: cookies are not Secure and travel unencrypted; use https://',
  )
}

/**
 * Unset, CONTACT_URL falls back to the address mails come from (often a no-reply one), which
 * nobody may read: users who follow the footer's Contact would write into the void.
 */
export function warnIfContactUnset(
  config: Pick<Config, 'publicUrl' | 'contactUrl' | 'contactUrlSet'>,
  logger: Logger,
): void {
  if (config.contactUrlSet || isLoopbackUrl(config.publicUrl)) return
  logger.warn(
    { contactUrl: config.contactUrl },
    "CONTACT_URL is unset: the footer's Contact link and security.txt point to the address mails come from; set CONTACT_URL to where users reach you",
  )
}

/** Browsers refuse WebAuthn for an IP address, so the panel offers no passkeys there. */
export function warnIfPasskeysImpossible(publicUrl: string, logger: Logger): void {
  if (passkeysPossible(publicUrl)) return
  logger.warn(
    { publicUrl },
    'PUBLIC_URL is an IP address, which browsers refuse for passkeys: passkeys are not offered; use a host name (localhost in development)',
  )
}

/**
 * Handles migration 0008 kept although they pass for another's or a reserved name (docs/using.md
 * "Look-alike IDs"), listed once: by the start that applied it.
 */
export async function warnOfLookAlikesKept(
  db: Kysely<Tables>,
  applied: MigrationResultSet,
  logger: Logger,
): Promise<void> {
  const ran = (applied.results ?? []).some(
    (step) => step.migrationName === '0008_handle_skeleton' && step.status === 'Success',
  )
  if (!ran) return
  const kept = await lookAlikeHandlesKept(db)
  if (kept.length > 0) {
    logger.warn({ handles: kept }, 'look-alike handles from before the similarity rule kept')
  }
}

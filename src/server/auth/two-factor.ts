import type { BetterAuthPlugin } from 'better-auth'
import { twoFactor } from 'better-auth/plugins'
import type { Kysely } from 'kysely'
import { TRUST_DEVICE_SECONDS } from '../../shared/cookies'
import { CODE_LOCK_SECONDS } from '../../shared/two-factor'
import type { Tables } from '../db/tables'
import type { Limiter } from '../http/limiter'
import { requestSource, type SecurityEvents } from '../security-events'
import type { AccountNotices } from '../mail/account-notices'
import { backupCodeHooks, hashedBackupCodes } from './backup-codes'
import { googleTwoFactorPlugin } from './google-two-factor'
import type { ScryptCost } from './hashing'
import { twoFactorCodeHooks, userOfCode } from './two-factor-codes'
import { forgetTrustedBrowsers, trustedBrowsersPlugin } from './trusted-browsers'

/**
 * Per client address and minute, like log-in (docs/security.md "Abuse limits"); each path counts on its
 * own. Better Auth's own rule for these paths (3 in 10 s) would refuse a user who turns
 * two-factor on and signs in again within a few seconds.
 */
export const TWO_FACTOR_RATE_LIMITS = { '/two-factor/*': { window: 60, max: 10 } }

/**
 * Endpoints of the plugin no Mofu feature uses: codes by mail or SMS (not configured), the
 * secret again after set-up, and new backup codes.
 */
export const TWO_FACTOR_DISABLED_PATHS = [
  '/two-factor/send-otp',
  '/two-factor/verify-otp',
  '/two-factor/get-totp-uri',
  '/two-factor/generate-backup-codes',
]

/** Where Better Auth writes the user's two-factor flag: turning it on, and off. */
const SWITCH_PATHS = new Set([
  '/two-factor/verify-totp',
  '/two-factor/enable',
  '/two-factor/disable',
])

interface TwoFactorDeps {
  db: Kysely<Tables>
  limiter: Limiter
  notices: AccountNotices
  event: SecurityEvents
  backupCodeCost: ScryptCost
}

/**
 * Mails the owner, logs the event and forgets the account's trusted browsers when the
 * two-factor flag is written at one of its paths.
 */
function switchNotices({ db, notices, event }: TwoFactorDeps): BetterAuthPlugin {
  return {
    id: 'mofu-two-factor-notices',
    init: () => ({
      options: {
        databaseHooks: {
          user: {
            update: {
              after: async (user, ctx) => {
                if (ctx === null || ctx === undefined || !SWITCH_PATHS.has(ctx.path)) return
                const on = (user as { twoFactorEnabled?: unknown }).twoFactorEnabled === true
                const from = requestSource(ctx.headers)
                await event(on ? 'two-factor.enabled' : 'two-factor.disabled', {
                  ...from,
                  userId: user.id,
                })
                notices.twoFactorChanged(user, on, ctx.headers)
                await forgetTrustedBrowsers(db, user.id)
              },
            },
          },
        },
      },
    }),
  }
}

/**
 * Two-factor codes (docs/using.md "Two-factor authentication"): Better Auth's plugin with TOTP (issuer
 * "Mofu", 6 digits, 30-second steps, the step before and after accepted), its secret stored
 * encrypted with the auth secret, and 10 backup codes, stored hashed (backup-codes.ts). Ten
 * failed codes in a row, at sign-in or when turning it off, lock the account's codes for 15
 * minutes, the figures of failed passwords. Mofu adds: a code is taken once, turning off needs a
 * code, and a mail when it is turned on or off.
 */
export function twoFactorPlugins(deps: TwoFactorDeps) {
  return [
    twoFactor({
      issuer: 'Mofu',
      // The password is asked of accounts that have one; a Google-only account has none.
      allowPasswordless: true,
      trustDeviceMaxAge: TRUST_DEVICE_SECONDS,
      backupCodeOptions: { amount: 10, storeBackupCodes: hashedBackupCodes(deps.backupCodeCost) },
      accountLockout: { enabled: true, maxFailedAttempts: 10, durationSeconds: CODE_LOCK_SECONDS },
    }),
    trustedBrowsersPlugin(deps.db),
    googleTwoFactorPlugin(),
    twoFactorCodeHooks(deps.db, deps.limiter, deps.backupCodeCost),
    backupCodeHooks(deps.backupCodeCost, userOfCode),
    switchNotices(deps),
  ] as const
}

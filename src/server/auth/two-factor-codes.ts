import type { BetterAuthPlugin } from 'better-auth'
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api'
import { symmetricDecrypt } from 'better-auth/crypto'
import { createOTP } from '@better-auth/utils/otp'
import type { Kysely } from 'kysely'
import { AUTH_MESSAGES } from '../../shared/auth-messages'
import { TWO_FACTOR_COOKIE } from '../../shared/cookies'
import { CODE_LOCK_SECONDS, TWO_FACTOR_ERRORS, TWO_FACTOR_MESSAGES } from '../../shared/two-factor'
import type { Tables } from '../db/tables'
import type { Limiter } from '../http/limiter'
import { isBackupCode } from './backup-codes'
import type { ScryptCost } from './hashing'
import { checkCountedPassword } from './password-guesses'

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0]

/** The plugin's TOTP step; it accepts the step before and after the current one too. */
const STEP_SECONDS = 30

interface TwoFactorRow {
  id: string
  secret: string
  backupCodes: string
  lockedUntil?: Date | string | null
}

/** The plugin's code and lock for an account whose codes are locked (CODE_LOCK_SECONDS). */
const CODES_LOCKED = 'ACCOUNT_TEMPORARILY_LOCKED'
/** The plugin's figure: this many wrong codes in a row lock the account's codes. */
const LOCK_AFTER = 10

/** The user a code is for: the signed-in user, or the one whose sign-in waits for a code. */
export async function userOfCode(ctx: HookContext): Promise<string | null> {
  const session = await getSessionFromCtx(ctx)
  if (session !== null) return session.user.id
  const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE)
  const challenge = await ctx.getSignedCookie(cookie.name, ctx.context.secret)
  if (typeof challenge !== 'string' || challenge === '') return null
  const found = await ctx.context.internalAdapter.findVerificationValue(challenge)
  return found?.value ?? null
}

async function twoFactorOf(ctx: HookContext, userId: string): Promise<TwoFactorRow | null> {
  return ctx.context.adapter.findOne<TwoFactorRow>({
    model: 'twoFactor',
    where: [{ field: 'userId', value: userId }],
  })
}

/** The 30-second step whose code `code` is (current, previous or next), or null for none. */
async function stepOf(ctx: HookContext, row: TwoFactorRow, code: string): Promise<number | null> {
  // Secrets imported with a `base32:` prefix do not exist in Mofu: it only stores its own.
  const secret = await symmetricDecrypt({ key: ctx.context.secretConfig, data: row.secret })
  const otp = createOTP(secret, { period: STEP_SECONDS, digits: 6 })
  const now = Math.floor(Date.now() / 1000 / STEP_SECONDS)
  for (const step of [now - 1, now, now + 1]) {
    if ((await otp.hotp(step)) === code) return step
  }
  return null
}

/**
 * Takes `step` for the user if no code of it or of a later step was taken yet, in one
 * statement, so two requests with the same code cannot both pass.
 */
async function takeStep(db: Kysely<Tables>, userId: string, step: number): Promise<boolean> {
  const result = await db
    .insertInto('totp_last_steps')
    .values({ user_id: userId, step })
    .onConflict((conflict) =>
      conflict.column('user_id').doUpdateSet({ step }).where('totp_last_steps.step', '<', step),
    )
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0
}

const codeUsed = () =>
  new APIError('UNAUTHORIZED', {
    code: TWO_FACTOR_ERRORS.codeUsed,
    message: TWO_FACTOR_MESSAGES.codeUsed,
  })

const wrongCode = () =>
  new APIError('UNAUTHORIZED', {
    code: TWO_FACTOR_ERRORS.wrongCode,
    message: TWO_FACTOR_MESSAGES.wrongCode,
  })

/** A correct TOTP code is taken once; a wrong one is left to the plugin, which counts it. */
async function refuseReusedCode(ctx: HookContext, db: Kysely<Tables>) {
  const code: unknown = ctx.body?.code
  if (typeof code !== 'string') return
  const userId = await userOfCode(ctx)
  const row = userId === null ? null : await twoFactorOf(ctx, userId)
  if (userId === null || row === null) return
  const step = await stepOf(ctx, row, code)
  if (step !== null && !(await takeStep(db, userId, step))) throw codeUsed()
}

/**
 * The account's password, when it has one, before two-factor is turned on or a code is spent on
 * turning it off: a guess counted like a log-in's (password-guesses.ts). Turning it on, the
 * plugin checks the password again, past the count.
 */
async function checkPassword(
  ctx: HookContext,
  limiter: Limiter,
  user: { id: string; email: string },
) {
  const account = await ctx.context.internalAdapter.findCredentialAccount(user.id)
  const hash = account?.password
  if (hash === undefined || hash === null) return
  const password: unknown = ctx.body?.password
  const checked = await checkCountedPassword(
    limiter,
    user.email,
    async () =>
      typeof password === 'string' && (await ctx.context.password.verify({ hash, password })),
  )
  if (checked.verdict === 'locked') {
    throw new APIError('TOO_MANY_REQUESTS', { message: AUTH_MESSAGES.tooManyRequests })
  }
  if (checked.verdict === 'wrong') {
    throw new APIError('BAD_REQUEST', {
      code: 'INVALID_PASSWORD',
      message: AUTH_MESSAGES.wrongPassword,
    })
  }
}

/** Refuses any code while the account's codes are locked, as the plugin does at sign-in. */
function refuseWhileLocked(row: TwoFactorRow) {
  if (row.lockedUntil === null || row.lockedUntil === undefined) return
  if (new Date(row.lockedUntil).getTime() <= Date.now()) return
  throw new APIError('TOO_MANY_REQUESTS', {
    code: CODES_LOCKED,
    message: TWO_FACTOR_MESSAGES.codesLocked,
  })
}

/**
 * Counts a wrong code toward the account's lock, the plugin's own count, in one statement so
 * that guesses sent at once are each counted; the tenth in a row locks the account's codes.
 */
async function countWrongCode(ctx: HookContext, row: TwoFactorRow) {
  const counted = await ctx.context.adapter.incrementOne<{ failedVerificationCount?: number }>({
    model: 'twoFactor',
    where: [{ field: 'id', value: row.id }],
    increment: { failedVerificationCount: 1 },
  })
  if ((counted?.failedVerificationCount ?? 0) < LOCK_AFTER) return
  await ctx.context.adapter.update({
    model: 'twoFactor',
    where: [{ field: 'id', value: row.id }],
    update: { lockedUntil: new Date(Date.now() + CODE_LOCK_SECONDS * 1000) },
  })
}

/** Turning two-factor on takes the password, when the account has one, counted. */
async function requirePasswordToTurnOn(ctx: HookContext, limiter: Limiter) {
  const session = await getSessionFromCtx(ctx)
  // Signed out: the plugin refuses it.
  if (session !== null) await checkPassword(ctx, limiter, session.user)
}

/** Turning two-factor off takes a code from the app (once, like any) or a backup code. */
async function requireCodeToTurnOff(
  ctx: HookContext,
  db: Kysely<Tables>,
  limiter: Limiter,
  backupCodeCost: ScryptCost,
) {
  const session = await getSessionFromCtx(ctx)
  // Signed out: the plugin refuses it.
  if (session === null) return
  const userId = session.user.id
  const code: unknown = ctx.body?.code
  if (typeof code !== 'string' || code.trim() === '') {
    throw new APIError('BAD_REQUEST', {
      code: TWO_FACTOR_ERRORS.codeRequired,
      message: TWO_FACTOR_MESSAGES.codeRequired,
    })
  }
  await checkPassword(ctx, limiter, session.user)
  const row = await twoFactorOf(ctx, userId)
  if (row === null) return
  refuseWhileLocked(row)
  const entered = code.trim()
  const step = await stepOf(ctx, row, entered)
  if (step !== null) {
    if (!(await takeStep(db, userId, step))) throw codeUsed()
    return
  }
  // The backup codes go with the rest of the row when two-factor is turned off.
  if (!(await isBackupCode(ctx, backupCodeCost, row, entered))) {
    await countWrongCode(ctx, row)
    throw wrongCode()
  }
}

/** Mofu's rules around the plugin's codes (docs/using.md "Two-factor authentication"). */
export function twoFactorCodeHooks(
  db: Kysely<Tables>,
  limiter: Limiter,
  backupCodeCost: ScryptCost,
): BetterAuthPlugin {
  return {
    id: 'mofu-two-factor-codes',
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === '/two-factor/verify-totp',
          handler: createAuthMiddleware((ctx) => refuseReusedCode(ctx, db)),
        },
        {
          matcher: (ctx) => ctx.path === '/two-factor/enable',
          handler: createAuthMiddleware((ctx) => requirePasswordToTurnOn(ctx, limiter)),
        },
        {
          matcher: (ctx) => ctx.path === '/two-factor/disable',
          handler: createAuthMiddleware((ctx) =>
            requireCodeToTurnOff(ctx, db, limiter, backupCodeCost),
          ),
        },
      ],
    },
  }
}

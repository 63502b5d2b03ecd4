import { randomBytes, scrypt } from 'node:crypto'
import type { BetterAuthPlugin } from 'better-auth'
import { createAuthMiddleware } from 'better-auth/api'
import { symmetricDecrypt } from 'better-auth/crypto'
import type { ScryptCost } from './hashing'

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0]

/**
 * Backup codes are stored hashed, never encrypted (docs/using.md "Two-factor authentication"): they are
 * checked, and shown only once when made, so a copy of the database, whose auth secret may sit
 * in the same database, yields none of them. Each is a `scrypt$<salt>$<hash>` string, one salt
 * per account's list, so a code entered is hashed once and compared as the plugin compares codes.
 */
const PREFIX = 'scrypt$'

const hashWith = (cost: ScryptCost, code: string, salt: string) =>
  new Promise<string>((resolve, reject) => {
    scrypt(code, Buffer.from(salt, 'base64url'), 32, cost, (error, key) => {
      if (error === null) resolve(`${PREFIX}${salt}$${key.toString('base64url')}`)
      else reject(error)
    })
  })

const listOf = (json: string): string[] => {
  const parsed: unknown = JSON.parse(json)
  return Array.isArray(parsed) ? parsed.filter((code) => typeof code === 'string') : []
}

const isHashed = (stored: string) => stored.startsWith(`["${PREFIX}`) || stored === '[]'
const saltOf = (hashed: string[]) => hashed[0]?.split('$')[1]

/**
 * The plugin's `storeBackupCodes`: `encrypt` is handed new codes in plain, or what is left of a
 * list after one was used (hashed already, kept as they are); `decrypt` gives the hashes back.
 */
export const hashedBackupCodes = (cost: ScryptCost) => ({
  async encrypt(json: string): Promise<string> {
    const codes = listOf(json)
    const salt =
      saltOf(codes.filter((code) => code.startsWith(PREFIX))) ??
      randomBytes(16).toString('base64url')
    return JSON.stringify(
      await Promise.all(
        codes.map((code) => (code.startsWith(PREFIX) ? code : hashWith(cost, code, salt))),
      ),
    )
  },
  decrypt: async (stored: string): Promise<string> => (isHashed(stored) ? stored : '[]'),
})

interface CodesRow {
  id: string
  backupCodes: string
}

/**
 * The account's backup codes, hashed. Codes stored encrypted by an earlier release are
 * decrypted with the auth secret, hashed and written back the first time they are needed.
 */
async function hashedList(ctx: HookContext, cost: ScryptCost, row: CodesRow): Promise<string[]> {
  if (isHashed(row.backupCodes)) return listOf(row.backupCodes)
  const plain = await symmetricDecrypt({ key: ctx.context.secretConfig, data: row.backupCodes })
  const hashed = await hashedBackupCodes(cost).encrypt(plain)
  await ctx.context.adapter.update({
    model: 'twoFactor',
    where: [
      { field: 'id', value: row.id },
      { field: 'backupCodes', value: row.backupCodes },
    ],
    update: { backupCodes: hashed },
  })
  return listOf(hashed)
}

/** `entered` as the account's list stores it (hashed with its salt), or null without a list. */
async function asStored(
  ctx: HookContext,
  cost: ScryptCost,
  row: CodesRow,
  entered: string,
): Promise<string | null> {
  const salt = saltOf(await hashedList(ctx, cost, row))
  return salt === undefined ? null : hashWith(cost, entered, salt)
}

/** Whether `entered` is one of the account's backup codes (turning two-factor off). */
export async function isBackupCode(
  ctx: HookContext,
  cost: ScryptCost,
  row: CodesRow,
  entered: string,
): Promise<boolean> {
  const list = await hashedList(ctx, cost, row)
  const salt = saltOf(list)
  return salt !== undefined && list.includes(await hashWith(cost, entered, salt))
}

/**
 * Hands the plugin's backup-code check the code hashed as the account's list stores it, so
 * the plugin's own comparison, lockout and removal of the used code work on hashes.
 */
export function backupCodeHooks(
  cost: ScryptCost,
  userOfCode: (ctx: HookContext) => Promise<string | null>,
): BetterAuthPlugin {
  return {
    id: 'mofu-backup-codes',
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === '/two-factor/verify-backup-code',
          handler: createAuthMiddleware(async (ctx) => {
            const code: unknown = ctx.body?.code
            const userId = await userOfCode(ctx)
            if (typeof code !== 'string' || userId === null) return
            const row = await ctx.context.adapter.findOne<CodesRow>({
              model: 'twoFactor',
              where: [{ field: 'userId', value: userId }],
            })
            if (row === null) return
            const hashed = await asStored(ctx, cost, row, code)
            return { context: { body: { ...ctx.body, code: hashed ?? '' } } }
          }),
        },
      ],
    },
  }
}

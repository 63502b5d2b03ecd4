import { dictionary } from '@zxcvbn-ts/language-common'

/**
 * The breached-password list zxcvbn-ts maintains, in one Set built on first use (the package
 * decompresses it at import; the Set makes each check O(1)). Its entries are lower case.
 */
let common: ReadonlySet<string> | undefined

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'])
  return common.has(password.toLowerCase())
}

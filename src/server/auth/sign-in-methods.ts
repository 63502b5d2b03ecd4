import type { Kysely } from 'kysely'
import type { Tables } from '../db/tables'

/** The ways an account can sign in: its password, Google, and how many passkeys it holds. */
export interface SignInMethods {
  password: boolean
  google: boolean
  passkeys: number
}

export async function signInMethods(db: Kysely<Tables>, userId: string): Promise<SignInMethods> {
  const [accounts, passkeys] = await Promise.all([
    db.selectFrom('account').select('providerId').where('userId', '=', userId).execute(),
    db
      .selectFrom('passkey')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('userId', '=', userId)
      .executeTakeFirst(),
  ])
  return {
    password: accounts.some((account) => account.providerId === 'credential'),
    google: accounts.some((account) => account.providerId === 'google'),
    passkeys: Number(passkeys?.count ?? 0),
  }
}

/**
 * Whether the account can still sign in once `removing` is gone (docs/using.md "Passkeys": nobody
 * locks themselves out). A password reset mail can always set a new password, but only the
 * owner of the address can use it: Mofu keeps a way in that needs no mail.
 */
export function signInRemains(methods: SignInMethods, removing: 'password' | 'passkey'): boolean {
  const passwordLeft = methods.password && removing !== 'password'
  const passkeysLeft = methods.passkeys - (removing === 'passkey' ? 1 : 0)
  return passwordLeft || methods.google || passkeysLeft > 0
}

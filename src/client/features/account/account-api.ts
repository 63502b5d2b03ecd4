import { send } from '@client/lib/http'

/** Deletes the account; one with a password confirms it with the current password. */
export const deleteAccount = (password: string | null) =>
  send('/api/me', { method: 'DELETE', json: password === null ? undefined : { password } })

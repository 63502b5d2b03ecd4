import { EmailChangedSchema, type ChangeEmailRequest } from '@shared/email-change'
import { ActivityPageSchema } from '@shared/security-activity'
import { SessionListSchema } from '@shared/sessions'
import { requestFile, requestJson, send } from '@client/lib/http'

/** Deletes the account; one with a password confirms it with the current password. */
export const deleteAccount = (password: string | null) =>
  send('/api/me', { method: 'DELETE', json: password === null ? undefined : { password } })

/** Everything Mofu keeps about the account, as the zip the server makes (once a minute). */
export async function downloadAccountData(): Promise<void> {
  const archive = await requestFile('/api/me/export')
  const url = URL.createObjectURL(archive)
  const link = document.createElement('a')
  link.href = url
  link.download = `mofu-data-${new Date().toISOString().slice(0, 10)}.zip`
  link.click()
  // The click has handed the file to the browser's download by the time this task ends.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

export const fetchSessions = () => requestJson('/api/me/sessions', SessionListSchema)

/** Asks for a change of address: the server mails a link to the new one (202). */
export const changeEmail = (request: ChangeEmailRequest) =>
  send('/api/me/email', { method: 'POST', json: request })

/** Opens the link mailed to the new address; the address the account signs in with now. */
export const confirmEmailChange = (code: string) =>
  requestJson('/api/email-change/confirm', EmailChangedSchema, { method: 'POST', json: { code } })

/** One page of the account's security activity, after the cursor `before` when given. */
export const fetchActivity = (before: string | null) =>
  requestJson(
    before === null ? '/api/me/activity' : `/api/me/activity?before=${encodeURIComponent(before)}`,
    ActivityPageSchema,
  )

/**
 * "This wasn't me" on an entry of the activity: every other session ends now, and a link that
 * takes the account back from that moment on is mailed to its address.
 */
export const disownActivity = (id: string) =>
  send('/api/me/activity/not-me', { method: 'POST', json: { id } })

/** Ends one session by its id, or, with none, every session but this one. */
export const endSessions = (id?: string) =>
  send(id === undefined ? '/api/me/sessions' : `/api/me/sessions/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  })

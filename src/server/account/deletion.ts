import { DeleteAccountRequestSchema } from '../../shared/account'
import type { ApiErrorCode } from '../../shared/api-error'
import { AUTH_ERROR_CODES, AUTH_MESSAGES } from '../../shared/auth-messages'
import { removeImageFiles } from '../avatars/avatar-files'
import { RATE_LIMITED, type Limiter } from '../http/limiter'
import { SERVER_MESSAGES } from '../http/messages'
import type { ProfileStore } from '../stores/profile-store'
import { removeShareCard } from '../share-cards/share-cards'
import type { ObjectStorage } from '../storage/object-storage'
import type { Auth } from '../auth/auth'
import { checkCountedPassword } from '../auth/password-guesses'
import { provedRecently } from '../auth/recent-proof'
import type { LiveSession } from '../sessions/session-store'

export type DeletionRefusal =
  { status: 400; body: { code: 'VALIDATION_ERROR'; message: string } } | ReauthRefusal

export type ReauthRefusal =
  | { status: 403; body: { code: ApiErrorCode; message: string } }
  | { status: 429; body: typeof RATE_LIMITED; retryAfterSeconds: number }

/** What a refusal says for the change at hand ("… to delete your account", "… your e-mail"). */
export interface ReauthMessages {
  passwordRequired: string
  reauthRequired: string
}

const refused = (code: ApiErrorCode, message: string): ReauthRefusal => ({
  status: 403,
  body: { code, message },
})

/** What checking the password again needs: Better Auth, and the count of guesses. */
export interface ReauthDeps {
  auth: Auth
  limiter: Limiter
}

/**
 * Whoever holds a session may make a change that could lock the owner out (delete the account,
 * change its address) only by proving it is still its owner: the current password (a guess
 * counted like a log-in's, password-guesses.ts), or (without one) a recent proof
 * (recent-proof.ts), read from the session the request's own check verified. Null when allowed.
 */
export async function reauthRefusal(
  { auth, limiter }: ReauthDeps,
  session: LiveSession,
  password: string | undefined,
  messages: ReauthMessages,
): Promise<ReauthRefusal | null> {
  const context = await auth.$context
  const accounts = await context.internalAdapter.findAccounts(session.userId)
  const hash = accounts.find((account) => account.providerId === 'credential')?.password
  const user = await context.internalAdapter.findUserById(session.userId)
  if (typeof hash === 'string' && user !== null) {
    if (password === undefined || password === '') {
      return refused(AUTH_ERROR_CODES.passwordRequired, messages.passwordRequired)
    }
    const checked = await checkCountedPassword(limiter, user.email, () =>
      context.password.verify({ hash, password }),
    )
    if (checked.verdict === 'locked') {
      return { status: 429, body: RATE_LIMITED, retryAfterSeconds: checked.retryAfterSeconds }
    }
    return checked.verdict === 'right'
      ? null
      : refused(AUTH_ERROR_CODES.incorrectPassword, AUTH_MESSAGES.incorrectPassword)
  }
  return provedRecently(session)
    ? null
    : refused(AUTH_ERROR_CODES.reauthRequired, messages.reauthRequired)
}

/** DELETE /api/me's body checked, then reauthRefusal. Null when allowed. */
export async function deletionRefusal(
  deps: ReauthDeps,
  request: Request,
  session: LiveSession,
): Promise<DeletionRefusal | null> {
  const text = await request.text()
  let json: unknown
  try {
    json = text.trim() === '' ? {} : JSON.parse(text)
  } catch {
    json = null
  }
  const parsed = DeleteAccountRequestSchema.safeParse(json)
  if (!parsed.success) {
    return {
      status: 400,
      body: { code: 'VALIDATION_ERROR', message: SERVER_MESSAGES.passwordAsJson },
    }
  }
  return reauthRefusal(deps, session, parsed.data.password, AUTH_MESSAGES)
}

/**
 * Deletes the account: avatar, banner, share card, sessions, sign-in methods, and the profile;
 * its handle stays reserved for HANDLE_RELEASE_DAYS, tied to no one. The same for the user's own deletion
 * (DELETE /api/me) and an operator's (`mofu users delete`).
 */
export async function deleteAccount(
  deps: {
    auth: Auth
    storage: ObjectStorage
    profiles: Pick<ProfileStore, 'imageVersionOf' | 'reserveHandleOfDeleted'>
  },
  uid: string,
) {
  const { auth, storage, profiles } = deps
  // The avatar, banner and card files first: should that fail, the account is still there to try
  // again, rather than files left behind with no one to delete them.
  await Promise.all(
    (['avatars', 'banners'] as const).map(async (folder) =>
      removeImageFiles(storage, folder, uid, await profiles.imageVersionOf(folder, uid)),
    ),
  )
  await removeShareCard(storage, uid)
  // Reserved while the profile still holds the handle, so it is never free in between.
  await profiles.reserveHandleOfDeleted(uid)
  // Through Better Auth, so sessions end wherever they are kept (database and Redis); the
  // profile goes with the user (foreign key cascade), and the reserved handles lose their user.
  const context = await auth.$context
  await context.internalAdapter.deleteUser(uid)
  // Again, now that no profile is left to make one from: a card being made while the account
  // went may have been stored after the first removal (share-cards.ts checks after its write).
  await removeShareCard(storage, uid)
}

import { isIP } from 'node:net'
import { passkey } from '@better-auth/passkey'
import type { BetterAuthPlugin } from 'better-auth'
import {
  APIError,
  createAuthEndpoint,
  createAuthMiddleware,
  getSessionFromCtx,
  sessionMiddleware,
} from 'better-auth/api'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import { AUTH_ERROR_CODES, AUTH_MESSAGES } from '../../shared/auth-messages'
import {
  PASSKEY_ERROR_CODES,
  PASSKEY_MESSAGES,
  PasskeyNameSchema,
  RemovePasswordRequestSchema,
} from '../../shared/passkeys'
import type { Tables } from '../db/tables'
import type { Limiter } from '../http/limiter'
import { requestSource, type SecurityEvents } from '../security-events'
import type { AccountNotices } from '../mail/account-notices'
import { PASSKEY_RATE_LIMITS } from './endpoints'
import { checkCountedPassword } from './password-guesses'
import { signInMethods, signInRemains } from './sign-in-methods'

/**
 * Whether browsers can use passkeys for this PUBLIC_URL: WebAuthn takes a host name as the
 * relying party, never an IP address (`localhost` is a name).
 */
export function passkeysPossible(publicUrl: string): boolean {
  return isIP(new URL(publicUrl).hostname.replace(/^\[|\]$/g, '')) === 0
}

/** Better Auth's passkey endpoint Mofu does not use: a passkey is named once, when added. */
export const PASSKEY_DISABLED_PATHS = ['/passkey/update-passkey']

export interface PasskeyDeps {
  db: Kysely<Tables>
  publicUrl: string
  notices: AccountNotices
  limiter: Limiter
  event: SecurityEvents
}

/** Better Auth's code for a registration answer that does not verify. */
const REGISTRATION_FAILED = 'FAILED_TO_VERIFY_REGISTRATION'

const ReturnedPasskeySchema = z.object({ name: z.string().nullish() })
const ReturnedUserSchema = z.object({ user: z.object({ id: z.string(), email: z.string() }) })

/**
 * Passkeys (docs/using.md "Passkeys"): Better Auth's plugin, bound to PUBLIC_URL, so a WebAuthn
 * answer made for any other site is refused; and around it what Mofu adds: a name on every
 * passkey, notices and security events, no removal of the last way to sign in, and removing
 * the password once a passkey or Google can sign in instead.
 */
export function passkeyPlugins(deps: PasskeyDeps) {
  const { db, notices, event } = deps
  const site = new URL(deps.publicUrl)
  /** Names of passkeys being removed, by id, from the check before to the notice after. */
  const removing = new Map<string, string>()

  const refuse = (status: 'CONFLICT' | 'BAD_REQUEST', code: string, message: string) =>
    new APIError(status, { code, message })

  /**
   * A credential id already registered, to any account, fails the registration (WebAuthn §7.1
   * step 22): otherwise one account's key could be presented as another's. The id is the one
   * the verified attestation carries; the unique index on it settles two registrations at once.
   */
  const refuseKnownCredential = async ({
    verification,
  }: {
    verification: { registrationInfo?: { credential: { id: string } } }
  }) => {
    const id = verification.registrationInfo?.credential.id
    if (id === undefined) return
    const known = await db
      .selectFrom('passkey')
      .select('id')
      .where('credentialID', '=', id)
      .executeTakeFirst()
    if (known !== undefined) {
      throw refuse(
        'CONFLICT',
        PASSKEY_ERROR_CODES.credentialInUse,
        PASSKEY_MESSAGES.credentialInUse,
      )
    }
  }

  const removePassword = createAuthEndpoint(
    '/remove-password',
    { method: 'POST', body: RemovePasswordRequestSchema, use: [sessionMiddleware] },
    async (ctx) => {
      const user = ctx.context.session.user
      const methods = await signInMethods(db, user.id)
      if (!methods.password) {
        throw refuse(
          'CONFLICT',
          PASSKEY_ERROR_CODES.noPasswordToRemove,
          PASSKEY_MESSAGES.noPasswordToRemove,
        )
      }
      if (!signInRemains(methods, 'password')) {
        throw refuse(
          'CONFLICT',
          PASSKEY_ERROR_CODES.passwordStillNeeded,
          PASSKEY_MESSAGES.passwordStillNeeded,
        )
      }
      const account = await ctx.context.internalAdapter.findCredentialAccount(user.id)
      const hash = account?.password
      const checked = await checkCountedPassword(
        deps.limiter,
        user.email,
        async () =>
          typeof hash === 'string' &&
          (await ctx.context.password.verify({ hash, password: ctx.body.password })),
      )
      if (checked.verdict === 'locked') {
        throw new APIError('TOO_MANY_REQUESTS', { message: AUTH_MESSAGES.tooManyRequests })
      }
      if (account === null || checked.verdict === 'wrong') {
        throw new APIError('FORBIDDEN', {
          code: AUTH_ERROR_CODES.incorrectPassword,
          message: AUTH_MESSAGES.incorrectPassword,
        })
      }
      await ctx.context.internalAdapter.deleteAccount(account.id)
      await event('password.removed', { ...requestSource(ctx.headers), userId: user.id })
      notices.passwordRemoved(user, ctx.headers)
      return ctx.json({ status: true })
    },
  )

  const mofuPasskeys = {
    id: 'mofu-passkeys',
    endpoints: { removePassword },
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === '/passkey/verify-registration',
          handler: createAuthMiddleware(async (ctx) => {
            const name = PasskeyNameSchema.safeParse(ctx.body?.name)
            if (!name.success) {
              const message = name.error.issues[0]?.message ?? PASSKEY_MESSAGES.nameEmpty
              throw refuse('BAD_REQUEST', PASSKEY_ERROR_CODES.invalidName, message)
            }
          }),
        },
        {
          matcher: (ctx) => ctx.path === '/passkey/delete-passkey',
          handler: createAuthMiddleware(async (ctx) => {
            const session = await getSessionFromCtx(ctx)
            const id: unknown = ctx.body?.id
            if (session === null || typeof id !== 'string') return
            const own = await db
              .selectFrom('passkey')
              .select(['id', 'name'])
              .where('id', '=', id)
              .where('userId', '=', session.user.id)
              .executeTakeFirst()
            // Someone else's or no passkey: Better Auth answers that itself.
            if (own === undefined) return
            const methods = await signInMethods(db, session.user.id)
            if (!signInRemains(methods, 'passkey')) {
              throw refuse(
                'CONFLICT',
                PASSKEY_ERROR_CODES.lastSignInMethod,
                PASSKEY_MESSAGES.lastSignInMethod,
              )
            }
            removing.set(own.id, own.name ?? 'Passkey')
          }),
        },
      ],
      after: [
        {
          // The plugin asks browsers for user verification only where available ("preferred").
          matcher: (ctx) => ctx.path === '/passkey/generate-authenticate-options',
          handler: createAuthMiddleware(async (ctx) => {
            const options = ctx.context.returned
            if (options === null || typeof options !== 'object' || options instanceof Error) return
            return ctx.json({ ...options, userVerification: 'required' })
          }),
        },
        {
          matcher: (ctx) =>
            ctx.path === '/passkey/verify-registration' ||
            ctx.path === '/passkey/delete-passkey' ||
            ctx.path === '/passkey/verify-authentication',
          handler: createAuthMiddleware(async (ctx) => {
            const source = requestSource(ctx.headers)
            const failed = ctx.context.returned instanceof Error
            const user = ctx.context.session?.user
            if (ctx.path === '/passkey/verify-authentication') {
              const signedIn = ReturnedUserSchema.safeParse(ctx.context.returned)
              if (failed || !signedIn.success) await event('sign-in.failed', source)
              else await event('passkey.sign-in', { ...source, userId: signedIn.data.user.id })
              return
            }
            if (ctx.path === '/passkey/delete-passkey') {
              const id: unknown = ctx.body?.id
              const name = typeof id === 'string' ? removing.get(id) : undefined
              if (typeof id === 'string') removing.delete(id)
              if (failed || user === undefined || name === undefined) return
              await event('passkey.removed', { ...source, userId: user.id })
              notices.passkeyRemoved(user, name, ctx.headers)
              return
            }
            const added = ReturnedPasskeySchema.safeParse(ctx.context.returned)
            if (failed || user === undefined || !added.success) return
            await event('passkey.added', { ...source, userId: user.id })
            notices.passkeyAdded(user, added.data.name ?? 'Passkey', ctx.headers)
          }),
        },
      ],
    },
    // The plugin answers 500 to a registration that does not verify (another site's origin, a
    // forged attestation): the client sent it, so it is a 400 with a sentence for people.
    onResponse: async (response) => {
      if (response.status !== 500) return
      const body: unknown = await response
        .clone()
        .json()
        .catch(() => null)
      if ((body as { code?: unknown } | null)?.code !== REGISTRATION_FAILED) return
      const refused = { code: REGISTRATION_FAILED, message: PASSKEY_MESSAGES.registrationFailed }
      return { response: Response.json(refused, { status: 400, headers: response.headers }) }
    },
    rateLimit: Object.entries(PASSKEY_RATE_LIMITS).map(([limited, rule]) => ({
      pathMatcher: (path: string) => path === limited,
      ...rule,
    })),
  } satisfies BetterAuthPlugin

  /** A passkey is two factors only if the authenticator checked who holds it (WebAuthn UV). */
  const requireUserVerification = (
    verified: boolean | undefined,
    status: 'BAD_REQUEST' | 'UNAUTHORIZED',
  ) => {
    if (verified === true) return
    throw new APIError(status, {
      code: PASSKEY_ERROR_CODES.userVerificationRequired,
      message: PASSKEY_MESSAGES.userVerificationRequired,
    })
  }

  return [
    passkey({
      rpID: site.hostname,
      rpName: 'Mofu',
      // The only origin whose WebAuthn answers count; Better Auth would otherwise take the
      // request's own Origin header.
      origin: site.origin,
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
      registration: {
        afterVerification: async (context) => {
          requireUserVerification(
            context.verification.registrationInfo?.userVerified,
            'BAD_REQUEST',
          )
          await refuseKnownCredential(context)
        },
      },
      authentication: {
        afterVerification: ({ verification }) =>
          requireUserVerification(verification.authenticationInfo.userVerified, 'UNAUTHORIZED'),
      },
    }),
    mofuPasskeys,
  ] as const
}

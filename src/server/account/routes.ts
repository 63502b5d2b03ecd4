import { Hono, type Context } from 'hono'
import type { RequestIdVariables } from 'hono/request-id'
import { zValidator } from '@hono/zod-validator'
import type { Kysely } from 'kysely'
import { AUTH_ERROR_CODES, AUTH_MESSAGES } from '../../shared/auth-messages'
import {
  ChangeEmailRequestSchema,
  ConfirmEmailChangeSchema,
  EMAIL_CHANGE_ERRORS,
  EMAIL_CHANGE_MESSAGES,
  type EmailChanged,
} from '../../shared/email-change'
import { NotMeRequestSchema } from '../../shared/account-recovery'
import { ActivityQuerySchema } from '../../shared/security-activity'
import type { Tables } from '../db/tables'
import {
  LIMITS,
  logThrottled,
  tooManyRequests,
  type Limiter,
  type RouteLimits,
} from '../http/limiter'
import { apiError, invalidInput, limitBody } from '../http/errors'
import { jsonBody } from '../http/json-body'
import { answerLanguage } from '../http/language'
import { SERVER_MESSAGES } from '../http/messages'
import type { SessionCheck } from '../sessions/session-check'
import type { Logger } from '../logger'
import type { Mailer } from '../mail/mailer'
import { securityEvents, type SecurityEventSource } from '../security-events'
import type { ProfileStore } from '../stores/profile-store'
import type { ObjectStorage } from '../storage/object-storage'
import { deleteAccount, deletionRefusal, reauthRefusal, type DeletionRefusal } from './deletion'
import { accountExport } from './export'
import type { PlanBook } from '../plans/plan-book'
import type { AccountNotices } from '../mail/account-notices'
import { cancelPendingChanges } from '../auth/account-recovery'
import type { Auth } from '../auth/auth'
import { sendRecoveryLink } from '../auth/recovery-links'
import { addressAt } from '../stores/address-history'
import { confirmEmailChange, requestEmailChange } from './email-change'
import { activityPage, decodeCursor } from './security-activity'
import { endOtherSessions } from './sessions'

export interface AccountDeps {
  auth: Auth
  db: Kysely<Tables>
  sessions: SessionCheck
  profiles: ProfileStore
  storage: ObjectStorage
  mailer: Mailer
  logger: Logger
  limiter: Limiter
  limits: RouteLimits
  publicUrl: string
  clientAddress: (c: Context) => string
  /** AUTH_NEUTRAL_ERRORS: a change of address answers alike for an address with an account. */
  neutralAuthErrors: boolean
  /** The configured plans, which give the export's profile its pins. */
  plans: PlanBook
  /** The mails that tell an account's owner what just happened to it. */
  notices: AccountNotices
}

/** Who sent the request, for its security event: the address Mofu trusts, and the browser. */
const sourceOf = (c: Context, clientAddress: (c: Context) => string): SecurityEventSource => ({
  ip: clientAddress(c),
  reqId: (c.get('requestId' as never) as string | undefined) ?? null,
  userAgent: c.req.header('user-agent') ?? null,
})

/**
 * A refusal of reauthRefusal as the answer; past the per-account count of password guesses, a
 * 429 with its Retry-After and a security event, like a locked log-in.
 */
function refusalAnswer(
  c: Context,
  refusal: DeletionRefusal,
  logger: Logger,
  source: SecurityEventSource,
) {
  if (refusal.status !== 429) {
    return apiError(c, refusal.status, refusal.body.code, refusal.body.message)
  }
  logThrottled(logger, source)
  return tooManyRequests(c, refusal.retryAfterSeconds, refusal.body)
}

/**
 * The account itself, at /api/me: a copy of everything kept about it, deleting it (profile,
 * avatar, sessions, sign-in methods), changing its address, its recent security activity, and
 * "This wasn't me" on an entry of it: everyone else signed out now, and a link mailed that
 * takes the account back from that moment on (account-recovery.ts).
 */
export function accountRoutes(deps: AccountDeps) {
  const { auth, db, sessions, profiles, storage, mailer, logger, limiter, limits, notices } = deps
  const event = securityEvents(logger, db)
  return new Hono<{ Variables: RequestIdVariables }>()
    .get('/export', sessions.required, limits.perUser(LIMITS.accountExport), async (c) => {
      const uid = c.get('uid')
      const archive = await accountExport(
        { auth, db, profiles, storage, plans: deps.plans },
        c.get('session'),
      )
      await event('account.exported', { ...sourceOf(c, deps.clientAddress), userId: uid })
      const day = new Date().toISOString().slice(0, 10)
      return c.body(archive, 200, {
        'Content-Type': 'application/zip',
        'Content-Disposition': `attachment; filename="mofu-data-${day}.zip"`,
      })
    })
    .delete('/', sessions.required, limitBody(4 * 1024), async (c) => {
      const uid = c.get('uid')
      const source = { ...sourceOf(c, deps.clientAddress), userId: uid }
      const refusal = await deletionRefusal({ auth, limiter }, c.req.raw, c.get('session'))
      if (refusal !== null) return refusalAnswer(c, refusal, logger, source)
      const user = await (await auth.$context).internalAdapter.findUserById(uid)
      const language = await notices.languageOf(uid, c.req.raw.headers)
      await deleteAccount({ auth, storage, profiles }, uid)
      await event('account.deleted', source)
      if (user !== null) notices.accountDeleted(user.email, language)
      return c.body(null, 204)
    })
    .post('/email', sessions.required, jsonBody(ChangeEmailRequestSchema, 4 * 1024), async (c) => {
      const uid = c.get('uid')
      const source = { ...sourceOf(c, deps.clientAddress), userId: uid }
      const { newEmail, password } = c.req.valid('json')
      const tooMany = (retryAfterSeconds: number) => {
        logThrottled(logger, source)
        return tooManyRequests(c, retryAfterSeconds)
      }
      // Counted before the password is checked: wrong guesses use up the account's requests.
      const perAccount = await limiter.hit(LIMITS.emailChange, uid)
      if (!perAccount.allowed) return tooMany(perAccount.retryAfterSeconds)
      const refusal = await reauthRefusal(
        { auth, limiter },
        c.get('session'),
        password,
        EMAIL_CHANGE_MESSAGES,
      )
      if (refusal !== null) return refusalAnswer(c, refusal, logger, source)
      const user = await (await auth.$context).internalAdapter.findUserById(uid)
      if (user?.email.toLowerCase() === newEmail) {
        return apiError(c, 400, EMAIL_CHANGE_ERRORS.sameEmail, EMAIL_CHANGE_MESSAGES.sameEmail)
      }
      const perAddress = await limiter.hit(LIMITS.emailChangeAddress, newEmail)
      if (!perAddress.allowed) return tooMany(perAddress.retryAfterSeconds)
      // The mail also counts toward the address's cap of link mails, which sign-ups and resends
      // spend only for an address without a verified account. Past it no mail goes; neutral,
      // the answer is the usual one, and it never waits for the mail, which takes longer than
      // none.
      const mail = await limiter.hit(LIMITS.verificationMail, newEmail)
      if (!mail.allowed && !deps.neutralAuthErrors) return tooMany(mail.retryAfterSeconds)
      if (!mail.allowed) logThrottled(logger, source)
      const sending = mail.allowed
        ? requestEmailChange(
            { auth, db, mailer, publicUrl: deps.publicUrl },
            {
              userId: uid,
              sessionId: c.get('session').id,
              newEmail,
              language: answerLanguage(c),
            },
          )
        : Promise.resolve()
      const notSent = (error: unknown) => logger.warn({ err: error, userId: uid }, 'mail not sent')
      if (deps.neutralAuthErrors) {
        sending.catch(notSent)
      } else {
        try {
          await sending
        } catch (error) {
          notSent(error)
          return apiError(c, 503, AUTH_ERROR_CODES.mailNotSent, AUTH_MESSAGES.mailNotSent)
        }
      }
      await event('email.change-requested', source)
      return c.body(null, 202)
    })
    .get(
      '/activity',
      sessions.required,
      zValidator('query', ActivityQuerySchema, invalidInput),
      async (c) => {
        const { before } = c.req.valid('query')
        const cursor = before === undefined ? null : decodeCursor(before)
        if (before !== undefined && cursor === null) {
          return apiError(c, 400, 'INVALID_INPUT', SERVER_MESSAGES.invalidInput)
        }
        const page = await activityPage(db, c.get('uid'), c.get('session').id, cursor)
        c.header('Cache-Control', 'no-store')
        return c.json(page)
      },
    )
    .post(
      '/activity/not-me',
      sessions.required,
      jsonBody(NotMeRequestSchema, 4 * 1024),
      async (c) => {
        const uid = c.get('uid')
        const source = { ...sourceOf(c, deps.clientAddress), userId: uid }
        const entry = await db
          .selectFrom('security_activity')
          .select('at')
          .where('id', '=', c.req.valid('json').id)
          .where('user_id', '=', uid)
          .executeTakeFirst()
        if (entry === undefined) return apiError(c, 404, 'NOT_FOUND', SERVER_MESSAGES.notFound)
        const since = new Date(entry.at)
        // The link goes to the address the account had then, and counts against that address.
        const to = await addressAt(db, uid, since)
        const perAddress = await limiter.hit(LIMITS.resetMail, to.toLowerCase())
        if (!perAddress.allowed) {
          logThrottled(logger, source)
          return tooManyRequests(c, perAddress.retryAfterSeconds)
        }
        // Everyone else is out at once; what they added goes when the owner's reset completes.
        await endOtherSessions({ auth, db }, uid, c.get('session').id)
        await cancelPendingChanges(db, uid)
        await event('session.ended', source)
        try {
          await sendRecoveryLink(
            { db, mailer, publicUrl: deps.publicUrl },
            { userId: uid, to },
            since,
            answerLanguage(c),
          )
        } catch (error) {
          logger.warn({ err: error, userId: uid }, 'mail not sent')
          return apiError(c, 503, AUTH_ERROR_CODES.mailNotSent, AUTH_MESSAGES.mailNotSent)
        }
        await event('password-reset.requested', source)
        return c.body(null, 202)
      },
    )
}

/**
 * The link mailed to a new address, at /api/email-change: its code alone (the browser opening
 * it may be signed in to nothing) switches the account's address.
 */
export function emailChangeRoutes(deps: Omit<AccountDeps, 'sessions' | 'storage'>) {
  const { auth, db, logger, notices } = deps
  const event = securityEvents(logger, db)
  return new Hono<{ Variables: RequestIdVariables }>().post(
    '/confirm',
    deps.limits.perAddress(LIMITS.emailChangeConfirm),
    jsonBody(ConfirmEmailChangeSchema, 4 * 1024),
    async (c) => {
      const result = await confirmEmailChange(
        { auth, db, notices, event, publicUrl: deps.publicUrl },
        c.req.valid('json').code,
        c.req.raw.headers,
        sourceOf(c, deps.clientAddress),
      )
      if (result.kind === 'invalid') {
        return apiError(c, 400, EMAIL_CHANGE_ERRORS.invalidLink, EMAIL_CHANGE_MESSAGES.invalidLink)
      }
      if (result.kind === 'in-use') {
        return apiError(c, 409, EMAIL_CHANGE_ERRORS.inUse, EMAIL_CHANGE_MESSAGES.inUse)
      }
      return c.json({ email: result.email } satisfies EmailChanged)
    },
  )
}

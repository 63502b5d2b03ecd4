import { fileURLToPath } from 'node:url'
import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { RequestIdVariables } from 'hono/request-id'
import { AUTH_MESSAGES } from '../shared/auth-messages'
import { pageViewRoutes } from './analytics/routes'
import type { Auth } from './auth/auth'
import { passkeysPossible } from './auth/passkeys'
import { accountRoutes, emailChangeRoutes } from './account/routes'
import { passwordResetRoutes } from './account/password-reset-routes'
import { sessionRoutes } from './account/session-routes'
import { clientErrorRoutes } from './client-errors/routes'
import { authGateway } from './auth/gateway'
import { likesStore } from './board/likes-store'
import { foldersStore } from './board/folders-store'
import { publicFolders } from './board/public-folders'
import { folderRoutes, likeRoutes } from './board/routes'
import { pinsStore } from './board/pins-store'
import { planBook, type PlanBook } from './plans/plan-book'
import { planRoutes } from './plans/routes'
import type { PremiumHowTo } from '../shared/plans'
import { boardCsvRoutes, importRoutes } from './board/import-routes'
import { calendarStore } from './calendar/calendar-store'
import { calendarFeedRoutes, calendarRoutes } from './calendar/routes'
import { catalogStore } from './catalog/catalog-store'
import { catalogRoutes } from './catalog/routes'
import { catalogSearch } from './catalog/search'
import { titlePageRoutes } from './catalog/anime-page'
import { decodeSlots } from './http/decode-slots'
import {
  AVATAR_KIND,
  BANNER_KIND,
  DECODE_QUEUE,
  DECODE_SLOTS,
  mediaRoutes,
  ownImageRoutes,
} from './avatars/routes'
import { handleClaims } from './profiles/handle-claims'
import { profileStore } from './stores/profile-store'
import { profilePageRoutes } from './profiles/profile-page'
import type { LinkCheckSettings } from './profiles/link-check'
import { releasedHandles } from './stores/handle-redirects'
import { handleRoutes, ownProfileRoutes, publicProfileRoutes } from './profiles/routes'
import type { Database } from './db/database'
import { securityTxtRoutes } from './http/security-txt'
import { securityEvents } from './security-events'
import { shareCardRoutes } from './share-cards/routes'
import { cardArt } from './share-cards/card-art'
import { shareCards } from './share-cards/share-cards'
import { MOFU_COMMIT, MOFU_VERSION } from './version'
import { isDatabaseUnavailable } from './db/unavailable'
import { clientAddressOf, type TrustProxy } from './http/client-address'
import { clientAssets } from './http/client-assets'
import { apiError } from './http/errors'
import { SERVER_MESSAGES } from './http/messages'
import { routeLimits, type Limiter } from './http/limiter'
import { readinessOf, type ReadinessCheck } from './http/readiness'
import { requestFrame } from './http/request-frame'
import { securityHeaders } from './http/security'
import type { Logger } from './logger'
import type { AccountNotices } from './mail/account-notices'
import type { Mailer } from './mail/mailer'
import type { Metrics } from './metrics/metrics'
import { metricsRoutes } from './http/metrics-routes'
import { sessionCheck, sessionSigning } from './sessions/session-check'
import { sessionStore } from './sessions/session-store'
import type { ObjectStorage } from './storage/object-storage'

export interface AppDeps {
  database: Database
  auth: Auth
  /** Uploaded files: avatars and banners, in a local folder or an S3 bucket (STORAGE_URL). */
  storage: ObjectStorage
  /** Which X-Forwarded-For entries name the client (behind reverse proxies). */
  trustProxy: TrustProxy
  /** Mofu's own abuse limits, shared by every instance (Redis or the database). */
  limiter: Limiter
  /** The change-of-address mails; Better Auth's are sent through `auth`. */
  mailer: Mailer
  /** The account notices, the same set Better Auth's hooks send (services.ts). */
  notices: AccountNotices
  googleSignIn: boolean
  neutralAuthErrors: boolean
  logger: Logger
  publicUrl: string
  gaMeasurementId: string | undefined
  contactUrl: string
  /** What the operator opened the profile link check up to (LINK_CHECK_*); nothing by default. */
  linkCheck?: LinkCheckSettings
  /** The plans the operator configured (PLANS); `free` alone, as its defaults give it, when absent. */
  plans?: PlanBook
  /** How to get a plan on this site (PREMIUM_TEXT, PREMIUM_URL); unsaid when absent. */
  premiumHowTo?: PremiumHowTo | null
  /** Folder of the built client; absent when only the API is served (server tests). */
  clientDir?: string
  /** Redis when REDIS_URL is set: /readyz asks it too. */
  redis?: { ping(timeoutMs: number): Promise<void> }
  /** Prometheus metrics, when on (METRICS_TOKEN or METRICS_PORT). */
  metrics?: Metrics
  /** Serves `GET /metrics` on this app to holders of this bearer token (with `metrics`). */
  metricsToken?: string
  /** The time the calendar feed counts its coming weeks from: the system's unless a test sets one. */
  clock?: () => Date
}

/** Seconds a client is asked to wait before trying again while the database is away. */
const UNAVAILABLE_RETRY_AFTER_S = 5
export const UNAVAILABLE_MESSAGE = SERVER_MESSAGES.unavailable

export function createApp(deps: AppDeps) {
  const { database, logger, storage, redis, metrics } = deps
  const clientAddress = clientAddressOf(deps.trustProxy)
  const limits = routeLimits({ limiter: deps.limiter, clientAddress, logger })
  const sessions = sessionCheck(() => sessionSigning(deps.auth), sessionStore(database))
  const store = profileStore(database)
  const plans = deps.plans ?? planBook()
  // One set of image slots for the process: avatar and banner uploads and share cards take turns
  // in it.
  const decode = decodeSlots(DECODE_SLOTS, DECODE_QUEUE)
  const cards = shareCards({
    storage,
    profiles: store,
    // The frames and the default Mofu: the built client's copies, or public/ beside the sources.
    art: cardArt([
      ...(deps.clientDir === undefined ? [] : [deps.clientDir]),
      fileURLToPath(new URL('../../public/', import.meta.url)),
    ]),
    decode,
    logger,
    metrics,
  })
  const catalog = catalogStore(database)
  const profiles = {
    profiles: store,
    cards,
    claims: handleClaims(database),
    releases: releasedHandles(database),
    sessions,
    publicUrl: deps.publicUrl,
    limits,
    limiter: deps.limiter,
    linkCheck: deps.linkCheck ?? {},
    plans,
    folders: publicFolders(database.db, catalog.generation),
  }
  const images = { ...profiles, storage, metrics, decode }
  const board = {
    likes: likesStore(database),
    folders: foldersStore(database, plans),
    pins: pinsStore(database, plans),
    sessions,
    limits,
  }
  const calendar = {
    calendar: calendarStore(database),
    sessions,
    limits,
    events: securityEvents(logger, database.db),
    clientAddress,
    publicUrl: deps.publicUrl,
    clock: deps.clock ?? (() => new Date()),
  }
  const account = {
    auth: deps.auth,
    db: database.db,
    mailer: deps.mailer,
    logger,
    limiter: deps.limiter,
    limits,
    profiles: profiles.profiles,
    publicUrl: deps.publicUrl,
    clientAddress,
    neutralAuthErrors: deps.neutralAuthErrors,
    plans,
    notices: deps.notices,
  }
  const checks: ReadinessCheck[] = [
    { name: 'database', failure: 'unreachable', check: (ms) => database.ping(ms) },
    { name: 'storage', failure: 'unavailable', check: (ms) => storage.check(ms) },
  ]
  if (redis !== undefined) {
    checks.push({ name: 'redis', failure: 'unreachable', check: (ms) => redis.ping(ms) })
  }
  const readiness = readinessOf(checks, logger)
  const client =
    deps.clientDir === undefined
      ? undefined
      : clientAssets(deps.clientDir, {
          contactUrl: deps.contactUrl,
          gaMeasurementId: deps.gaMeasurementId ?? null,
          googleSignIn: deps.googleSignIn,
          neutralAuthErrors: deps.neutralAuthErrors,
          passkeys: passkeysPossible(deps.publicUrl),
        })
  const app = new Hono<{ Variables: RequestIdVariables }>()
    .use(
      requestFrame({
        logger,
        publicUrl: deps.publicUrl,
        securityHeaders: securityHeaders({
          https: deps.publicUrl.startsWith('https:'),
          analytics: deps.gaMeasurementId !== undefined,
          inlineScriptHashes: client?.inlineScriptHashes ?? [],
        }),
        metrics,
      }),
    )
    .use('/api/*', sessions.oneReading)
    .get('/healthz', (c) => c.json({ status: 'ok', version: MOFU_VERSION, commit: MOFU_COMMIT }))
    .get('/readyz', async (c) => {
      const { ready, body } = await readiness(c.get('requestId'))
      return c.json(body, ready ? 200 : 503)
    })
    .route(
      '/.well-known/security.txt',
      securityTxtRoutes({ contactUrl: deps.contactUrl, publicUrl: deps.publicUrl }),
    )

    .route(
      '/api/auth',
      authGateway({ auth: deps.auth, clientAddress, limiter: deps.limiter, logger }),
    )
    .route('/api/password-reset', passwordResetRoutes({ auth: deps.auth, db: deps.database.db }))
    .route('/api/me', accountRoutes({ ...account, sessions, storage }))
    .route('/api/email-change', emailChangeRoutes(account))
    .route(
      '/api/me/sessions',
      sessionRoutes({ auth: deps.auth, db: database.db, sessions, logger, clientAddress }),
    )
    .route('/api/me/profile', ownProfileRoutes(profiles))
    .route('/api/me/avatar', ownImageRoutes(images, AVATAR_KIND))
    .route('/api/me/banner', ownImageRoutes(images, BANNER_KIND))
    // Before the likes' own routes, so neither path is read as a title's id.
    .route('/api/me/likes/import', importRoutes({ database, sessions, limits }))
    .route('/api/me/likes/export.csv', boardCsvRoutes({ database, sessions }))
    .route('/api/me/likes', likeRoutes(board))
    .route('/api/me/folders', folderRoutes(board))
    .route('/api/plans', planRoutes(plans, deps.premiumHowTo ?? null))
    .route('/api/me', calendarRoutes(calendar))
    .route('/calendar', calendarFeedRoutes(calendar))
    .route('/api/anime', catalogRoutes({ catalog, search: catalogSearch(catalog), limits }))
    .route('/api/handles', handleRoutes(profiles))
    .route('/api/profiles', publicProfileRoutes(profiles))
    .route('/api/events', pageViewRoutes(database.db, limits))
    .route('/api/events', clientErrorRoutes({ logger, limits }))
    .route('/media/avatars', mediaRoutes(images, AVATAR_KIND))
    .route('/media/banners', mediaRoutes(images, BANNER_KIND))
    .route(
      '/media/cards',
      shareCardRoutes({
        profiles: store,
        cards,
        limits,
        limiter: deps.limiter,
        clientAddress,
        logger,
      }),
    )
    .route('/', profilePageRoutes({ ...profiles, client }))
    .route('/', titlePageRoutes({ catalog, publicUrl: deps.publicUrl, limits, client }))

  app.notFound((c) => apiError(c, 404, 'NOT_FOUND', SERVER_MESSAGES.notFound))
  app.onError((error, c) => {
    if (error instanceof HTTPException && error.status < 500) {
      return apiError(c, error.status, 'BAD_REQUEST', error.message || SERVER_MESSAGES.badRequest)
    }
    if (isDatabaseUnavailable(error)) {
      logger.warn({ reqId: c.get('requestId'), err: error }, 'database unavailable')
      c.header('Retry-After', String(UNAVAILABLE_RETRY_AFTER_S))
      return apiError(c, 503, 'UNAVAILABLE', UNAVAILABLE_MESSAGE)
    }
    logger.error({ reqId: c.get('requestId'), err: error }, 'request failed')
    return apiError(c, 500, 'INTERNAL_ERROR', AUTH_MESSAGES.somethingWrong)
  })

  if (metrics !== undefined && deps.metricsToken !== undefined) {
    app.route('/metrics', metricsRoutes({ metrics, token: deps.metricsToken }))
  }
  if (client !== undefined) app.route('/', client.routes)
  return app
}

export type App = ReturnType<typeof createApp>

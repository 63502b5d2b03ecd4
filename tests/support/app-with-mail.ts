import { pino } from 'pino'
import { afterAll, beforeAll } from 'vitest'
import { connectRedisStorage, type RedisStorage } from '../../src/server/auth/redis-storage'
import { createStorage } from '../../src/server/storage/create-storage'
import { startOidcProvider, type OidcPeer } from './oidc-provider'
import { startS3Server, type S3Peer } from './s3-server'
import { startSmtpCapture, type SmtpCapture } from './smtp-capture'
import { createTestApp, type TestApp, type TestAppOptions } from './test-app'
import { createTestUser, newVisitor, type TestUser } from './test-users'

const PUBLIC_URL = 'http://localhost:3000'
/** The test Redis: the machine's own, shared with other runs. */
export const TEST_REDIS_URL = process.env.MOFU_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'

export interface AppWithMailOptions {
  /** Also start an OpenID provider and have the app offer it as "Sign in with Google". */
  google?: boolean
  /**
   * Keep sessions, two-factor challenges and Better Auth's own limits in Redis, as with REDIS_URL
   * set. Redis outlives the run and other runs share it; the visitors' fresh client addresses
   * (freshAddress) keep them clear of one another's limits there too.
   */
  redis?: boolean
  /** More of the app's settings (a built client's folder), for this file's apps, S3's too. */
  app?: TestAppOptions['app']
}

/** One test file's app, the SMTP capture its mail goes to, and a maker of its users. */
export interface AppWithMail {
  readonly subject: TestApp
  readonly smtp: SmtpCapture
  /** The provider behind "Sign in with Google", with `{ google: true }` only. */
  readonly oidc: OidcPeer
  /** An e-mail and a client address no other visitor or user has, for a sign-up of one's own. */
  newVisitor(): { email: string; ip: string }
  /** A verified, signed-in user of `app` (this file's by default), with a newVisitor()'s e-mail and address. */
  createUser(app?: TestApp): Promise<TestUser>
  /**
   * In the describe block it is called in: the test S3 server, and another app of this file's mail
   * that keeps its uploads there. Both start before the block's tests and stop after them.
   */
  onS3(): { readonly app: TestApp; readonly peer: S3Peer }
}

/**
 * Starts an SMTP capture and the app (and what `options` add to it) before the file's tests and
 * stops them after. Visitors' e-mail addresses start with `tag`; each has a fresh client address,
 * so every user's per-address limits count on their own.
 */
export function appWithMail(tag: string, options: AppWithMailOptions = {}): AppWithMail {
  let redis: RedisStorage | undefined
  let smtp: SmtpCapture | undefined
  let oidc: OidcPeer | undefined
  let subject: TestApp | undefined
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('appWithMail: its beforeAll has not run')
    return value
  }

  beforeAll(async () => {
    if (options.redis === true) {
      redis = await connectRedisStorage(TEST_REDIS_URL, pino({ level: 'silent' }))
    }
    smtp = await startSmtpCapture()
    if (options.google === true) {
      oidc = await startOidcProvider({
        clientId: 'mofu-web',
        clientSecret: 'test-client-secret-0123456789',
        redirectUris: [
          `${PUBLIC_URL}/api/auth/callback/google`,
          `${PUBLIC_URL}/api/auth/oauth2/callback/google`,
        ],
      })
    }
    const google = oidc && {
      clientId: oidc.clientId,
      clientSecret: oidc.clientSecret,
      issuer: oidc.issuer,
    }
    subject = await createTestApp({
      smtpUrl: smtp.url,
      secondaryStorage: redis?.storage,
      auth: google && { google },
      app: options.app,
    })
  }, 60_000)
  afterAll(async () => {
    await subject?.dispose()
    await oidc?.close()
    await smtp?.close()
    await redis?.close()
  })

  return {
    get subject() {
      return started(subject)
    },
    get smtp() {
      return started(smtp)
    },
    get oidc() {
      if (options.google !== true)
        throw new Error('appWithMail: no Google without { google: true }')
      return started(oidc)
    },
    newVisitor: () => newVisitor(tag),
    createUser(app = started(subject)) {
      return createTestUser(app.app, started(smtp), newVisitor(tag))
    },
    onS3() {
      let peer: S3Peer | undefined
      let app: TestApp | undefined
      beforeAll(async () => {
        peer = await startS3Server()
        app = await createTestApp({
          smtpUrl: started(smtp).url,
          app: options.app,
          storage: createStorage({
            kind: 's3',
            bucket: peer.bucket,
            prefix: 'uploads',
            endpoint: peer.endpoint,
            region: peer.region,
            accessKeyId: peer.accessKeyId,
            secretAccessKey: peer.secretAccessKey,
            forcePathStyle: true,
          }),
        })
      }, 60_000)
      afterAll(async () => {
        await app?.dispose()
        await peer?.close()
      })
      return {
        get app() {
          return started(app)
        },
        get peer() {
          return started(peer)
        },
      }
    },
  }
}

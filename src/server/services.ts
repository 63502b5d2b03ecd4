import { previousAddresses } from './stores/address-history'
import { createAuth, type Auth } from './auth/auth'
import { connectRedisStorage } from './auth/redis-storage'
import { resolveAuthSecret } from './auth/secret'
import { isLoopbackUrl, outboxDir, type Config } from './config'
import { openDatabase, type Database } from './db/database'
import { migrateToLatest } from './db/migrate'
import { createLimiter, databaseCounters, type Limiter } from './http/limiter'
import type { Logger } from './logger'
import { accountNotices, type AccountNotices } from './mail/account-notices'
import { createMailer, type Mailer } from './mail/mailer'
import { countMails, type Metrics } from './metrics/metrics'
import { profileStore } from './stores/profile-store'
import { onSecurityEvent } from './security-events'
import { warnOfLookAlikesKept } from './startup-checks'
import { createStorage } from './storage/create-storage'
import type { ObjectStorage } from './storage/object-storage'

/**
 * The mails that tell an account's owner what just happened to it, in the language the account
 * chose (its profile's) and to the addresses it had within the week.
 */
export const noticesFor = (database: Database, mailer: Mailer, logger: Logger, publicUrl: string) =>
  accountNotices({
    mailer,
    logger,
    publicUrl,
    profiles: profileStore(database),
    previousAddresses: (userId, current) => previousAddresses(database.db, userId, current),
  })

/** What the server and the `mofu` admin command both run on, made from one configuration. */
export interface Services {
  database: Database
  auth: Auth
  storage: ObjectStorage
  limiter: Limiter
  mailer: Mailer
  /** The account notices: one set, sent by Better Auth's hooks and Mofu's account routes alike. */
  notices: AccountNotices
  /** Redis when REDIS_URL is set. */
  redis: { ping(timeoutMs: number): Promise<void> } | undefined
  /** Closes the database and Redis. */
  close(): Promise<void>
}

/**
 * Opens the database (migrated to the latest version), Redis when configured, storage and
 * auth. The admin command overrides two settings: it answers no untrusted client and must not
 * leave mail to be sent after it exits (`neutralAuthErrors`), and it prints no live link
 * (`logMailLinks`). The server passes its `metrics`, which then count mails, security events
 * and the PostgreSQL pool.
 */
export async function openServices(
  config: Config,
  logger: Logger,
  overrides: { neutralAuthErrors?: boolean; logMailLinks?: boolean; metrics?: Metrics } = {},
): Promise<Services> {
  const { metrics } = overrides
  const database = openDatabase(config.database, {
    onPoolError: (error) => logger.warn({ err: error }, 'database connection lost'),
  })
  const migrations = await migrateToLatest(database)
  for (const step of migrations.results ?? []) {
    logger.info({ migration: step.migrationName }, 'migration applied')
  }
  await warnOfLookAlikesKept(database.db, migrations, logger)
  const secret = await resolveAuthSecret(database.db, config.authSecret)
  const redis =
    config.redisUrl === undefined ? undefined : await connectRedisStorage(config.redisUrl, logger)
  const limiter = createLimiter(redis?.counters ?? databaseCounters(database.db))
  const sent = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: outboxDir(config),
    logLinks: overrides.logMailLinks ?? isLoopbackUrl(config.publicUrl),
    logger,
  })
  const mailer = metrics === undefined ? sent : countMails(sent, metrics)
  if (metrics !== undefined) {
    onSecurityEvent(logger, metrics.securityEvent)
    if (database.poolStats !== undefined) metrics.watchPool(database.poolStats)
  }
  const notices = noticesFor(database, mailer, logger, config.publicUrl)
  const auth = createAuth({
    db: database.db,
    dialect: database.dialect,
    config: {
      ...config,
      neutralAuthErrors: overrides.neutralAuthErrors ?? config.neutralAuthErrors,
    },
    secret,
    mailer,
    logger,
    notices,
    secondaryStorage: redis?.storage,
    limiter,
  })
  return {
    database,
    auth,
    storage: createStorage(config.storage),
    limiter,
    mailer,
    notices,
    redis,
    close: async () => {
      await Promise.all([database.close(), redis?.close()])
    },
  }
}

import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { inspect } from 'node:util'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { createApp } from './app'
import { catalogStore } from './catalog/catalog-store'
import { startCatalogLoad } from './catalog/shipped-data'
import { ConfigError, loadConfig, outboxDir, type Config } from './config'
import {
  prepareDataDir,
  warnIfContactUnset,
  warnIfCookiesInsecure,
  warnIfPasskeysImpossible,
} from './startup-checks'
import { createLogger } from './logger'
import { createMetrics } from './metrics/metrics'
import { metricsRoutes } from './http/metrics-routes'
import { startUnverifiedAccountSweep } from './account/unverified-accounts'
import { startActivityPurge } from './account/security-activity'
import { planBook } from './plans/plan-book'
import { startPlanSweep } from './plans/plan-grants'
import { removeOrphanedTempFiles } from './storage/local-storage'
import { openServices } from './services'
import { MOFU_COMMIT, MOFU_VERSION } from './version'

/** In-flight requests get this long to finish after SIGTERM/SIGINT before the process exits. */
const STOP_GRACE_MS = 8_000

/**
 * A client must send its headers within 20 s and its whole request within 45 s, and
 * an idle kept-alive connection closes after 5 s: a slow client cannot hold a connection for
 * minutes. Node checks these every second here (its default is every 30 s).
 */
const SERVER_TIMEOUTS = {
  headersTimeout: 20_000,
  requestTimeout: 45_000,
  keepAliveTimeout: 5_000,
  connectionsCheckingInterval: 1_000,
}

function readConfig(): Config {
  try {
    return loadConfig(process.env)
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    process.stderr.write(`Mofu cannot start. ${error.message}\n`)
    process.exit(1)
  }
}

/**
 * What a person starting Mofu wants to know first: which database, which storage and where mail
 * goes. Addresses are shown without their user name or password.
 */
function whereThingsAre(config: Config): string[] {
  const withoutCredentials = (value: string) => {
    const url = new URL(value)
    return `${url.protocol}//${url.host}${url.pathname}`
  }
  const database =
    config.database.kind === 'sqlite'
      ? `database: SQLite file ${config.database.file}`
      : `database: PostgreSQL at ${withoutCredentials(config.database.connectionString)}`
  const storage =
    config.storage.kind === 'local'
      ? `storage: folder ${config.storage.dir}`
      : `storage: S3 bucket ${config.storage.bucket}${config.storage.prefix === '' ? '' : `/${config.storage.prefix}`}` +
        (config.storage.endpoint === undefined ? '' : ` at ${config.storage.endpoint}`)
  const mail =
    config.smtpUrl === undefined
      ? `mail: written to the outbox ${outboxDir(config)} (SMTP_URL is unset; read it with mofu outbox list)`
      : `mail: sent through ${withoutCredentials(config.smtpUrl)}`
  return [database, storage, mail]
}

/** The built client sits beside the built server (dist/client next to dist/server). */
function builtClientDir(): string | undefined {
  const dir = fileURLToPath(new URL('../client/', import.meta.url))
  return fs.existsSync(path.join(dir, 'index.html')) ? dir : undefined
}

async function main() {
  const config = readConfig()
  const logger = createLogger(
    config.logLevel,
    config.logFormat ?? (process.stdout.isTTY ? 'pretty' : 'json'),
  )
  prepareDataDir(config.dataDir, logger)
  warnIfCookiesInsecure(config.publicUrl, logger)
  warnIfPasskeysImpossible(config.publicUrl, logger)
  warnIfContactUnset(config, logger)

  const metrics = config.metrics === undefined ? undefined : createMetrics()
  const { database, auth, storage, limiter, mailer, notices, redis, close } = await openServices(
    config,
    logger,
    {
      metrics,
    },
  )

  if (config.storage.kind === 'local') {
    const removed = await removeOrphanedTempFiles(config.storage.dir)
    if (removed > 0) logger.warn({ removed }, 'removed files left by interrupted uploads')
  }

  const stopSweep = startUnverifiedAccountSweep(database.db, database.dialect, logger)
  const stopPurge = startActivityPurge(database.db, logger)
  const plans = planBook(config.plans)
  const stopPlanSweep = startPlanSweep({
    db: database.db,
    logger,
    plans,
    mailer,
    publicUrl: config.publicUrl,
  })
  // Set once the server listens: a first start serves at once and fills the catalog after.
  let stopCatalogLoad = () => Promise.resolve()

  const clientDir = builtClientDir()
  if (clientDir === undefined) logger.warn('client not built: serving the API only')
  const app = createApp({
    database,
    auth,
    storage,
    trustProxy: config.trustProxy,
    limiter,
    mailer,
    notices,
    googleSignIn: config.google !== undefined,
    neutralAuthErrors: config.neutralAuthErrors,
    logger,
    publicUrl: config.publicUrl,
    gaMeasurementId: config.gaMeasurementId,
    contactUrl: config.contactUrl,
    plans,
    premiumHowTo: config.premiumHowTo,
    clientDir,
    redis,
    metrics,
    metricsToken: config.metrics?.token,
    linkCheck: {
      allowHosts: config.linkCheck.allowHosts,
      ca:
        config.linkCheck.caFile === undefined
          ? undefined
          : fs.readFileSync(config.linkCheck.caFile, 'utf8'),
      dnsServers: config.linkCheck.dnsServers,
    },
  })

  const server = serve(
    {
      fetch: app.fetch,
      port: config.port,
      hostname: config.host,
      serverOptions: SERVER_TIMEOUTS,
    },
    (info) => {
      logger.info(
        {
          port: info.port,
          publicUrl: config.publicUrl,
          version: MOFU_VERSION,
          commit: MOFU_COMMIT,
        },
        `Mofu is ready at ${config.publicUrl}`,
      )
      for (const line of whereThingsAre(config)) logger.info(line)
      stopCatalogLoad = startCatalogLoad(catalogStore(database), logger)
    },
  )
  server.once('error', (error) => cannotListen(error, config.host, config.port, 'PORT'))

  // Loopback only, whatever HOST is: what reaches it runs on this machine, so it asks no token.
  const metricsPort = config.metrics?.port
  const metricsServer =
    metrics === undefined || metricsPort === undefined
      ? undefined
      : serve(
          {
            fetch: new Hono().route('/metrics', metricsRoutes({ metrics })).fetch,
            port: metricsPort,
            hostname: '127.0.0.1',
            serverOptions: SERVER_TIMEOUTS,
          },
          (info) => logger.info({ port: info.port }, 'metrics served on 127.0.0.1'),
        )
  metricsServer?.once('error', (error) =>
    cannotListen(error, '127.0.0.1', metricsPort ?? 0, 'METRICS_PORT'),
  )

  let stopping = false
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    stopSweep()
    stopPurge()
    stopPlanSweep()
    logger.info({ signal }, 'stopping: finishing in-flight requests')
    setTimeout(() => {
      logger.error('in-flight requests did not finish in time; exiting')
      process.exit(1)
    }, STOP_GRACE_MS).unref()
    metricsServer?.close()
    server.close(() => {
      stopCatalogLoad()
        .then(close)
        .then(() => logger.info('stopped'))
        .catch((error: unknown) => {
          logger.error({ err: error }, 'database did not close cleanly')
          process.exitCode = 1
        })
    })
  }
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
}

/**
 * A port another process holds (a second Mofu, say) or one this user may not open: one line that
 * names the port and the setting that changes it, in place of Node's stack trace.
 */
function cannotListen(error: Error, host: string, port: number, setting: string): never {
  const code = 'code' in error ? error.code : undefined
  const reason =
    code === 'EADDRINUSE'
      ? `port ${port} is already in use on ${host} (another Mofu, or another program, listens there). Stop that one, or set ${setting} to a free port.`
      : code === 'EACCES'
        ? `this user may not listen on port ${port} on ${host}. Set ${setting} to a port from 1024 up, or let the user open it.`
        : inspect(error)
  process.stderr.write(`Mofu cannot start: ${reason}\n`)
  process.exit(1)
}

main().catch((error: unknown) => {
  // inspect() prints the error's cause too (why a migration failed, say), which .stack leaves out.
  process.stderr.write(`Mofu cannot start: ${inspect(error)}\n`)
  process.exit(1)
})

import path from 'node:path'
import { z } from 'zod'
import type { Plan, PremiumHowTo } from '../shared/plans'
import { dnsServer, hostName } from './config-link-check'
import { plansVariable, premiumText } from './config-plans'
import { booleanVariable, list, optional, port, url } from './config-variables'
import { parseTrustProxy, TRUST_PROXY_EXPECTED, type TrustProxy } from './http/client-address'
import type { DatabaseTarget } from './db/database'
import type { LogFormat } from './logger'
import type { StorageTarget } from './storage/create-storage'

/**
 * Configuration comes from the environment only, parsed once at start. A wrong value stops
 * the server with a message naming the variable and what it expects (docs/configuration.md).
 */

const EnvSchema = z.object({
  PORT: optional.pipe(port.default(3000)),
  HOST: optional.pipe(z.string().default('0.0.0.0')),
  PUBLIC_URL: optional.pipe(url(['http:', 'https:'], 'an http:// or https:// URL').optional()),
  DATA_DIR: optional.pipe(z.string().default('./data')),
  DATABASE_URL: optional.pipe(
    url(['postgres:', 'postgresql:', 'file:'], 'postgres://… or file:PATH').optional(),
  ),
  STORAGE_URL: optional.pipe(url(['s3:', 'file:'], 's3://BUCKET or file:PATH').optional()),
  S3_ENDPOINT: optional.pipe(url(['http:', 'https:'], 'an http:// or https:// URL').optional()),
  S3_REGION: optional.pipe(z.string().default('us-east-1')),
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  S3_FORCE_PATH_STYLE: booleanVariable,
  SMTP_URL: optional.pipe(url(['smtp:', 'smtps:'], 'smtp://… or smtps://…').optional()),
  MAIL_FROM: optional,
  AUTH_SECRET: optional.pipe(
    z.string().min(32, { message: 'expected at least 32 characters' }).optional(),
  ),
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  GOOGLE_ISSUER: optional.pipe(
    url(['http:', 'https:'], 'an http:// or https:// URL').default('https://accounts.google.com'),
  ),
  REDIS_URL: optional.pipe(url(['redis:', 'rediss:'], 'redis://… or rediss://…').optional()),
  GA_MEASUREMENT_ID: optional.pipe(
    z
      .string()
      .regex(/^G-[A-Z0-9]+$/, { message: 'expected a measurement id such as G-ABC123' })
      .optional(),
  ),
  CONTACT_URL: optional.pipe(
    url(['http:', 'https:', 'mailto:'], 'an http(s):// or mailto: URL').optional(),
  ),
  AUTH_NEUTRAL_ERRORS: booleanVariable,
  TRUST_PROXY: optional.pipe(
    z
      .string()
      .default('false')
      .transform((value, context) => {
        const trust = parseTrustProxy(value)
        if (trust === null) context.addIssue({ code: 'custom', message: TRUST_PROXY_EXPECTED })
        return trust ?? z.NEVER
      }),
  ),
  METRICS_TOKEN: optional.pipe(
    z
      .string()
      .min(32, { message: 'expected at least 32 characters' })
      .regex(/^[\x21-\x7e]+$/, { message: 'expected printable ASCII without spaces' })
      .optional(),
  ),
  METRICS_PORT: optional.pipe(port.optional()),
  LOG_LEVEL: optional.pipe(
    z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        message: 'expected fatal, error, warn, info, debug, trace or silent',
      })
      .default('info'),
  ),
  LOG_FORMAT: optional.pipe(
    z.enum(['json', 'pretty'], { message: 'expected json or pretty' }).optional(),
  ),
  PLANS: optional.pipe(plansVariable.default([])),
  PREMIUM_TEXT: optional.pipe(premiumText),
  PREMIUM_TEXT_JA: optional.pipe(premiumText),
  PREMIUM_URL: optional.pipe(
    url(['http:', 'https:', 'mailto:'], 'an http(s):// or mailto: URL').optional(),
  ),
  LINK_CHECK_ALLOW_HOSTS: optional.pipe(
    list(
      'host names separated by commas, such as intranet.example (no addresses)',
      hostName,
    ).default([]),
  ),
  LINK_CHECK_CA_FILE: optional,
  LINK_CHECK_DNS_SERVERS: optional.pipe(
    list(
      'DNS server addresses separated by commas, such as 10.0.0.53 or [fd00::53]:53',
      dnsServer,
    ).optional(),
  ),
})

export interface Config {
  port: number
  host: string
  publicUrl: string
  dataDir: string
  database: DatabaseTarget
  storage: StorageTarget
  smtpUrl: string | undefined
  mailFrom: string
  authSecret: string | undefined
  google: { clientId: string; clientSecret: string; issuer: string } | undefined
  redisUrl: string | undefined
  gaMeasurementId: string | undefined
  /** The footer's Contact and security.txt's: CONTACT_URL, else the MAIL_FROM address. */
  contactUrl: string
  /** Whether CONTACT_URL was set; unset, contactUrl is the address mails come from. */
  contactUrlSet: boolean
  /** One neutral message for every sign-in and sign-up failure, revealing no account. */
  neutralAuthErrors: boolean
  /** Which X-Forwarded-For entries name the client (behind reverse proxies). */
  trustProxy: TrustProxy
  /**
   * Prometheus metrics, off unless one of these is set: `GET /metrics` on the app's port with
   * this bearer token, and/or a listener of its own on 127.0.0.1 that asks for no token.
   */
  metrics: { token: string | undefined; port: number | undefined } | undefined
  logLevel: string
  /** Unset: readable lines when standard output is a terminal, JSON lines otherwise. */
  logFormat: LogFormat | undefined
  /** The plans the operator configured (PLANS), as given; `free` is added when left out. */
  plans: Plan[]
  /** How to get a plan on this site, on the Premium page (PREMIUM_*); null when not said. */
  premiumHowTo: PremiumHowTo | null
  /** The fetch that verifies profile links: what an operator may open up for tests and intranets. */
  linkCheck: {
    /** Names whose addresses are not checked. */
    allowHosts: string[]
    /** Certificates (PEM) trusted besides the usual roots. */
    caFile: string | undefined
    /** Asked for A and AAAA instead of the system's resolver. */
    dnsServers: string[] | undefined
  }
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`)
    this.name = 'ConfigError'
  }
}

function filePath(fileUrl: string, cwd: string): string {
  // `file:relative/path` keeps its relativity; `file:///abs` is absolute.
  const rest = fileUrl.slice('file:'.length).replace(/^\/\//, '')
  return path.resolve(cwd, decodeURIComponent(rest))
}

export function loadConfig(env: NodeJS.ProcessEnv, cwd = process.cwd()): Config {
  const parsed = EnvSchema.safeParse(env)
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    )
  }
  const e = parsed.data
  const problems: string[] = []

  const dataDir = path.resolve(cwd, e.DATA_DIR)
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '')

  let database: DatabaseTarget
  if (e.DATABASE_URL === undefined) {
    database = { kind: 'sqlite', file: path.join(dataDir, 'mofu.db') }
  } else if (e.DATABASE_URL.startsWith('file:')) {
    database = { kind: 'sqlite', file: filePath(e.DATABASE_URL, cwd) }
  } else {
    database = { kind: 'postgres', connectionString: e.DATABASE_URL }
  }

  let storage: StorageTarget
  if (e.STORAGE_URL === undefined) {
    storage = { kind: 'local', dir: path.join(dataDir, 'storage') }
  } else if (e.STORAGE_URL.startsWith('file:')) {
    storage = { kind: 'local', dir: filePath(e.STORAGE_URL, cwd) }
  } else {
    const location = new URL(e.STORAGE_URL)
    if (location.hostname === '') problems.push('STORAGE_URL: expected s3://BUCKET with a bucket')
    storage = {
      kind: 's3',
      bucket: location.hostname,
      prefix: location.pathname.replace(/^\/+|\/+$/g, ''),
      endpoint: e.S3_ENDPOINT,
      region: e.S3_REGION,
      accessKeyId: e.S3_ACCESS_KEY_ID,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY,
      forcePathStyle: e.S3_FORCE_PATH_STYLE,
    }
  }

  let google: Config['google']
  if (e.GOOGLE_CLIENT_ID !== undefined && e.GOOGLE_CLIENT_SECRET !== undefined) {
    google = {
      clientId: e.GOOGLE_CLIENT_ID,
      clientSecret: e.GOOGLE_CLIENT_SECRET,
      issuer: e.GOOGLE_ISSUER,
    }
  } else if (e.GOOGLE_CLIENT_ID !== undefined || e.GOOGLE_CLIENT_SECRET !== undefined) {
    const missing = e.GOOGLE_CLIENT_ID === undefined ? 'GOOGLE_CLIENT_ID' : 'GOOGLE_CLIENT_SECRET'
    problems.push(`${missing}: expected a value when the other Google variable is set`)
  }

  if (e.METRICS_PORT !== undefined && e.METRICS_PORT === e.PORT) {
    problems.push('METRICS_PORT: expected a port other than PORT')
  }

  if (e.PREMIUM_TEXT === undefined && (e.PREMIUM_URL ?? e.PREMIUM_TEXT_JA) !== undefined) {
    problems.push('PREMIUM_TEXT: expected a text when PREMIUM_URL or PREMIUM_TEXT_JA is set')
  }
  if (e.PREMIUM_URL === undefined && e.PREMIUM_TEXT !== undefined) {
    problems.push('PREMIUM_URL: expected a link when PREMIUM_TEXT is set')
  }

  if (problems.length > 0) throw new ConfigError(problems)

  const mailFrom = e.MAIL_FROM ?? `Mofu <no-reply@${new URL(publicUrl).hostname}>`
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir,
    database,
    storage,
    smtpUrl: e.SMTP_URL,
    mailFrom,
    authSecret: e.AUTH_SECRET,
    google,
    redisUrl: e.REDIS_URL,
    gaMeasurementId: e.GA_MEASUREMENT_ID,
    contactUrl: e.CONTACT_URL ?? `mailto:${mailFrom.replace(/^.*<|>.*$/g, '')}`,
    contactUrlSet: e.CONTACT_URL !== undefined,
    neutralAuthErrors: e.AUTH_NEUTRAL_ERRORS,
    trustProxy: e.TRUST_PROXY,
    metrics:
      e.METRICS_TOKEN === undefined && e.METRICS_PORT === undefined
        ? undefined
        : { token: e.METRICS_TOKEN, port: e.METRICS_PORT },
    plans: e.PLANS,
    premiumHowTo:
      e.PREMIUM_TEXT === undefined || e.PREMIUM_URL === undefined
        ? null
        : {
            text: {
              en: e.PREMIUM_TEXT,
              ...(e.PREMIUM_TEXT_JA === undefined ? {} : { ja: e.PREMIUM_TEXT_JA }),
            },
            url: e.PREMIUM_URL,
          },
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    linkCheck: {
      allowHosts: e.LINK_CHECK_ALLOW_HOSTS,
      caFile:
        e.LINK_CHECK_CA_FILE === undefined ? undefined : path.resolve(cwd, e.LINK_CHECK_CA_FILE),
      dnsServers: e.LINK_CHECK_DNS_SERVERS,
    },
  }
}

/** Where mail goes while SMTP_URL is unset: one `.eml` file per mail. */
export function outboxDir(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'outbox')
}

/** Whether a URL points at this machine only: localhost, 127.0.0.0/8 or ::1 (local development). */
export function isLoopbackUrl(value: string): boolean {
  const host = new URL(value).hostname.toLowerCase()
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '[::1]' ||
    /^127(?:\.\d{1,3}){3}$/.test(host)
  )
}

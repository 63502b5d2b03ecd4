import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { freePort } from '../support/free-port'
import { startNginx, type Nginx } from '../support/nginx'
import { startPostgresCluster, type PostgresCluster } from '../support/postgres-cluster'
import { startRedisServer, type RedisPeer } from '../support/redis-server'
import { startS3Server, type S3Peer } from '../support/s3-server'
import { startServer, type ServerProcess } from '../support/server-process'
import { startSmtpCapture, type SmtpCapture } from '../support/smtp-capture'

/** An instance's port and every process that has served on it, the running one last. */
export interface Instance {
  port: number
  url: string
  dataDir: string
  /** The server's entry file it starts with: this checkout's build unless set. */
  main?: string
  generations: ServerProcess[]
  /** The process serving now; undefined between a kill and the restart. */
  current: ServerProcess | undefined
}

export interface Cluster {
  instances: Instance[]
  nginx: Nginx
  postgres: PostgresCluster
  redis: RedisPeer
  s3: S3Peer
  smtp: SmtpCapture
  /** What every instance runs with (its own PORT and DATA_DIR added). */
  env: Record<string, string>
  /** Starts the instance's process again on its port and folder; resolves once it serves. */
  start(instance: Instance): Promise<ServerProcess>
  /**
   * Starts one more process with the instances' settings on a port and folder of its own, and
   * resolves with how long it took to serve /healthz; then stops it.
   */
  timeStart(): Promise<number>
  /** Rows of one statement on the cluster's PostgreSQL, on a connection of its own. */
  query<Row extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<Row[]>
  /** kill -9: no chance to finish anything. Resolves once the process is gone. */
  kill(instance: Instance): Promise<void>
  dispose(): Promise<void>
}

/**
 * When a start counts as failed, far past any healthy one (how fast a restart must serve is
 * checked apart, in scale.test.ts): the ten instances start at once on the empty database, so
 * they queue for the migration lock while sharing the cores with nginx, PostgreSQL, Redis and
 * the S3 server, and a restart shares them with the nine others under the workload.
 */
const START_TIMEOUT_MS = 120_000

export interface ClusterOptions {
  /** Every instance's server entry file (a release's build); this checkout's if absent. */
  main?: string
  /** Further settings for every instance, once nginx's public address is known. */
  settings?: (publicUrl: string) => Promise<Record<string, string>>
}

/**
 * What an operator runs (docs/scaling-out.md): `count` instances of the built app, each on its
 * own port and DATA_DIR with the same secret, PostgreSQL, Redis, S3 bucket and SMTP relay,
 * behind nginx with the guide's site file and TRUST_PROXY=true. The PostgreSQL and Redis are the
 * test's own (the test restarts the first); all instances start at once on the empty database.
 */
export async function startCluster(count: number, options: ClusterOptions = {}): Promise<Cluster> {
  const disposers: (() => Promise<unknown>)[] = []
  const dispose = async () => {
    for (const disposer of disposers.splice(0).reverse()) await disposer().catch(() => undefined)
  }
  try {
    const [postgres, redis, s3, smtp] = await Promise.all([
      startPostgresCluster(),
      startRedisServer(),
      startS3Server(),
      startSmtpCapture(),
    ])
    disposers.push(
      () => postgres.dispose(),
      () => redis.stop(),
      () => s3.close(),
      () => smtp.close(),
    )
    const ports: number[] = []
    while (ports.length < count) {
      const port = await freePort()
      if (!ports.includes(port)) ports.push(port)
    }
    const nginx = await startNginx(ports)
    disposers.push(() => nginx.stop())
    const env = {
      PUBLIC_URL: nginx.publicUrl,
      AUTH_SECRET: randomBytes(36).toString('base64'),
      DATABASE_URL: postgres.url,
      REDIS_URL: redis.url,
      STORAGE_URL: `s3://${s3.bucket}/scale`,
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: s3.region,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
      SMTP_URL: smtp.url,
      TRUST_PROXY: 'true',
      ...(await options.settings?.(nginx.publicUrl)),
    }
    const instances: Instance[] = []
    for (const port of ports) {
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `mofu-scale-${port}-`))
      disposers.push(() => fs.rm(dataDir, { recursive: true, force: true }))
      instances.push({
        port,
        url: `http://127.0.0.1:${port}`,
        dataDir,
        main: options.main,
        generations: [],
        current: undefined,
      })
    }
    // Starts still under way at the end are waited for, so that no process outlives the test.
    const starting = new Set<Promise<ServerProcess>>()
    const start = async (instance: Instance) => {
      const started = startServer({
        env,
        port: instance.port,
        dataDir: instance.dataDir,
        timeoutMs: START_TIMEOUT_MS,
        main: instance.main,
      })
      starting.add(started)
      try {
        const server = await started
        instance.generations.push(server)
        instance.current = server
        return server
      } finally {
        starting.delete(started)
      }
    }
    disposers.push(async () => {
      await Promise.allSettled([...starting])
      await Promise.all(
        instances.flatMap((instance) =>
          instance.generations.map((server) => server.stop('SIGKILL')),
        ),
      )
    })
    await Promise.all(instances.map(start))
    return {
      instances,
      nginx,
      postgres,
      redis,
      s3,
      smtp,
      env,
      start,
      async timeStart() {
        const startedAt = Date.now()
        const server = await startServer({ env, timeoutMs: START_TIMEOUT_MS })
        const took = Date.now() - startedAt
        await server.dispose()
        return took
      },
      async query<Row extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
        const client = new pg.Client({ connectionString: postgres.url })
        await client.connect()
        try {
          return (await client.query<Row>(text, values)).rows
        } finally {
          await client.end()
        }
      },
      async kill(instance) {
        const server = instance.current
        instance.current = undefined
        await server?.stop('SIGKILL')
      },
      dispose,
    }
  } catch (error) {
    await dispose()
    throw error
  }
}

/** One JSON log line of a request, as Mofu writes it (src/server/http/request-frame.ts). */
export interface LoggedRequest {
  reqId: string
  status: number
  time: number
}

/** The requests a server process logged, oldest first. */
export function loggedRequests(server: ServerProcess): LoggedRequest[] {
  const requests: LoggedRequest[] = []
  for (const line of server.output().split('\n')) {
    if (!line.startsWith('{') || !line.includes('"msg":"request"')) continue
    try {
      const entry = JSON.parse(line) as { reqId?: unknown; status?: unknown; time?: unknown }
      if (typeof entry.reqId !== 'string' || typeof entry.time !== 'string') continue
      requests.push({
        reqId: entry.reqId,
        status: Number(entry.status),
        time: Date.parse(entry.time),
      })
    } catch {
      // a line cut short by kill -9
    }
  }
  return requests
}

/** Which instance's port answered each request id, over every process that ever ran. */
export function answeredBy(instances: Instance[]): Map<string, number> {
  const ports = new Map<string, number>()
  for (const instance of instances) {
    for (const server of instance.generations) {
      for (const { reqId } of loggedRequests(server)) ports.set(reqId, instance.port)
    }
  }
  return ports
}

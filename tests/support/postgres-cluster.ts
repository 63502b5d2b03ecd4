import { execFile } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { freePort } from './free-port'

const run = promisify(execFile)

export interface PostgresCluster {
  /** A DATABASE_URL for the cluster's `postgres` database. */
  url: string
  /** Stops the server (fast shutdown: open connections are cut), keeping its data. */
  stop(): Promise<void>
  /** Starts it again on the same port and data. */
  start(): Promise<void>
  /** Stops it if running and removes its data folder. */
  dispose(): Promise<void>
}

/** Debian keeps the server binaries out of PATH, under /usr/lib/postgresql/<version>/bin. */
async function binDir(): Promise<string> {
  const root = '/usr/lib/postgresql'
  const versions = (await fs.readdir(root)).sort((a, b) => Number(b) - Number(a))
  const newest = versions[0]
  if (newest === undefined) throw new Error(`no PostgreSQL server under ${root}`)
  return path.join(root, newest, 'bin')
}

/**
 * A PostgreSQL server of the test's own, in a temporary folder on a free port, so a test can
 * stop and start it without touching the machine's shared server. PostgreSQL refuses to run
 * as root, so under root it runs as the `postgres` user.
 */
export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = await binDir()
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mofu-pg-'))
  const asRoot = process.getuid?.() === 0
  const exec = (tool: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args])
      : run(path.join(bin, tool), args)
  if (asRoot) await run('chown', ['postgres', dir])
  const data = path.join(dir, 'data')
  const port = await freePort()
  await exec('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync'])
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`
  const start = async () => {
    await exec('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start'])
  }
  const stop = async () => {
    await exec('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop'])
  }
  await start()
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    async dispose() {
      await stop().catch(() => undefined)
      await fs.rm(dir, { recursive: true, force: true })
    },
  }
}

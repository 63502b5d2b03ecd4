import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { freePort } from './free-port'
import { serverTuning } from './server-tuning'

const MAIN = path.resolve(import.meta.dirname, '../../dist/server/main.js')

export interface ServerProcess {
  url: string
  port: number
  dataDir: string
  /** The environment it runs with, for running the `mofu` command on the same configuration. */
  env: Record<string, string>
  child: ChildProcess
  /** Everything the server printed so far (JSON log lines on stdout, then stderr). */
  output(): string
  /** Sends the signal and resolves with the exit code once the process has exited. */
  stop(signal?: NodeJS.Signals): Promise<number | null>
  /** Stops the server if it still runs and removes its data folder when the test made it. */
  dispose(): Promise<void>
}

const START_TIMEOUT_MS = 60_000

export interface StartOptions {
  env?: Record<string, string>
  /** Defaults to a new temporary folder, removed by dispose(). */
  dataDir?: string
  /**
   * How long the server may take to say it is ready: 60 s by default, a hang and nothing less.
   * A start beside a whole e2e run on 2 cores has taken more than 20 s.
   */
  timeoutMs?: number
  /** Defaults to a free port; give one when a peer must know the app's address first. */
  port?: number
  /** The server's entry file; defaults to this checkout's dist/server/main.js. */
  main?: string
}

/**
 * Starts the built server (`npm run build` first) as its own process on a free port, and
 * resolves once /healthz answers. Rejects with the server's output if it exits or times out.
 */
export async function startServer(options: StartOptions = {}): Promise<ServerProcess> {
  const port = options.port ?? (await freePort())
  const ownDataDir = options.dataDir === undefined
  const dataDir = options.dataDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'mofu-data-')))
  const url = `http://127.0.0.1:${port}`
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    ...serverTuning(),
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    ...options.env,
  }
  const child = spawn(process.execPath, [options.main ?? MAIN], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))

  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal)
    return exited
  }
  const server: ServerProcess = {
    url,
    port,
    dataDir,
    env,
    child,
    output: () => out,
    stop,
    async dispose() {
      await stop('SIGKILL')
      if (ownDataDir) await fs.rm(dataDir, { recursive: true, force: true })
    },
  }

  const deadline = Date.now() + (options.timeoutMs ?? START_TIMEOUT_MS)
  let gone = false
  void exited.then(() => (gone = true))
  while (Date.now() < deadline && !gone) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return server
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  // Read before dispose(), whose kill makes every server look exited.
  const why = !gone
    ? `timed out after ${options.timeoutMs ?? START_TIMEOUT_MS} ms`
    : child.exitCode === null
      ? `exited on ${String(child.signalCode)}`
      : `exited with code ${child.exitCode}`
  await server.dispose()
  throw new Error(`server did not start (${why}):\n${out}`)
}

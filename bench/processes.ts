import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
import path from 'node:path'
import { freePort } from '../tests/support/free-port'

const ROOT = path.resolve(import.meta.dirname, '..')
const BASELINE_MAIN = path.join(ROOT, 'bench/baseline-server.ts')
const START_TIMEOUT_MS = 60_000
const STOP_TIMEOUT_MS = 15_000
/** Tries with a new port when another process took the free one first. */
const START_ATTEMPTS = 3
const TAIL_LINES = 20

export interface ChildServer {
  url: string
  /** Seconds of CPU (user and system) the process has used so far (Linux /proc). */
  cpuSeconds(): number
  /** Everything this process has printed so far, not what an earlier one left in its log file. */
  log(): string
  /** The end of what the process printed, for error messages. */
  logTail(): string
  /** SIGTERM, then SIGKILL if it has not exited in time. */
  stop(): Promise<void>
}

interface Launch {
  args: string[]
  env: Record<string, string>
  logFile: string
  /** Printed by the process itself once it listens on its port. */
  ready: RegExp
}

/**
 * The built app (`main`, see build-snapshot.ts) as its own process on a free port of 127.0.0.1,
 * with the default log level. Its log goes to a file rather than through this process, so the
 * load generator never pays for reading it.
 */
export function startApp(
  main: string,
  dataDir: string,
  env: Record<string, string> = {},
): Promise<ChildServer> {
  return startWithRetries((port) => ({
    args: [main],
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      // The load generator stands in for many visitors behind one proxy (see cycling()).
      TRUST_PROXY: 'true',
      ...env,
    },
    logFile: path.join(dataDir, 'server.log'),
    ready: /Mofu is ready/,
  }))
}

/** The raw node:http server the app is compared with, in a process of its own. */
export function startBaseline(logDir: string, imageFile?: string): Promise<ChildServer> {
  return startWithRetries((port) => ({
    args: ['--import', 'tsx', BASELINE_MAIN],
    env: { PORT: String(port), ...(imageFile === undefined ? {} : { BASELINE_IMAGE: imageFile }) },
    logFile: path.join(logDir, 'baseline.log'),
    ready: /^listening/m,
  }))
}

async function startWithRetries(launchOn: (port: number) => Launch): Promise<ChildServer> {
  let lastError: unknown
  for (let attempt = 0; attempt < START_ATTEMPTS; attempt++) {
    const port = await freePort()
    try {
      return await start(port, launchOn(port))
    } catch (error) {
      lastError = error
      if (!String(error).includes('EADDRINUSE')) break
    }
  }
  throw lastError
}

/**
 * Resolves once the process says it listens (not on a health check, which another process that
 * took the same port meanwhile could answer).
 */
async function start(port: number, launch: Launch): Promise<ChildServer> {
  fs.mkdirSync(path.dirname(launch.logFile), { recursive: true })
  const log = fs.openSync(launch.logFile, 'a')
  // A restart appends to the same file: only what this process printed counts.
  const from = fs.fstatSync(log).size
  const child = spawn(process.execPath, launch.args, {
    cwd: ROOT,
    env: { PATH: process.env.PATH, ...launch.env },
    stdio: ['ignore', log, log],
  })
  fs.closeSync(log)
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const output = () => readFrom(launch.logFile, from)
  const logTail = () => output().trimEnd().split('\n').slice(-TAIL_LINES).join('\n')
  const server: ChildServer = {
    url: `http://127.0.0.1:${port}`,
    cpuSeconds: () => cpuSecondsOf(child.pid),
    log: output,
    logTail,
    stop: () => stop(child, exited),
  }
  const deadline = Date.now() + START_TIMEOUT_MS
  while (Date.now() < deadline && isRunning(child)) {
    if (launch.ready.test(output())) return server
    await sleep(50)
  }
  await server.stop()
  throw new Error(`${launch.args.at(-1)} did not start on port ${port}:\n${logTail()}`)
}

const isRunning = (child: ChildProcess) => child.exitCode === null && child.signalCode === null

async function stop(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (!isRunning(child)) return
  child.kill('SIGTERM')
  const killer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS)
  await exited
  clearTimeout(killer)
}

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100

function cpuSecondsOf(pid: number | undefined): number {
  // The fields after the command name, which is in parentheses and may hold spaces.
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
  // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name.
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND
}

function readFrom(file: string, offset: number): string {
  const handle = fs.openSync(file, 'r')
  try {
    const length = Math.max(0, fs.fstatSync(handle).size - offset)
    const buffer = Buffer.alloc(length)
    fs.readSync(handle, buffer, 0, length, offset)
    return buffer.toString('utf8')
  } finally {
    fs.closeSync(handle)
  }
}

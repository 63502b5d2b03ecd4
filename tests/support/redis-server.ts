import { spawn } from 'node:child_process'
import { freePort, listening } from './free-port'

export interface RedisPeer {
  /** A REDIS_URL for it. */
  url: string
  /** Kills the server (as a crash would); resolves once it has exited. */
  stop(): Promise<void>
}

/**
 * A Redis server of the test's own (Debian's `redis-server`) on a free loopback port, with no
 * persistence, so a test can take it away without touching the machine's shared one.
 */
export async function startRedisServer(): Promise<RedisPeer> {
  const port = await freePort()
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  )
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    await exited
  }
  const deadline = Date.now() + 10_000
  while (!(await listening(port))) {
    if (Date.now() > deadline || child.exitCode !== null) {
      await stop()
      throw new Error(`redis-server did not start on port ${port}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return { url: `redis://127.0.0.1:${port}`, stop }
}

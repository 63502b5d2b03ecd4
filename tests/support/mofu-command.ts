import { execFile } from 'node:child_process'
import path from 'node:path'

/** The built admin command (`npm run build` first), as `npx mofu` runs it. */
export const MOFU = path.resolve(import.meta.dirname, '../../dist/server/mofu.js')

export interface MofuResult {
  code: number
  stdout: string
  stderr: string
}

/**
 * Runs `mofu ...args` with exactly the environment given (a server's own, usually); `command` is
 * another build's (an earlier release's) instead of this checkout's.
 */
export function runMofu(
  env: Record<string, string>,
  args: readonly string[],
  command = MOFU,
): Promise<MofuResult> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [command, ...args],
      { env, timeout: 60_000 },
      (error, stdout, stderr) => {
        if (error !== null && typeof error.code !== 'number') reject(error)
        else resolve({ code: typeof error?.code === 'number' ? error.code : 0, stdout, stderr })
      },
    )
  })
}

/** The security events a run logged (JSON lines on stderr). */
export function securityEvents(result: MofuResult): Record<string, unknown>[] {
  return result.stderr
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((entry) => entry.msg === 'security event')
}

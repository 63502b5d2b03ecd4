import type { Logger } from '../logger'

/** How long /readyz waits for each part before calling it down. */
export const READY_TIMEOUT_MS = 2_000

/** One part /readyz asks, and the word its line reads when the part fails. */
export interface ReadinessCheck {
  name: 'database' | 'storage' | 'redis'
  failure: 'unreachable' | 'unavailable'
  check(timeoutMs: number): Promise<void>
}

export interface Readiness {
  ready: boolean
  /** `status`, then `reason` when not ready, then one line per part. */
  body: Record<string, string>
}

function withinTimeout(check: ReadinessCheck): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${READY_TIMEOUT_MS} ms`)),
      READY_TIMEOUT_MS,
    )
  })
  return Promise.race([check.check(READY_TIMEOUT_MS), late]).finally(() => clearTimeout(timer))
}

/**
 * Asks every part at once, each bounded by READY_TIMEOUT_MS, and answers one line per part
 * (`"storage": "ok"`) plus, when any failed, a `reason` naming each failure. A failure is
 * logged with its error, which the body never carries.
 */
export function readinessOf(checks: readonly ReadinessCheck[], logger: Logger) {
  return async (reqId: string): Promise<Readiness> => {
    const results = await Promise.allSettled(checks.map(withinTimeout))
    const lines: Record<string, string> = {}
    const failures: string[] = []
    results.forEach((result, index) => {
      const { name, failure } = checks[index] as ReadinessCheck
      if (result.status === 'fulfilled') {
        lines[name] = 'ok'
        return
      }
      lines[name] = failure
      failures.push(`${name} ${failure}`)
      logger.warn({ reqId, err: result.reason as unknown }, `${name} ${failure}`)
    })
    return failures.length === 0
      ? { ready: true, body: { status: 'ready', ...lines } }
      : { ready: false, body: { status: 'unavailable', reason: failures.join(', '), ...lines } }
  }
}

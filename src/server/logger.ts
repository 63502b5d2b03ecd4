import { pino, type Logger } from 'pino'

export type { Logger }

/**
 * pino's ISO time, formatted once per millisecond: under load many lines share one, and
 * formatting a date is a good part of a line's cost.
 */
function isoTimeOncePerMs(): () => string {
  let at = 0
  let formatted = ''
  return () => {
    const now = Date.now()
    if (now !== at) {
      at = now
      formatted = `,"time":"${new Date(now).toISOString()}"`
    }
    return formatted
  }
}

/**
 * JSON lines on stdout. Written asynchronously: lines that arrive while a write is under way
 * go out together, instead of one blocking write per request; pino flushes what is left when
 * the process exits.
 */
export function createLogger(level: string): Logger {
  return pino(
    { level, base: { service: 'mofu' }, timestamp: isoTimeOncePerMs() },
    pino.destination({ sync: false }),
  )
}

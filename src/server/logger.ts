import { pino, type Logger } from 'pino'

export type { Logger }

/**
 * JSON lines on stdout. Written asynchronously: lines that arrive while a write is under way
 * go out together, instead of one blocking write per request; pino flushes what is left when
 * the process exits.
 */
export function createLogger(level: string): Logger {
  return pino(
    { level, base: { service: 'mofu' }, timestamp: pino.stdTimeFunctions.isoTime },
    pino.destination({ sync: false }),
  )
}

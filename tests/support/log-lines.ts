import { Writable } from 'node:stream'
import { pino, type Logger } from 'pino'

/** A logger at info level, and the lines it has written so far, one JSON object each. */
export function loggedLines(): { logger: Logger; lines: string[] } {
  const lines: string[] = []
  const logger = pino(
    { level: 'info' },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean))
        done()
      },
    }),
  )
  return { logger, lines }
}

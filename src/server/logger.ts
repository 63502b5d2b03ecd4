import { styleText } from 'node:util'
import { pino, type Logger } from 'pino'

export type { Logger }

/** JSON lines for machines (the default), or readable lines for a person at a terminal. */
export type LogFormat = 'json' | 'pretty'

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

const LEVELS: Record<number, { name: string; colour: Parameters<typeof styleText>[0] }> = {
  10: { name: 'TRACE', colour: 'gray' },
  20: { name: 'DEBUG', colour: 'gray' },
  30: { name: 'INFO', colour: 'green' },
  40: { name: 'WARN', colour: 'yellow' },
  50: { name: 'ERROR', colour: 'red' },
  60: { name: 'FATAL', colour: 'red' },
}

/** Fields every line has, or that only machines need. */
const UNSHOWN = new Set(['time', 'level', 'msg', 'service'])

function shown(value: unknown): string {
  if (typeof value === 'string') return /[\s"=]/.test(value) ? JSON.stringify(value) : value
  return JSON.stringify(value)
}

/**
 * One pino line as a person reads it: local time, level, message, then the other fields as
 * key=value, and an error's stack below it.
 */
export function prettyLine(json: string, colour: boolean): string {
  const entry = JSON.parse(json) as Record<string, unknown>
  const time = new Date(typeof entry.time === 'string' ? entry.time : Date.now())
  const clock = time.toTimeString().slice(0, 8)
  const level = LEVELS[entry.level as number] ?? { name: String(entry.level), colour: 'white' }
  const label = level.name.padEnd(5)
  const fields: string[] = []
  let stack = ''
  for (const [key, value] of Object.entries(entry)) {
    if (UNSHOWN.has(key)) continue
    if (key === 'err' && typeof value === 'object' && value !== null) {
      const error = value as { message?: unknown; stack?: unknown }
      fields.push(`err=${shown(error.message)}`)
      if (typeof error.stack === 'string') stack = `\n${error.stack.replace(/^/gm, '    ')}`
    } else {
      fields.push(`${key}=${shown(value)}`)
    }
  }
  const head = colour
    ? `${styleText('dim', clock)} ${styleText(level.colour, label)}`
    : `${clock} ${label}`
  const message = typeof entry.msg === 'string' ? entry.msg : ''
  const rest =
    fields.length === 0 ? '' : `  ${colour ? styleText('dim', fields.join(' ')) : fields.join(' ')}`
  return `${head} ${message}${rest}${stack}\n`
}

/**
 * JSON lines on stdout, or readable lines. JSON is written asynchronously: lines that arrive
 * while a write is under way go out together, instead of one blocking write per request; pino
 * flushes what is left when the process exits. Readable lines are for a terminal, where a
 * person reads them as they come.
 */
export function createLogger(level: string, format: LogFormat): Logger {
  const options = { level, base: { service: 'mofu' }, timestamp: isoTimeOncePerMs() }
  if (format === 'json') return pino(options, pino.destination({ sync: false }))
  const colour = process.stdout.isTTY
  return pino(options, {
    write: (line: string) => process.stdout.write(prettyLine(line, colour)),
  })
}

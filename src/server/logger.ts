import { styleText } from 'node:util'
import { pino, type Logger } from 'pino'
import { CONTROL_CHARACTER_RUNS, hasControlCharacter } from '../shared/control-characters'

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

const ESCAPES: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' }

/**
 * Text as it goes into a readable line: controls, separators and direction marks written as
 * escapes, so a value a client sent (a callbackURL with a newline and a terminal escape) can
 * neither start a line of its own nor rewrite one on the screen.
 */
const escaped = (text: string) =>
  text.replace(CONTROL_CHARACTER_RUNS, (run) =>
    [...run]
      .map(
        (character) =>
          ESCAPES[character] ?? `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
      )
      .join(''),
  )

function shown(value: unknown): string {
  if (typeof value === 'string' && !/[\s"=]/.test(value) && !hasControlCharacter(value)) {
    return value
  }
  // JSON escapes C0 controls only; `undefined` has no JSON.
  const json: string | undefined = JSON.stringify(value)
  return escaped(json ?? 'undefined')
}

/** An error's stack below its line, each line indented: its message escaped as in the line. */
function stackOf(error: { message?: unknown; stack: string }): string {
  const message = typeof error.message === 'string' ? error.message : ''
  const stack = message === '' ? error.stack : error.stack.replace(message, () => escaped(message))
  return stack
    .split('\n')
    .map((line) => `\n    ${escaped(line)}`)
    .join('')
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
      if (typeof error.stack === 'string') stack = stackOf({ ...error, stack: error.stack })
    } else {
      fields.push(`${escaped(key)}=${shown(value)}`)
    }
  }
  const head = colour
    ? `${styleText('dim', clock)} ${styleText(level.colour, label)}`
    : `${clock} ${label}`
  const message = typeof entry.msg === 'string' ? escaped(entry.msg) : ''
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

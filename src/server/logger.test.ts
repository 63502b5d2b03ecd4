import { describe, expect, it } from 'vitest'
import { prettyLine } from './logger'

/** A pino line as the logger hands it over: JSON, whose escapes the parse undoes. */
const jsonLine = (fields: Record<string, unknown>) =>
  JSON.stringify({ level: 40, time: '2026-01-02T03:04:05.000Z', service: 'mofu', ...fields })

/** What a client sent to forge a line of its own, and to wipe the real one on a terminal. */
const FORGED = 'x\n12:00:00 WARN  security event  event=account.deleted userId=victim'
const WIPE = '\u001b[2K\r'

describe('prettyLine', () => {
  it('keeps text a client sent on its own line, in the message, the fields and the keys', () => {
    for (const fields of [
      { msg: `auth: Invalid callbackURL: ${WIPE}${FORGED}` },
      { msg: 'request', path: `/api/${FORGED}` },
      { msg: 'request', args: [`Invalid callbackURL: ${WIPE}${FORGED}`] },
      { msg: 'request', [`key${FORGED}`]: 1 },
      {
        msg: 'request',
        err: { message: FORGED, stack: `Error: ${FORGED}\n    at handler (app.js:1:1)` },
      },
    ]) {
      const line = prettyLine(jsonLine(fields), false)
      // One line of its own; only an error's stack goes below it, indented.
      const [head, ...below] = line.split('\n')
      expect(below.at(-1)).toBe('')
      for (const more of below.slice(0, -1)) expect(more).toMatch(/^ {4}(Error: | {4}at )/)
      const shown = `${head}${below.join('')}`
      expect(shown.includes('\r') || shown.includes('\u001b'), JSON.stringify(fields)).toBe(false)
      expect(head).toContain('x\\n12:00:00 WARN')
    }
  })

  it('escapes the controls JSON leaves as they are: DEL, C1, line separators, direction marks', () => {
    const line = prettyLine(
      jsonLine({ msg: 'a\u009b2Jb\u2028c\u202ed\u007f', path: '/x\u2029\u2066y' }),
      false,
    )
    expect(line).not.toMatch(/[\u007f-\u009f\u2028\u2029\u202e\u2066]/)
    expect(line).toContain('a\\u009b2Jb\\u2028c\\u202ed\\u007f')
    expect(line).toContain('path="/x\\u2029\\u2066y"')
  })

  it('shows an error stack below the line, each frame indented', () => {
    const line = prettyLine(
      jsonLine({
        msg: 'failed',
        err: { message: 'boom', stack: 'Error: boom\n    at handler (app.js:1:1)' },
      }),
      false,
    )
    expect(line.split('\n').slice(1)).toEqual([
      '    Error: boom',
      '        at handler (app.js:1:1)',
      '',
    ])
  })

  it('shows plain text as it is', () => {
    expect(prettyLine(jsonLine({ msg: 'request', method: 'GET', path: '/healthz' }), false)).toBe(
      `${new Date('2026-01-02T03:04:05.000Z').toTimeString().slice(0, 8)} WARN  request  method=GET path=/healthz\n`,
    )
  })
})

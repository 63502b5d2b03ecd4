import fs from 'node:fs/promises'
import path from 'node:path'
import { z } from 'zod'
import { outboxDir } from '../config'
import { CommandError, parseInput, table, type Command, type CommandContext } from './command'

/**
 * The outbox (DATA_DIR/outbox, where mail goes while SMTP_URL is unset): one .eml file per mail,
 * as nodemailer renders it. Read here just far enough to show it: headers, and the text part.
 */

interface OutboxMail {
  file: string
  date: string
  to: string
  subject: string
}

/** A file name inside the outbox: no folder, so nothing outside it can be named. */
const MailNameSchema = z
  .string()
  .regex(/^[A-Za-z0-9][\w.-]*$/, { message: 'expected a file name from `mofu outbox list`' })
  .transform((name) => (name.endsWith('.eml') ? name : `${name}.eml`))

/** RFC 2047 encoded words (`=?utf-8?B?…?=`), as nodemailer writes non-ASCII headers. */
function decodeWords(value: string): string {
  return value.replace(
    /=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi,
    (_, _charset, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replaceAll('_', ' ')),
  )
}

function decodeQuotedPrintable(text: string): string {
  // Encoded bytes come in runs that hold whole UTF-8 characters.
  return text
    .replace(/=\r?\n/g, '')
    .replace(/(?:=[0-9A-F]{2})+/gi, (run) =>
      Buffer.from(run.replaceAll('=', ''), 'hex').toString('utf8'),
    )
}

function splitMessage(source: string): { headers: Map<string, string>; body: string } {
  const end = source.search(/\r?\n\r?\n/)
  const head = end === -1 ? source : source.slice(0, end)
  const headers = new Map<string, string>()
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim())
  }
  return { headers, body: end === -1 ? '' : source.slice(end).replace(/^\r?\n\r?\n/, '') }
}

/** The text/plain part, decoded; the whole body when the mail has no parts. */
function textPart(source: string): string {
  const { headers, body } = splitMessage(source)
  const boundary = /boundary="?([^";]+)"?/i.exec(headers.get('content-type') ?? '')?.[1]
  const parts = boundary === undefined ? [source] : body.split(`--${boundary}`)
  for (const part of parts) {
    const { headers: partHeaders, body: partBody } = splitMessage(part.replace(/^\r?\n/, ''))
    // A mail without parts is text; within parts, the preamble and closing have no type.
    const type = partHeaders.get('content-type') ?? (boundary === undefined ? 'text/plain' : '')
    if (!/^text\/plain/i.test(type)) continue
    const encoding = (partHeaders.get('content-transfer-encoding') ?? '').toLowerCase()
    if (encoding === 'quoted-printable') return decodeQuotedPrintable(partBody).trimEnd()
    if (encoding === 'base64') return Buffer.from(partBody, 'base64').toString('utf8').trimEnd()
    return partBody.trimEnd()
  }
  return ''
}

function summary(file: string, source: string): OutboxMail {
  const { headers } = splitMessage(source)
  const date = headers.get('date')
  return {
    file,
    date: date === undefined ? '' : new Date(date).toISOString(),
    to: decodeWords(headers.get('to') ?? ''),
    subject: decodeWords(headers.get('subject') ?? ''),
  }
}

async function readOutbox(context: CommandContext): Promise<OutboxMail[]> {
  let names: string[]
  try {
    names = await fs.readdir(outboxDir(context.config))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  }
  const mails = await Promise.all(
    names
      .filter((name) => name.endsWith('.eml'))
      .map(async (name) =>
        summary(name, await fs.readFile(path.join(outboxDir(context.config), name), 'utf8')),
      ),
  )
  return mails.sort((a, b) => b.date.localeCompare(a.date) || b.file.localeCompare(a.file))
}

const smtpNote = (context: CommandContext) =>
  context.config.smtpUrl === undefined
    ? ''
    : '\nSMTP_URL is set: new mail goes to the relay, not here.'

export const outboxCommands: Command[] = [
  {
    name: ['outbox', 'list'],
    args: '',
    summary: 'The mails in DATA_DIR/outbox, newest first.',
    positionals: 0,
    async run(context) {
      const mails = await readOutbox(context)
      const rows = mails.map((mail) => [mail.file, mail.date, mail.to, mail.subject])
      context.print(
        `${table(['FILE', 'DATE', 'TO', 'SUBJECT'], rows)}\n${mails.length} mail(s)${smtpNote(context)}`,
        mails,
      )
    },
  },
  {
    name: ['outbox', 'show'],
    args: '<file>',
    summary: 'One mail of the outbox: its headers and text, links included.',
    details: [
      'The links are live (verification, password reset): pass them on to their owner only.',
    ],
    positionals: 1,
    async run(context, [input]) {
      const file = parseInput(MailNameSchema, input)
      let source: string
      try {
        source = await fs.readFile(path.join(outboxDir(context.config), file), 'utf8')
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
        throw new CommandError(`No mail ${file} in ${outboxDir(context.config)}.`)
      }
      const mail = { ...summary(file, source), text: textPart(source) }
      context.print(
        `File:    ${mail.file}\nDate:    ${mail.date}\nTo:      ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}`,
        mail,
      )
    },
  },
]

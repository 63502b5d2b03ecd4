import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { createTransport } from 'nodemailer'
import type { Language } from '../../shared/language'
import type { Logger } from '../logger'

export interface Mail {
  to: string
  /** The language it is written in, sent as its Content-Language. */
  language: Language
  subject: string
  text: string
  html: string
}

/** What nodemailer sends: the mail, its sender and its language as a header. */
const message = ({ language, ...mail }: Mail, from: string) => ({
  ...mail,
  from,
  headers: { 'Content-Language': language },
})

export interface Mailer {
  send(mail: Mail): Promise<void>
}

/** A mail could not be sent. The message names no recipient and is safe to log and to show. */
export class MailError extends Error {
  override name = 'MailError'
}

export interface MailerOptions {
  /** `smtp://…` or `smtps://…`; unset, mail goes to the outbox folder instead. */
  smtpUrl: string | undefined
  from: string
  outboxDir: string
  /**
   * Whether the outbox log line may carry the mail's link: only for local development (a
   * loopback PUBLIC_URL). Elsewhere a link in the log would let any log reader use it.
   */
  logLinks: boolean
  logger: Logger
}

/**
 * Without these an unreachable relay holds a sign-up request for minutes (nodemailer's
 * defaults are 2 min to connect, 30 s for the greeting and 10 min of socket inactivity).
 */
const SMTP_TIMEOUT_MS = 10_000

export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl === undefined
    ? outboxMailer(options.outboxDir, options.from, options.logLinks, options.logger)
    : smtpMailer(options.smtpUrl, options.from, options.logger)
}

function smtpMailer(url: string, from: string, logger: Logger): Mailer {
  const transport = createTransport({
    url,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
    dnsTimeout: SMTP_TIMEOUT_MS,
  })
  return {
    async send(mail) {
      const domain = recipientDomain(mail.to)
      try {
        await transport.sendMail(message(mail, from))
      } catch (error) {
        const reason = smtpFailureReason(error)
        logger.warn({ domain, subject: mail.subject, reason }, 'mail not sent')
        throw new MailError(`Could not send mail: ${reason}`)
      }
      logger.info({ domain, subject: mail.subject }, 'mail sent')
    },
  }
}

function outboxMailer(dir: string, from: string, logLinks: boolean, logger: Logger): Mailer {
  const transport = createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    async send(mail) {
      // Colons would make the name invalid on Windows and read as host:path to scp.
      const stamp = new Date().toISOString().replaceAll(':', '-')
      const name = `${stamp}-${randomBytes(4).toString('hex')}`
      const file = path.join(dir, `${name}.eml`)
      // A dot-name without the .eml ending, so nothing watching the folder sees a partial mail.
      const temp = path.join(dir, `.${name}.tmp`)
      try {
        const rendered = (await transport.sendMail(message(mail, from))).message
        if (!Buffer.isBuffer(rendered)) throw new Error('the message was not rendered to a buffer')
        await fs.mkdir(dir, { recursive: true, mode: 0o700 })
        // Owner-only: a mail holds a live verification or reset link.
        await fs.writeFile(temp, rendered, { flag: 'wx', mode: 0o600 })
        await fs.rename(temp, file)
      } catch (error) {
        await fs.rm(temp, { force: true }).catch(() => undefined)
        const reason = outboxFailureReason(error)
        logger.warn({ dir, reason }, 'mail not written to outbox')
        throw new MailError(`Could not write mail to the outbox: ${reason}`)
      }
      if (logLinks) {
        logger.info(
          { to: mail.to, subject: mail.subject, file, link: firstLink(mail.text) },
          'mail written to outbox',
        )
      } else {
        logger.info(
          { domain: recipientDomain(mail.to), subject: mail.subject, file },
          'mail written to outbox',
        )
      }
    },
  }
}

/** The domain of `a@b.c` or `Name <a@b.c>`, lower-cased. */
function recipientDomain(address: string): string {
  return /@([^\s@<>]+)>?\s*$/.exec(address)?.[1]?.toLowerCase() ?? '(none)'
}

/** The first http(s) URL of a text, without punctuation that ends the sentence around it. */
function firstLink(text: string): string | undefined {
  return /https?:\/\/\S+/.exec(text)?.[0].replace(/[.,;:!?)\]>'"]+$/, '')
}

interface SmtpFailure {
  code?: unknown
  responseCode?: unknown
  response?: unknown
  message?: unknown
}

/** A short reason without the recipient: relays often echo the address in their answer. */
function smtpFailureReason(error: unknown): string {
  const failure: SmtpFailure = typeof error === 'object' && error !== null ? error : {}
  const message = typeof failure.message === 'string' ? failure.message : ''
  if (typeof failure.responseCode === 'number') {
    const answer = typeof failure.response === 'string' ? failure.response : ''
    const cleaned = answer
      .replace(/<?[^\s<>@]+@[^\s<>]+>?/g, '<address>')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 160)
    return `server answered ${cleaned || String(failure.responseCode)}`
  }
  switch (failure.code) {
    case 'ETIMEDOUT':
      return 'server did not answer in time'
    case 'EDNS':
      return 'server host name not found'
    case 'EAUTH':
    case 'ENOAUTH':
      return 'server refused the credentials'
    case 'ETLS':
      return 'TLS handshake failed'
    case 'ECONNECTION':
      return 'server closed the connection'
    case 'ESOCKET': {
      const cause = /\bE[A-Z]+\b/.exec(message)?.[0]
      if (cause === 'ECONNREFUSED') return 'connection refused'
      return cause === undefined ? 'connection failed' : `connection failed (${cause})`
    }
    default:
      return typeof failure.code === 'string'
        ? `unexpected error (${failure.code})`
        : 'unexpected error'
  }
}

/** File-system errors by code (their messages carry paths); anything else by message. */
function outboxFailureReason(error: unknown): string {
  if (error instanceof Error) {
    return 'code' in error && typeof error.code === 'string' ? error.code : error.message
  }
  return 'unexpected error'
}

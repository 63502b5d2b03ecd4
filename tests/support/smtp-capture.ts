import type { AddressInfo } from 'node:net'
import { simpleParser } from 'mailparser'
import { SMTPServer, type SMTPServerError } from 'smtp-server'

export interface CapturedMail {
  /** Address of the first From header mailbox (the header, not the envelope sender). */
  from: string | undefined
  /** Envelope recipients, lower-cased, so Bcc recipients are included. */
  to: string[]
  subject: string | undefined
  text: string | undefined
  html: string | undefined
  raw: string
}

export interface WaitForMailOptions {
  timeoutMs?: number
  subject?: RegExp
}

export interface SmtpCapture {
  url: string
  host: string
  port: number
  messages: CapturedMail[]
  waitForMail(to: string, options?: WaitForMailOptions): Promise<CapturedMail>
  /** While on, RCPT TO and DATA are answered with transient failures (451). */
  setRefuse(refuse: boolean): void
  /** Makes every later mail take this long to be accepted, like a slow relay. */
  setDelay(ms: number): void
  clear(): void
  close(): Promise<void>
}

interface Waiter {
  matches(mail: CapturedMail): boolean
  resolve(mail: CapturedMail): void
  reject(error: Error): void
}

const DEFAULT_WAIT_MS = 10_000

function transientFailure(message: string): SMTPServerError {
  const error: SMTPServerError = new Error(message)
  error.responseCode = 451
  return error
}

/** `port` puts it where a server was already told to send (by default any free port). */
export async function startSmtpCapture(options: { port?: number } = {}): Promise<SmtpCapture> {
  const messages: CapturedMail[] = []
  const waiters = new Set<Waiter>()
  let refuse = false
  let delayMs = 0

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // Without this, close() waits up to 30 s for a client that keeps its connection open.
    closeTimeout: 500,
    onRcptTo(_address, _session, callback) {
      callback(refuse ? transientFailure('Mailbox unavailable (refusing on purpose)') : null)
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('error', callback)
      stream.on('end', () => {
        if (refuse) {
          callback(transientFailure('Message refused on purpose'))
          return
        }
        const raw = Buffer.concat(chunks)
        const delay = new Promise((resolve) => setTimeout(resolve, delayMs))
        Promise.all([simpleParser(raw), delay])
          .then(([parsed]) => parsed)
          .then(
            (parsed) => {
              const mail: CapturedMail = {
                from: parsed.from?.value[0]?.address,
                to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
                subject: parsed.subject,
                text: parsed.text,
                html: parsed.html === false ? undefined : parsed.html,
                raw: raw.toString('utf8'),
              }
              messages.push(mail)
              for (const waiter of waiters) {
                if (waiter.matches(mail)) waiter.resolve(mail)
              }
              callback(null)
            },
            (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
          )
      })
    },
  })
  // Client disconnects mid-session surface here; without a listener they would crash the worker.
  server.on('error', () => undefined)

  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.server.off('error', reject)
      resolve()
    })
  })
  const { port } = server.server.address() as AddressInfo

  function waitForMail(to: string, options: WaitForMailOptions = {}): Promise<CapturedMail> {
    const recipient = to.toLowerCase()
    const { subject, timeoutMs = DEFAULT_WAIT_MS } = options
    const matches = (mail: CapturedMail): boolean =>
      mail.to.includes(recipient) && (subject === undefined || subject.test(mail.subject ?? ''))

    const already = messages.find(matches)
    if (already) return Promise.resolve(already)

    return new Promise<CapturedMail>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.delete(waiter)
        const seen = messages.map((m) => `${m.to.join(',')}: ${m.subject ?? '(no subject)'}`)
        reject(
          new Error(
            `No mail to ${recipient}${subject ? ` with subject matching ${String(subject)}` : ''} ` +
              `within ${timeoutMs} ms. Received ${messages.length}: ${JSON.stringify(seen)}`,
          ),
        )
      }, timeoutMs)
      const waiter: Waiter = {
        matches,
        resolve(mail) {
          clearTimeout(timer)
          waiters.delete(waiter)
          resolve(mail)
        },
        reject(error) {
          clearTimeout(timer)
          waiters.delete(waiter)
          reject(error)
        },
      }
      waiters.add(waiter)
    })
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    host: '127.0.0.1',
    port,
    messages,
    waitForMail,
    setRefuse(value) {
      refuse = value
    },
    setDelay(ms) {
      delayMs = ms
    },
    clear() {
      messages.length = 0
    },
    close() {
      for (const waiter of waiters) waiter.reject(new Error('SMTP capture closed'))
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

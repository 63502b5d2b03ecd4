import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { simpleParser, type AddressObject } from 'mailparser'
import { pino } from 'pino'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createMailer, MailError, type Mail } from '../../src/server/mail/mailer'
import { passwordResetMail, verificationMail } from '../../src/server/mail/templates'
import { freePort } from '../support/free-port'
import { startSmtpCapture, type SmtpCapture } from '../support/smtp-capture'

const FROM = 'Mofu <no-reply@mofu.test>'
const TO = 'yuki@example.test'
const URL_PLAIN = 'http://mofu.test/api/auth/verify-email?token=abc123&callbackURL=%2F'
const URL_TRICKY = 'https://mofu.test/reset?token=a&b="c"<d>&next=/x\'y'

interface LogEntry {
  level: number
  msg: string
  [key: string]: unknown
}

let tempDirs: string[] = []
afterEach(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true })
  tempDirs = []
})

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mofu-mail-'))
  tempDirs.push(dir)
  return dir
}

function readableLogger() {
  const entries: LogEntry[] = []
  const logger = pino(
    { level: 'info' },
    { write: (line: string) => entries.push(JSON.parse(line) as LogEntry) },
  )
  return { logger, entries }
}

function decodeAttribute(value: string): string {
  return value
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&')
}

function links(html: string): { href: string; text: string }[] {
  return [...html.matchAll(/<a href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map((match) => ({
    href: decodeAttribute(match[1] ?? ''),
    text: decodeAttribute(match[2] ?? ''),
  }))
}

function firstAddress(field: AddressObject | AddressObject[] | undefined): string | undefined {
  return (Array.isArray(field) ? field[0] : field)?.value[0]?.address
}

describe('mailer over SMTP', () => {
  let smtp: SmtpCapture
  let outboxDir: string

  beforeEach(async () => {
    smtp = await startSmtpCapture()
    outboxDir = path.join(tempDir(), 'outbox')
  })

  afterEach(async () => {
    await smtp.close()
  })

  it('delivers a verification mail with From, To, subject, text and HTML parts', async () => {
    const { logger, entries } = readableLogger()
    const mailer = createMailer({
      smtpUrl: smtp.url,
      from: FROM,
      outboxDir,
      logLinks: false,
      logger,
    })
    const arriving = smtp.waitForMail(TO)
    await mailer.send(verificationMail({ to: TO, url: URL_TRICKY, language: 'en', validHours: 24 }))

    const mail = await arriving
    expect(mail.from).toBe('no-reply@mofu.test')
    expect(mail.to).toEqual([TO])
    expect(mail.subject).toBe('Verify your e-mail for Mofu')
    expect(mail.text).toContain(URL_TRICKY)
    expect(mail.text).toContain('24 hours')
    expect(mail.html).toContain('24 hours')

    const html = mail.html ?? ''
    expect(html).not.toContain('token=a&b')
    expect(html).not.toContain('"c"')
    expect(links(html)).toEqual([
      { href: URL_TRICKY, text: 'Verify my e-mail' },
      { href: URL_TRICKY, text: URL_TRICKY },
    ])

    expect(fs.existsSync(outboxDir)).toBe(false)
    expect(entries).toContainEqual(
      expect.objectContaining({ msg: 'mail sent', domain: 'example.test' }),
    )
    expect(JSON.stringify(entries)).not.toContain(TO)
  })

  it('rejects with MailError while the relay refuses, and sends again afterwards', async () => {
    const { logger, entries } = readableLogger()
    const mailer = createMailer({
      smtpUrl: smtp.url,
      from: FROM,
      outboxDir,
      logLinks: false,
      logger,
    })
    const mail = verificationMail({ to: TO, url: URL_PLAIN, language: 'en', validHours: 24 })
    smtp.setRefuse(true)

    const failure = await mailer.send(mail).then(
      () => undefined,
      (error: unknown) => error,
    )
    expect(failure).toBeInstanceOf(MailError)
    expect((failure as MailError).message).toMatch(/^Could not send mail: server answered 451 /)
    expect((failure as MailError).message).not.toContain(TO)
    expect(smtp.messages).toHaveLength(0)
    expect(fs.existsSync(outboxDir)).toBe(false)
    const warning = entries.find((entry) => entry.msg === 'mail not sent')
    expect(warning).toMatchObject({ level: 40, domain: 'example.test' })
    expect(JSON.stringify(entries)).not.toContain(TO)

    smtp.setRefuse(false)
    await mailer.send(mail)
    expect(smtp.messages).toHaveLength(1)
  })

  it('rejects with MailError quickly when nothing listens on the port', async () => {
    const { logger } = readableLogger()
    const port = await freePort()
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: FROM,
      outboxDir,
      logLinks: false,
      logger,
    })
    const started = Date.now()
    const sending = mailer.send(
      verificationMail({ to: TO, url: URL_PLAIN, language: 'en', validHours: 24 }),
    )
    await expect(sending).rejects.toThrow(MailError)
    await expect(sending).rejects.toThrow('Could not send mail: connection refused')
    expect(Date.now() - started).toBeLessThan(15_000)
  })

  it('gives up within 15 s on a relay that accepts the connection but never answers', async () => {
    const sockets = new Set<net.Socket>()
    const silent = net.createServer((socket) => {
      sockets.add(socket)
      socket.on('error', () => undefined)
    })
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const { port } = silent.address() as net.AddressInfo
    try {
      const { logger } = readableLogger()
      const mailer = createMailer({
        smtpUrl: `smtp://127.0.0.1:${port}`,
        from: FROM,
        outboxDir,
        logLinks: false,
        logger,
      })
      const started = Date.now()
      await expect(
        mailer.send(verificationMail({ to: TO, url: URL_PLAIN, language: 'en', validHours: 24 })),
      ).rejects.toThrow(new MailError('Could not send mail: server did not answer in time'))
      expect(Date.now() - started).toBeLessThan(15_000)
    } finally {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => silent.close(() => resolve()))
    }
  }, 20_000)
})

describe('mailer without SMTP (outbox)', () => {
  it('writes one complete owner-only .eml per mail into a folder it creates, and logs the link', async () => {
    const { logger, entries } = readableLogger()
    const outboxDir = path.join(tempDir(), 'data', 'outbox')
    const mailer = createMailer({
      smtpUrl: undefined,
      from: FROM,
      outboxDir,
      logLinks: true,
      logger,
    })
    const mail: Mail = verificationMail({ to: TO, url: URL_PLAIN, language: 'en', validHours: 24 })

    await mailer.send(mail)

    const files = fs.readdirSync(outboxDir)
    expect(files).toHaveLength(1)
    const [name = ''] = files
    expect(name).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z-[0-9a-f]{8}\.eml$/)
    const file = path.join(outboxDir, name)
    expect(fs.statSync(file).mode & 0o777).toBe(0o600)
    expect(fs.statSync(outboxDir).mode & 0o777).toBe(0o700)

    const parsed = await simpleParser(fs.readFileSync(file))
    expect(parsed.subject).toBe(mail.subject)
    expect(firstAddress(parsed.from)).toBe('no-reply@mofu.test')
    expect(firstAddress(parsed.to)).toBe(TO)
    expect(parsed.text).toBe(mail.text)
    expect(parsed.html).toBe(mail.html)

    const logged = entries.find((entry) => entry.msg === 'mail written to outbox')
    expect(logged).toMatchObject({
      level: 30,
      to: TO,
      subject: mail.subject,
      file,
      link: URL_PLAIN,
    })

    await mailer.send(passwordResetMail({ to: TO, url: URL_PLAIN, language: 'en', validHours: 1 }))
    expect(fs.readdirSync(outboxDir).filter((entry) => entry.endsWith('.eml'))).toHaveLength(2)
    expect(fs.readdirSync(outboxDir)).toHaveLength(2)
  })

  it('logs where the mail went but not its link or full address when PUBLIC_URL is not loopback', async () => {
    const { logger, entries } = readableLogger()
    const outboxDir = path.join(tempDir(), 'outbox')
    const mailer = createMailer({
      smtpUrl: undefined,
      from: FROM,
      outboxDir,
      logLinks: false,
      logger,
    })
    await mailer.send(verificationMail({ to: TO, url: URL_PLAIN, language: 'en', validHours: 24 }))

    const [name = ''] = fs.readdirSync(outboxDir)
    const logged = entries.find((entry) => entry.msg === 'mail written to outbox')
    expect(logged).toMatchObject({ domain: 'example.test', file: path.join(outboxDir, name) })
    const line = JSON.stringify(logged)
    expect(line).not.toContain('token=abc123')
    expect(line).not.toContain(TO)
  })

  it('rejects with MailError when the outbox cannot be written, leaving no temp file', async () => {
    const { logger } = readableLogger()
    const blocker = path.join(tempDir(), 'not-a-folder')
    fs.writeFileSync(blocker, '')
    const mailer = createMailer({
      smtpUrl: undefined,
      from: FROM,
      outboxDir: path.join(blocker, 'outbox'),
      logLinks: false,
      logger,
    })
    await expect(
      mailer.send(verificationMail({ to: TO, url: URL_PLAIN, language: 'en', validHours: 24 })),
    ).rejects.toThrow(new MailError('Could not write mail to the outbox: ENOTDIR'))
    expect(fs.readdirSync(path.dirname(blocker))).toEqual(['not-a-folder'])
  })
})

describe('mail templates', () => {
  const input = { to: TO, url: URL_PLAIN, language: 'en' as const, validHours: 1 }

  it.each([
    [
      'verification',
      verificationMail,
      'If you did not sign up for Mofu, ignore this mail: without a click the account cannot be used and is deleted after 7 days.',
    ],
    [
      'password reset',
      passwordResetMail,
      'If you did not ask for this, you can ignore this mail; nothing changes.',
    ],
  ])(
    '%s mail names Mofu, the validity and what to do if unexpected, in both parts',
    (_, make, unexpected) => {
      const mail = make(input)
      expect(mail.to).toBe(TO)
      expect(mail.subject).toContain('Mofu')
      for (const part of [mail.text, mail.html]) {
        expect(part).toContain('Mofu')
        expect(part).toContain('valid for 1 hour')
        expect(part).toContain(unexpected)
      }
      expect(mail.html).not.toMatch(/<img|<link|@import|url\(|src=/i)
    },
  )

  it('puts the reset link unchanged into the text part and escaped into the HTML', () => {
    const mail = passwordResetMail({ ...input, url: URL_TRICKY })
    expect(mail.subject).toBe('Reset your Mofu password')
    expect(mail.text).toContain(`\n${URL_TRICKY}\n`)
    expect(links(mail.html).map((link) => link.href)).toEqual([URL_TRICKY, URL_TRICKY])
  })
})

import fs from 'node:fs/promises'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { simpleParser } from 'mailparser'
import { overHttp } from '../tests/support/api'
import type { WaitForMailOptions } from '../tests/support/smtp-capture'
import {
  createTestUser,
  putAvatar,
  type MailSource,
  type TestUser,
} from '../tests/support/test-users'

const MAIL_TIMEOUT_MS = 10_000

/** A POST to Better Auth as the app's own page sends it, from client address `ip`. */
export function authPost(appUrl: string, route: string, ip: string, body: unknown) {
  return fetch(`${appUrl}/api/auth${route}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: appUrl, 'X-Forwarded-For': ip },
    body: JSON.stringify(body),
  })
}

async function expectStatus(step: string, response: Response, status: number) {
  if (response.status !== status) {
    throw new Error(`${step} answered ${response.status}: ${await response.text()}`)
  }
}

interface OutboxMail {
  recipients: string[]
  subject: string
  text: string | undefined
}

/**
 * Each .eml parsed once: the server renames a mail into place whole, so a file never changes,
 * and the bench's hundreds of heart users would otherwise parse every earlier mail again.
 */
const parsedMail = new Map<string, OutboxMail>()

async function readMail(file: string): Promise<OutboxMail> {
  const known = parsedMail.get(file)
  if (known !== undefined) return known
  const mail = await simpleParser(await fs.readFile(file))
  const addresses = Array.isArray(mail.to) ? mail.to : [mail.to]
  const parsed = {
    recipients: addresses.map((address) => address?.text ?? ''),
    subject: mail.subject ?? '',
    text: mail.text,
  }
  parsedMail.set(file, parsed)
  return parsed
}

/** The mail the server wrote into its outbox (each an .eml, as it does without SMTP_URL). */
function outboxMail(outboxDir: string): MailSource {
  return {
    async waitForMail(to: string, options: WaitForMailOptions = {}) {
      const deadline = Date.now() + (options.timeoutMs ?? MAIL_TIMEOUT_MS)
      while (Date.now() < deadline) {
        const names = await fs.readdir(outboxDir).catch(() => [])
        for (const name of names.filter((file) => file.endsWith('.eml'))) {
          const mail = await readMail(path.join(outboxDir, name))
          if (!mail.recipients.some((address) => address.includes(to))) continue
          if (options.subject?.test(mail.subject) === false) continue
          return { text: mail.text }
        }
        await sleep(100)
      }
      throw new Error(`no mail to ${to} in ${outboxDir}`)
    },
  }
}

/** A user made as a person makes one, over HTTP, on a server without SMTP_URL. */
export function signUpAndVerify(
  appUrl: string,
  outboxDir: string,
  email: string,
  ip: string,
): Promise<TestUser> {
  return createTestUser(overHttp(appUrl), outboxMail(outboxDir), { email, ip })
}

/** PATCH /api/me/profile with the fields given. */
export async function saveProfile(
  appUrl: string,
  user: TestUser,
  fields: Record<string, unknown>,
): Promise<void> {
  await sendAs(appUrl, user, { method: 'PATCH', path: '/api/me/profile', body: fields })
}

/** A request of the app's own page as `user` (JSON when a body is given), answered `status`. */
export async function sendAs(
  appUrl: string,
  user: TestUser,
  request: { method: string; path: string; body?: unknown },
  status = 200,
): Promise<Response> {
  const response = await fetch(`${appUrl}${request.path}`, {
    method: request.method,
    headers: {
      Origin: appUrl,
      Cookie: user.cookie,
      ...(request.body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
  })
  await expectStatus(`${request.method} ${request.path}`, response, status)
  return response
}

/** PUT /api/me/avatar; resolves with the avatar's URL path (with its version query). */
export async function uploadAvatar(appUrl: string, user: TestUser, jpeg: Buffer): Promise<string> {
  const response = await putAvatar(overHttp(appUrl), user.cookie, jpeg)
  await expectStatus('avatar upload', response, 200)
  const { avatar } = (await response.json()) as { avatar: string }
  const url = new URL(avatar)
  return `${url.pathname}${url.search}`
}

/** PUT /api/me/banner with a JPEG. */
export async function uploadBanner(appUrl: string, user: TestUser, jpeg: Buffer): Promise<void> {
  const response = await fetch(`${appUrl}/api/me/banner`, {
    method: 'PUT',
    headers: { 'Content-Type': 'image/jpeg', Origin: appUrl, Cookie: user.cookie },
    body: new Uint8Array(jpeg),
  })
  await expectStatus('banner upload', response, 200)
}

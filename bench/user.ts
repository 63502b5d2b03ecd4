import fs from 'node:fs/promises'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { simpleParser } from 'mailparser'
import { cookiesOf } from '../tests/support/test-users'

export const BENCH_PASSWORD = 'sakura-bench-123'
const MAIL_TIMEOUT_MS = 10_000

export interface BenchUser {
  email: string
  cookie: string
}

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

/**
 * A user made as a person makes one, over HTTP: sign up, follow the link in the verification
 * mail (an .eml in the outbox, as the server writes it without SMTP_URL), sign in.
 */
export async function signUpAndVerify(
  appUrl: string,
  outboxDir: string,
  email: string,
  ip: string,
): Promise<BenchUser> {
  const body = { email, password: BENCH_PASSWORD, name: '', callbackURL: '/' }
  await expectStatus('sign-up', await authPost(appUrl, '/sign-up/email', ip, body), 200)
  const link = new URL(await verificationLink(outboxDir, email))
  const verified = await fetch(`${appUrl}${link.pathname}${link.search}`, {
    headers: { 'X-Forwarded-For': ip },
    redirect: 'manual',
  })
  await expectStatus('verification link', verified, 302)
  const signIn = { email, password: BENCH_PASSWORD }
  const signedIn = await authPost(appUrl, '/sign-in/email', ip, signIn)
  await expectStatus('sign-in', signedIn, 200)
  return { email, cookie: cookiesOf(signedIn.headers) }
}

async function verificationLink(outboxDir: string, email: string): Promise<string> {
  const deadline = Date.now() + MAIL_TIMEOUT_MS
  while (Date.now() < deadline) {
    const names = await fs.readdir(outboxDir).catch(() => [])
    for (const name of names.filter((file) => file.endsWith('.eml'))) {
      const mail = await simpleParser(await fs.readFile(path.join(outboxDir, name)))
      const to = Array.isArray(mail.to) ? mail.to : [mail.to]
      if (!to.some((address) => address?.text.includes(email))) continue
      const link = /https?:\/\/\S+/.exec(mail.text ?? '')?.[0]
      if (link !== undefined) return link
    }
    await sleep(100)
  }
  throw new Error(`no verification mail to ${email} in ${outboxDir}`)
}

/** PATCH /api/me/profile with a handle. */
export async function setHandle(appUrl: string, user: BenchUser, handle: string): Promise<void> {
  const response = await fetch(`${appUrl}/api/me/profile`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json', Origin: appUrl, Cookie: user.cookie },
    body: JSON.stringify({ handle }),
  })
  await expectStatus('setting the handle', response, 200)
}

/** PUT /api/me/avatar; resolves with the avatar's URL path (with its version query). */
export async function uploadAvatar(appUrl: string, user: BenchUser, jpeg: Buffer): Promise<string> {
  const response = await fetch(`${appUrl}/api/me/avatar`, {
    method: 'PUT',
    headers: { 'Content-Type': 'image/jpeg', Origin: appUrl, Cookie: user.cookie },
    body: new Uint8Array(jpeg),
  })
  await expectStatus('avatar upload', response, 200)
  const { avatar } = (await response.json()) as { avatar: string }
  const url = new URL(avatar)
  return `${url.pathname}${url.search}`
}

import { createHash } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { NETWORK_TIMEOUT_DESKTOP_MS } from '../../src/shared/constants'
import { cookiesOf } from '../support/api'
import type { SmtpCapture } from '../support/smtp-capture'
import { TEST_PASSWORD, type TestUser } from '../support/test-users'
import { HangError, type Answer, type Client } from './client'

/**
 * The mixed workload through the load balancer: members (signed-in users) loading pages,
 * checking their session, reading and saving their profile, checking and claiming handles,
 * uploading and reading avatars, counting page views and signing in again; newcomers signing
 * up, following the mail's link and signing in. Every request is recorded with what came back.
 */

/** The app's client gives up on a request after this long (30 s on desktop): a hang. */
export const HANG_LIMIT_MS = NETWORK_TIMEOUT_DESKTOP_MS

export type Kind =
  | 'page'
  | 'session'
  | 'read'
  | 'handle'
  | 'save'
  | 'claim'
  | 'avatar-upload'
  | 'avatar-read'
  | 'view'
  | 'sign-up'
  | 'verify'
  | 'sign-in'
  | 'sign-out'

/** The answers each kind may get when nothing has failed. */
export const EXPECTED: Record<Kind, readonly number[]> = {
  page: [200],
  session: [200],
  read: [200],
  handle: [200],
  save: [200],
  // A handle another member holds is refused, and so is a change past the limit on changes.
  claim: [200, 409, 429],
  'avatar-upload': [200],
  'avatar-read': [200],
  view: [204],
  'sign-up': [200],
  verify: [200],
  'sign-in': [200],
  'sign-out': [200],
}

/**
 * What a request met: an answer, nginx's own 502/504 (the instance behind it died with the
 * request), Mofu's 503 while the database is away, no connection at all, or no answer in time.
 */
export type Outcome = 'answer' | 'gateway' | 'unavailable' | 'connection' | 'hang'

export interface Sent {
  kind: Kind
  /** Its X-Request-Id, which the instance that answers and nginx log. */
  id: string
  method: string
  sentAt: number
  endedAt: number
  outcome: Outcome
  status?: number
}

/**
 * Whether the request's effect is unknown: it may or may not have been carried out (cut off
 * with a killed instance, or with the database mid-statement, or never answered).
 */
export const uncertain = (sent: Sent) => sent.outcome !== 'answer'

/** A profile save (name only) or claim (name and handle), in the order the member sent them. */
export interface Save {
  sent: Sent
  name: string
  handle?: string
}

export interface Upload {
  sent: Sent
  /** The avatar URL the answer named. */
  avatar?: string
  /** SHA-256 of the bytes served at that URL right after the upload. */
  served?: string
}

/** A page view sent, and the page it counted. */
export interface View {
  sent: Sent
  path: string
}

export interface Member extends TestUser {
  index: number
  client: Client
  images: Buffer[]
  saves: Save[]
  uploads: Upload[]
  views: View[]
  /** Cookies of every session a sign-in was answered 200 for, the first one's included. */
  sessions: string[]
}

export interface Newcomer {
  email: string
  signUp?: Sent
  verify?: Sent
  signIn?: Sent
  cookie?: string
  /** Signed up (200) but no verification mail came within 10 s. */
  mailLost?: boolean
}

/** Handles several members try to take: each may have one owner at most, never two. */
export const CONTESTED = ['sakura', 'hoshi', 'tsuki', 'yuki', 'kaze']
/**
 * Mofu lets a user upload 10 avatars a minute (docs/security.md "Abuse limits"): members stay
 * under.
 */
const UPLOAD_EVERY_MS = 7_000
/** And counts 60 page views a minute from one address: members, each at its own, stay under. */
const VIEW_EVERY_MS = 1_500
/**
 * 10 log-ins a minute from one address pass, and 100 requests a minute to /api/auth in all
 * (Better Auth's rules): members stay under both.
 */
const SIGN_IN_EVERY_MS = 8_000
const SESSION_CHECK_EVERY_MS = 1_000
/** Between two requests of one visitor: enough for the probes to get a word in. */
const THINK_MS = 50

export class Recorder {
  readonly sent: Sent[] = []
  private count = 0

  /** `prefix` starts each request id, so that two recorders' ids never meet in one log. */
  constructor(private readonly prefix: string) {}

  /** Sends one request of `kind` and records what came of it. */
  async send(
    client: Client,
    kind: Kind,
    path: string,
    init: { method?: string; headers?: Record<string, string>; body?: Buffer | string } = {},
  ): Promise<{ sent: Sent; answer?: Answer }> {
    const id = `${this.prefix}${++this.count}-${kind}`
    const method = init.method ?? 'GET'
    const sentAt = Date.now()
    let answer: Answer | undefined
    let outcome: Outcome = 'answer'
    try {
      answer = await client.request(path, {
        ...init,
        headers: { 'X-Request-Id': id, ...init.headers },
        timeoutMs: HANG_LIMIT_MS,
      })
      const fromNginx = String(answer.headers['content-type']).startsWith('text/html')
      if ((answer.status === 502 || answer.status === 504) && fromNginx) outcome = 'gateway'
      if (answer.status === 503 && answer.body.toString().includes('"UNAVAILABLE"')) {
        outcome = 'unavailable'
      }
    } catch (error) {
      outcome = error instanceof HangError ? 'hang' : 'connection'
    }
    const endedAt = Date.now()
    const sent: Sent = { kind, id, method, sentAt, endedAt, outcome, status: answer?.status }
    this.sent.push(sent)
    return { sent, answer }
  }
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T
const json = (origin: string) => ({ 'Content-Type': 'application/json', Origin: origin })
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

/** One member's loop until `running()` turns false. */
export async function memberLoop(
  member: Member,
  recorder: Recorder,
  origin: string,
  running: () => boolean,
) {
  const { client } = member
  const cookie = () => member.sessions[member.sessions.length - 1] ?? member.cookie
  let saves = 0
  let lastUpload = 0
  let lastSignIn = Date.now()
  let lastSessionCheck = 0
  let lastView = 0
  while (running()) {
    const roll = Math.random() * 100
    const headers = { Cookie: cookie() }
    if (roll < 15) {
      await recorder.send(client, 'page', pick(['/', '/account', '/favorites', '/settings']))
    } else if (roll < 27 && Date.now() - lastSessionCheck >= SESSION_CHECK_EVERY_MS) {
      lastSessionCheck = Date.now()
      await recorder.send(client, 'session', '/api/auth/get-session', { headers })
    } else if (roll < 42) {
      await recorder.send(client, 'read', '/api/me/profile', { headers })
    } else if (roll < 57) {
      const handle = Math.random() < 0.5 ? pick(CONTESTED) : `visitor${Math.floor(roll * 1e4)}`
      await recorder.send(client, 'handle', `/api/handles/${handle}`)
    } else if (roll < 77) {
      const name = `Member ${member.index} #${++saves}`
      const claim = roll >= 67
      const handle = claim
        ? Math.random() < 0.5
          ? pick(CONTESTED)
          : `Member${member.index}x${saves % 3}`
        : undefined
      const { sent } = await recorder.send(client, claim ? 'claim' : 'save', '/api/me/profile', {
        method: 'PATCH',
        headers: { ...headers, ...json(origin) },
        body: JSON.stringify(handle === undefined ? { name } : { name, handle }),
      })
      member.saves.push({ sent, name, handle })
    } else if (roll < 85 && Date.now() - lastView >= VIEW_EVERY_MS) {
      lastView = Date.now()
      const path = pick(['/', '/shop', '/premium', '/sakuramap'])
      const { sent } = await recorder.send(client, 'view', '/api/events/page-view', {
        method: 'POST',
        headers: json(origin),
        body: JSON.stringify({ path, referrer: null }),
      })
      member.views.push({ sent, path })
    } else if (roll < 92 && Date.now() - lastUpload >= UPLOAD_EVERY_MS) {
      lastUpload = Date.now()
      const image = member.images[member.uploads.length % member.images.length] as Buffer
      const { sent, answer } = await recorder.send(client, 'avatar-upload', '/api/me/avatar', {
        method: 'PUT',
        headers: { ...headers, 'Content-Type': 'image/jpeg', Origin: origin },
        body: image,
      })
      const upload: Upload = { sent }
      member.uploads.push(upload)
      if (sent.status === 200 && answer !== undefined) {
        upload.avatar = (JSON.parse(answer.body.toString()) as { avatar: string }).avatar
        const url = new URL(upload.avatar)
        const read = await recorder.send(client, 'avatar-read', url.pathname + url.search)
        if (read.sent.status === 200 && read.answer !== undefined) {
          upload.served = sha256(read.answer.body)
        }
      }
    } else if (roll < 97) {
      const avatar = member.uploads.findLast((upload) => upload.avatar !== undefined)?.avatar
      if (avatar !== undefined) {
        const url = new URL(avatar)
        await recorder.send(client, 'avatar-read', url.pathname + url.search)
      }
    } else if (Date.now() - lastSignIn >= SIGN_IN_EVERY_MS) {
      lastSignIn = Date.now()
      const { sent, answer } = await recorder.send(client, 'sign-in', '/api/auth/sign-in/email', {
        method: 'POST',
        headers: json(origin),
        body: JSON.stringify({ email: member.email, password: TEST_PASSWORD }),
      })
      if (sent.status === 200 && answer !== undefined) member.sessions.push(cookieOf(answer))
    }
    await sleep(THINK_MS)
  }
}

/** The `name=value` pairs an answer sets, ready for a Cookie header. */
export function cookieOf(answer: Answer): string {
  const headers = new Headers()
  for (const cookie of answer.headers['set-cookie'] ?? []) headers.append('set-cookie', cookie)
  return cookiesOf(headers)
}

/**
 * Newcomers one after another until `running()` turns false, each from its own address: sign
 * up, follow the link of the verification mail, sign in. A step that fails ends that newcomer.
 */
export async function newcomerLoop(
  lane: number,
  clientFor: (address: string) => Client,
  smtp: SmtpCapture,
  recorder: Recorder,
  origin: string,
  running: () => boolean,
): Promise<Newcomer[]> {
  const newcomers: Newcomer[] = []
  for (let index = 0; running(); index++) {
    const client = clientFor(`127.20.${lane}.${(index % 250) + 1}`)
    const newcomer: Newcomer = { email: `newcomer-${lane}-${index}-${Date.now()}@mofu.test` }
    newcomers.push(newcomer)
    try {
      const signUp = await recorder.send(client, 'sign-up', '/api/auth/sign-up/email', {
        method: 'POST',
        headers: json(origin),
        body: JSON.stringify({
          email: newcomer.email,
          password: TEST_PASSWORD,
          name: '',
          callbackURL: '/',
        }),
      })
      newcomer.signUp = signUp.sent
      if (signUp.sent.status !== 200) continue
      const mail = await smtp.waitForMail(newcomer.email, { subject: /verify/i }).catch(() => {
        newcomer.mailLost = true
      })
      if (mail === undefined) continue
      const link = new URL(/https?:\/\/\S+/.exec(mail.text ?? '')?.[0] ?? '')
      // The link's page asks for the password chosen at sign-up and sends it with the token.
      const verify = await recorder.send(client, 'verify', '/api/auth/sign-up/verify', {
        method: 'POST',
        headers: json(origin),
        body: JSON.stringify({ token: link.searchParams.get('token'), password: TEST_PASSWORD }),
      })
      newcomer.verify = verify.sent
      if (verify.sent.status !== 200) continue
      const signIn = await recorder.send(client, 'sign-in', '/api/auth/sign-in/email', {
        method: 'POST',
        headers: json(origin),
        body: JSON.stringify({ email: newcomer.email, password: TEST_PASSWORD }),
      })
      newcomer.signIn = signIn.sent
      if (signIn.sent.status === 200 && signIn.answer !== undefined) {
        newcomer.cookie = cookieOf(signIn.answer)
      }
    } finally {
      client.close()
      await sleep(THINK_MS)
    }
  }
  return newcomers
}

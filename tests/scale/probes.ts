import { setTimeout as sleep } from 'node:timers/promises'
import { runMofu } from '../support/mofu-command'
import { TEST_PASSWORD, type TestUser } from '../support/test-users'
import type { Client } from './client'
import type { Cluster, Instance } from './cluster'
import { cookieOf, uncertain, type Recorder, type Sent } from './workload'

/**
 * Shared state, asked of every instance directly while the workload runs: a session ended or
 * an account disabled through one instance is refused by all, and the sign-in limits count
 * across all.
 */

/**
 * How soon every instance must refuse a session ended elsewhere (docs/scaling-out.md "What the
 * scale test proves").
 */
export const SHARED_WITHIN_MS = 1_000
/** How long an instance whose database is away is asked again (PostgreSQL restarts once). */
const DATABASE_BACK_WITHIN_MS = 30_000
/**
 * Failed sign-ins allowed per client address per minute (Better Auth's rule in
 * src/server/auth/endpoints.ts) and per account per 15 minutes (LIMITS.signInFailures).
 */
export const SIGN_IN_LIMIT = 10

/**
 * What one instance said about a session: still accepted, refused, not there (killed), or
 * unable to tell with its database away (Mofu's 503 while PostgreSQL restarts, which a probe
 * slowed by a single core can meet).
 */
export interface InstanceAnswer {
  port: number
  answer: 'accepted' | 'refused' | 'down' | 'database away'
  /** From the moment the session ended to the answer that refused it. */
  afterMs?: number
}

export interface SessionProbe {
  /** How the ending step was answered: sign-out 200, or the disable command's exit code 0. */
  ended: number | undefined
  before: InstanceAnswer[]
  after: InstanceAnswer[]
  /** Disabling only: a new sign-in through the load balancer, status and message. */
  signIn?: { status: number | undefined; message: string }
}

export interface LimitProbe {
  attempts: Sent[]
}

export type ClientFor = (address: string, target?: Instance) => Client

/** Whether the instance takes `cookie` as a live session, on Mofu's routes and Better Auth's. */
async function askInstance(client: Client, cookie: string): Promise<InstanceAnswer['answer']> {
  try {
    const options = { headers: { Cookie: cookie }, timeoutMs: 5_000 }
    const [profile, session] = await Promise.all([
      client.request('/api/me/profile', options),
      client.request('/api/auth/get-session', options),
    ])
    const signedIn = (JSON.parse(session.body.toString()) as { user?: unknown } | null)?.user
    // Taken by either Mofu's routes or Better Auth's is taken.
    if (profile.status === 200 || (profile.status === 401 && signedIn !== undefined)) {
      return 'accepted'
    }
    if (profile.status === 401) return 'refused'
    if (profile.status === 503 && profile.body.toString().includes('"UNAVAILABLE"')) {
      return 'database away'
    }
    throw new Error(`profile ${profile.status}, get-session ${session.body.toString()}`)
  } catch (error) {
    // Killed before or while it was asked.
    const code = (error as { code?: string }).code
    if (code === 'ECONNREFUSED' || code === 'ECONNRESET') return 'down'
    throw error
  }
}

/** Every instance asked once; one being restarted answers 'down'. */
function askAll(cluster: Cluster, clientFor: ClientFor, cookie: string, lane: number) {
  return Promise.all(
    cluster.instances.map(async (instance, i) => {
      const client = clientFor(`127.30.${lane}.${i + 1}`, instance)
      try {
        return { port: instance.port, answer: await askInstance(client, cookie) }
      } finally {
        client.close()
      }
    }),
  )
}

/**
 * Every instance asked until it refuses the session, from `since` (when it ended): one that
 * still accepts it in a request sent more than SHARED_WITHIN_MS later answers 'accepted'; one
 * whose database is away is asked again until it is back.
 */
function refusedEverywhere(
  cluster: Cluster,
  clientFor: ClientFor,
  cookie: string,
  since: number,
  lane: number,
): Promise<InstanceAnswer[]> {
  return Promise.all(
    cluster.instances.map(async (instance, i) => {
      const client = clientFor(`127.31.${lane}.${i + 1}`, instance)
      try {
        for (;;) {
          const sentAt = Date.now()
          const answer = await askInstance(client, cookie)
          // With its database away an instance can tell nothing: it is asked again once back.
          const waiting = answer === 'database away' && sentAt < since + DATABASE_BACK_WITHIN_MS
          if (answer !== 'accepted' && !waiting) {
            return { port: instance.port, answer, afterMs: Date.now() - since }
          }
          if (answer === 'accepted' && sentAt > since + SHARED_WITHIN_MS) {
            return { port: instance.port, answer }
          }
          await sleep(100)
        }
      } finally {
        client.close()
      }
    }),
  )
}

const json = (origin: string) => ({ 'Content-Type': 'application/json', Origin: origin })

/** Sent again, as a client would, while the answer was lost with a killed instance. */
async function retried(send: () => ReturnType<Recorder['send']>) {
  let result = await send()
  for (let attempt = 1; attempt < 5 && uncertain(result.sent); attempt++) {
    await sleep(200)
    result = await send()
  }
  return result
}

async function signIn(client: Client, recorder: Recorder, user: TestUser, origin: string) {
  const { sent, answer } = await retried(() =>
    recorder.send(client, 'sign-in', '/api/auth/sign-in/email', {
      method: 'POST',
      headers: json(origin),
      body: JSON.stringify({ email: user.email, password: TEST_PASSWORD }),
    }),
  )
  if (sent.status !== 200 || answer === undefined) {
    throw new Error(`${user.email}: sign-in through nginx answered ${sent.status ?? sent.outcome}`)
  }
  return { sent, answer, cookie: cookieOf(answer) }
}

/** A new session through the load balancer, seen by every instance, then signed out there. */
export async function probeSignOut(
  cluster: Cluster,
  clientFor: ClientFor,
  recorder: Recorder,
  user: TestUser,
): Promise<SessionProbe> {
  const origin = cluster.nginx.publicUrl
  const client = clientFor('127.32.0.1')
  try {
    const { cookie } = await signIn(client, recorder, user, origin)
    const before = await askAll(cluster, clientFor, cookie, 0)
    const { sent } = await retried(() =>
      recorder.send(client, 'sign-out', '/api/auth/sign-out', {
        method: 'POST',
        headers: { ...json(origin), Cookie: cookie },
        body: '{}',
      }),
    )
    const after = await refusedEverywhere(cluster, clientFor, cookie, sent.endedAt, 0)
    return { ended: sent.status, before, after }
  } finally {
    client.close()
  }
}

/** A session seen by every instance, then `mofu users disable` run with an instance's settings. */
export async function probeDisable(
  cluster: Cluster,
  clientFor: ClientFor,
  recorder: Recorder,
  user: TestUser,
): Promise<SessionProbe> {
  const origin = cluster.nginx.publicUrl
  const client = clientFor('127.32.0.2')
  try {
    const { cookie } = await signIn(client, recorder, user, origin)
    const before = await askAll(cluster, clientFor, cookie, 1)
    const instance = cluster.instances.find((candidate) => candidate.current !== undefined)
    if (instance?.current === undefined) throw new Error('no instance running')
    const disabled = await runMofu(instance.current.env, ['users', 'disable', user.email])
    const after = await refusedEverywhere(cluster, clientFor, cookie, Date.now(), 1)
    const again = await retried(() =>
      recorder.send(client, 'sign-in', '/api/auth/sign-in/email', {
        method: 'POST',
        headers: json(origin),
        body: JSON.stringify({ email: user.email, password: TEST_PASSWORD }),
      }),
    )
    const message = again.answer?.body.toString() ?? ''
    return { ended: disabled.code, before, after, signIn: { status: again.sent.status, message } }
  } finally {
    client.close()
  }
}

/** Failed sign-ins through the load balancer from one address, for addresses nobody has. */
export async function probeAddressLimit(
  cluster: Cluster,
  clientFor: ClientFor,
  recorder: Recorder,
): Promise<LimitProbe> {
  const client = clientFor('127.40.0.1')
  const attempts: Sent[] = []
  try {
    for (let i = 0; i < 2 * SIGN_IN_LIMIT; i++) {
      const { sent } = await recorder.send(client, 'sign-in', '/api/auth/sign-in/email', {
        method: 'POST',
        headers: json(cluster.nginx.publicUrl),
        body: JSON.stringify({ email: `nobody-${i}-${Date.now()}@mofu.test`, password: 'not-it' }),
      })
      attempts.push(sent)
    }
  } finally {
    client.close()
  }
  return { attempts }
}

/** Failed sign-ins through the load balancer for one account, each from an address of its own. */
export async function probeAccountLimit(
  cluster: Cluster,
  clientFor: ClientFor,
  recorder: Recorder,
  user: TestUser,
): Promise<LimitProbe> {
  const attempts: Sent[] = []
  for (let i = 0; i < 2 * SIGN_IN_LIMIT; i++) {
    const client = clientFor(`127.41.0.${i + 1}`)
    try {
      const { sent } = await recorder.send(client, 'sign-in', '/api/auth/sign-in/email', {
        method: 'POST',
        headers: json(cluster.nginx.publicUrl),
        body: JSON.stringify({ email: user.email, password: 'not-it' }),
      })
      attempts.push(sent)
    } finally {
      client.close()
    }
  }
  return { attempts }
}

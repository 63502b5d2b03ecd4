import { runLoad, type LoadFigures } from './load'
import type { BenchSettings } from './settings'
import { median, timed } from './stats'
import { TEST_PASSWORD } from '../tests/support/test-users'
import { authPost } from './user'

export interface SignInResult {
  /** Median ms of one successful e-mail log-in, one after another. */
  sequentialMedianMs: number
  sequentialRuns: number
  /** Successful log-ins per second with `connections` at once. */
  concurrent: LoadFigures
  connections: number
}

/**
 * Every sign-in comes from its own X-Forwarded-For address (the server runs with
 * TRUST_PROXY=true), so the limit of 10 log-ins a minute per address stays on and is never hit.
 */
function addresses(): () => string {
  let n = 0
  return () => {
    n++
    return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`
  }
}

interface Credentials {
  email: string
  password: string
}

/** Milliseconds of each of `runs` log-ins made one after another. */
async function oneAtATime(appUrl: string, signIn: Credentials, runs: number, nextIp: () => string) {
  const durations: number[] = []
  for (let i = 0; i < runs; i++) {
    durations.push(
      await timed(async () => {
        const response = await authPost(appUrl, '/sign-in/email', nextIp(), signIn)
        await response.arrayBuffer()
        if (response.status !== 200) throw new Error(`sign-in answered ${response.status}`)
      }),
    )
  }
  return durations
}

function atOnce(
  appUrl: string,
  signIn: Credentials,
  settings: BenchSettings,
  nextIp: () => string,
): Promise<LoadFigures> {
  const body = JSON.stringify(signIn)
  const headers = { 'content-type': 'application/json', origin: appUrl }
  return runLoad(
    appUrl,
    {
      expect: 200,
      next: () => ({
        method: 'POST',
        path: '/api/auth/sign-in/email',
        headers: { ...headers, 'x-forwarded-for': nextIp() },
        body,
      }),
    },
    { connections: settings.signInConnections, seconds: settings.signInSeconds },
  )
}

export async function measureSignIn(
  appUrl: string,
  email: string,
  settings: BenchSettings,
): Promise<SignInResult> {
  const nextIp = addresses()
  const signIn = { email, password: TEST_PASSWORD }
  const durations = await oneAtATime(appUrl, signIn, settings.sequentialSignIns, nextIp)
  return {
    sequentialMedianMs: median(durations),
    sequentialRuns: durations.length,
    concurrent: await atOnce(appUrl, signIn, settings, nextIp),
    connections: settings.signInConnections,
  }
}

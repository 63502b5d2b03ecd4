import { expect } from 'vitest'
import { callAuth, type Requester } from './api'
import { authenticator, awayFromStepEdge } from './authenticator'
import { TEST_PASSWORD, type TestUser } from './test-users'

/**
 * Turns two-factor on for `user` as Settings does, confirming with the previous step's code: the
 * code generator, the otpauth URI, the backup codes shown once, and the cookie of the session
 * that takes the old one's place.
 */
export async function turnOnTwoFactor(app: Requester, user: Pick<TestUser, 'ip' | 'cookie'>) {
  await awayFromStepEdge()
  const enabled = await callAuth(app, '/two-factor/enable', {
    ip: user.ip,
    cookie: user.cookie,
    body: { password: TEST_PASSWORD },
  })
  expect(enabled.status).toBe(200)
  const totpURI = String(enabled.json.totpURI)
  const code = authenticator(totpURI)
  const confirmed = await callAuth(app, '/two-factor/verify-totp', {
    ip: user.ip,
    cookie: user.cookie,
    body: { code: await code(-1) },
  })
  expect(confirmed.status).toBe(200)
  const backupCodes = enabled.json.backupCodes as string[]
  return { code, totpURI, backupCodes, cookie: confirmed.cookie }
}

import { callAuth, joinCookies, type Answer, type Requester } from './api'
import {
  authenticate,
  register,
  type AuthenticationOptions,
  type Credential,
  type RegistrationOptions,
} from './software-authenticator'

/** The WebAuthn ceremonies of Better Auth's passkey plugin, over HTTP, with the software authenticator. */

export interface CeremonyOptions {
  /** The origin the authenticator writes into clientDataJSON; the site's own by default. */
  origin?: string
  /** The request's Origin header; the site's own by default. */
  originHeader?: string
  ip: string
  /** False: the authenticator answers with user presence only, no user verification. */
  userVerified?: boolean
  /** Registers the new key under this credential id (see register()). */
  reusedId?: Buffer
  /** More request headers (the browser's User-Agent). */
  headers?: Record<string, string>
}

/** Adds a passkey named `name` to the account `cookie` signs in; the answer and the key. */
export async function addPasskey(
  app: Requester,
  site: string,
  cookie: string,
  name: unknown,
  options: CeremonyOptions,
): Promise<{ answer: Answer; credential: Credential }> {
  const rpId = new URL(site).hostname
  const begun = await callAuth(app, '/passkey/generate-register-options', {
    ip: options.ip,
    cookie,
    headers: options.headers,
  })
  if (begun.status !== 200) throw new Error(`register options answered ${begun.status}`)
  const { credential, response } = register(
    begun.json as unknown as RegistrationOptions,
    options.origin ?? site,
    rpId,
    options.userVerified,
    options.reusedId,
  )
  const answer = await callAuth(app, '/passkey/verify-registration', {
    ip: options.ip,
    cookie: joinCookies(cookie, begun.cookie),
    body: { response, name },
    origin: options.originHeader,
    headers: options.headers,
  })
  return { answer, credential }
}

/** Signs in with `credential` (optionally claiming another credential's id). */
export async function signInWithPasskey(
  app: Requester,
  site: string,
  credential: Credential,
  options: CeremonyOptions & { cookie?: string; claimedId?: Buffer },
): Promise<Answer> {
  const rpId = new URL(site).hostname
  const begun = await callAuth(app, '/passkey/generate-authenticate-options', {
    ip: options.ip,
    cookie: options.cookie,
  })
  if (begun.status !== 200) throw new Error(`authenticate options answered ${begun.status}`)
  const response = authenticate(
    credential,
    begun.json as unknown as AuthenticationOptions,
    options.origin ?? site,
    rpId,
    options.claimedId,
    options.userVerified,
  )
  return callAuth(app, '/passkey/verify-authentication', {
    ip: options.ip,
    cookie: joinCookies(options.cookie, begun.cookie),
    body: { response },
    origin: options.originHeader,
  })
}

import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto'

/**
 * A WebAuthn authenticator in software (ES256, no attestation), for server tests: it answers a
 * server's registration and authentication options as a browser and a platform authenticator
 * would, for whatever origin it is told. Browser tests use Chromium's virtual authenticator.
 */

type CborValue = number | string | Uint8Array | Map<CborValue, CborValue>

/** The CBOR subset WebAuthn's attestation object and COSE key need. */
function cbor(value: CborValue): Buffer {
  const head = (major: number, length: number): Buffer => {
    if (length < 24) return Buffer.from([(major << 5) | length])
    if (length < 256) return Buffer.from([(major << 5) | 24, length])
    return Buffer.from([(major << 5) | 25, length >> 8, length & 255])
  }
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value)
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8')
    return Buffer.concat([head(3, text.length), text])
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value])
  const entries = value instanceof Map ? [...value.entries()] : []
  return Buffer.concat([
    head(5, entries.length),
    ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)]),
  ])
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest()
const b64url = (data: Buffer) => data.toString('base64url')

export interface Credential {
  id: Buffer
  privateKey: KeyObject
  userHandle: string
  counter: number
}

export interface RegistrationOptions {
  challenge: string
  rp: { id?: string }
  user: { id: string }
}

export interface AuthenticationOptions {
  challenge: string
  rpId?: string
}

function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string) {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }))
}

/** User present (0x01) and verified (0x04); with attested credential data (0x40) on registration. */
const PRESENT = 0x01
const VERIFIED = 0x04
const ATTESTED = 0x40
const flagsOf = (userVerified: boolean) => PRESENT | (userVerified ? VERIFIED : 0)

function authenticatorData(rpId: string, flags: number, counter: number, attested?: Buffer) {
  const count = Buffer.alloc(4)
  count.writeUInt32BE(counter)
  return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, attested ?? Buffer.alloc(0)])
}

/**
 * A new passkey for the options' site and user, as the registration answer for `origin`.
 * `userVerified: false` answers as an authenticator that only saw someone touch it (flags 0x41).
 * `reusedId` gives it another credential's id (one account's key presented as another's).
 */
export function register(
  options: RegistrationOptions,
  origin: string,
  rpId: string,
  userVerified = true,
  reusedId?: Buffer,
) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const jwk = publicKey.export({ format: 'jwk' })
  const cose = cbor(
    new Map<CborValue, CborValue>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x ?? '', 'base64url')],
      [-3, Buffer.from(jwk.y ?? '', 'base64url')],
    ]),
  )
  const id = reusedId ?? randomBytes(32)
  const idLength = Buffer.alloc(2)
  idLength.writeUInt16BE(id.length)
  const attested = Buffer.concat([Buffer.alloc(16), idLength, id, cose])
  const flags = flagsOf(userVerified) | ATTESTED
  const authData = authenticatorData(options.rp.id ?? rpId, flags, 0, attested)
  const attestationObject = cbor(
    new Map<CborValue, CborValue>([
      ['fmt', 'none'],
      ['attStmt', new Map()],
      ['authData', authData],
    ]),
  )
  const credential: Credential = { id, privateKey, userHandle: options.user.id, counter: 0 }
  const response = {
    id: b64url(id),
    rawId: b64url(id),
    type: 'public-key',
    authenticatorAttachment: 'platform',
    clientExtensionResults: {},
    response: {
      clientDataJSON: b64url(clientData('webauthn.create', options.challenge, origin)),
      attestationObject: b64url(attestationObject),
      transports: ['internal'],
    },
  }
  return { credential, response }
}

/**
 * The authentication answer for `origin`, signed with `credential`'s key. `claimedId` sends it
 * under another credential's id (a passkey pretending to be someone else's); `userVerified:
 * false` signs with user presence only (flags 0x01), as a security key nobody unlocked.
 */
export function authenticate(
  credential: Credential,
  options: AuthenticationOptions,
  origin: string,
  rpId: string,
  claimedId: Buffer = credential.id,
  userVerified = true,
) {
  credential.counter += 1
  const authData = authenticatorData(
    options.rpId ?? rpId,
    flagsOf(userVerified),
    credential.counter,
  )
  const data = clientData('webauthn.get', options.challenge, origin)
  const signature = sign('sha256', Buffer.concat([authData, sha256(data)]), credential.privateKey)
  return {
    id: b64url(claimedId),
    rawId: b64url(claimedId),
    type: 'public-key',
    authenticatorAttachment: 'platform',
    clientExtensionResults: {},
    response: {
      clientDataJSON: b64url(data),
      authenticatorData: b64url(authData),
      signature: b64url(signature),
      userHandle: credential.userHandle,
    },
  }
}

import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

/**
 * A self-signed certificate, as `openssl` makes one, for the names given as subjectAltName
 * entries (`DNS:localhost`, `IP:127.0.0.1`): `fullchain.pem` and `privkey.pem` in `dir`. Clients
 * trust the certificate itself as their CA.
 */
export async function selfSigned(dir: string, altNames: readonly string[]) {
  const cert = path.join(dir, 'fullchain.pem')
  const key = path.join(dir, 'privkey.pem')
  const commonName = (altNames[0] ?? 'DNS:localhost').replace(/^[A-Z]+:/, '')
  await run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-days',
    '2',
    '-subj',
    `/CN=${commonName}`,
    '-addext',
    `subjectAltName=${altNames.join(',')}`,
    '-keyout',
    key,
    '-out',
    cert,
  ])
  return { cert, key }
}

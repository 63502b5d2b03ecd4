import { readFileSync } from 'node:fs'
import path from 'node:path'

const UNIT = path.resolve(import.meta.dirname, '../../deploy/mofu@.service')

/**
 * The process tuning the deployment guide's unit gives every instance (deploy/mofu@.service),
 * read from the unit itself so that the servers the tests start, and the apps they run in their
 * own workers, hash passwords exactly as a deployed instance does.
 */
export function serverTuning(): { GLIBC_TUNABLES: string } {
  const line = /^Environment=GLIBC_TUNABLES=(\S+)$/m.exec(readFileSync(UNIT, 'utf8'))
  if (line?.[1] === undefined) throw new Error(`${UNIT} sets no GLIBC_TUNABLES`)
  return { GLIBC_TUNABLES: line[1] }
}

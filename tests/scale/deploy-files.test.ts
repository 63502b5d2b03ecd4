import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import { expect, it } from 'vitest'

const run = promisify(execFile)
const UNIT = path.resolve(import.meta.dirname, '../../deploy/mofu@.service')

it('the guide’s systemd template unit passes systemd-analyze verify without a word', async () => {
  // systemd-analyze reports what it ignores (unknown keys, bad values) on stderr, exit code 0.
  const { stdout, stderr } = await run('systemd-analyze', ['verify', UNIT])
  expect(stdout + stderr).toBe('')
})

import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startServer } from './server-process'

/**
 * A server that fails to start says why: one that exits gives its exit code, one that never
 * answers says it timed out, so a failure on a slow machine is not read as a crash.
 */

let folder: string

beforeAll(async () => {
  folder = await fs.mkdtemp(path.join(os.tmpdir(), 'mofu-start-'))
  await fs.writeFile(
    path.join(folder, 'exits.mjs'),
    "console.log('no database'); process.exit(3)\n",
  )
  await fs.writeFile(path.join(folder, 'hangs.mjs'), 'setInterval(() => {}, 1000)\n')
})
afterAll(async () => {
  await fs.rm(folder, { recursive: true, force: true })
})

it('reports a server that exits with its code and its output', async () => {
  await expect(startServer({ main: path.join(folder, 'exits.mjs') })).rejects.toThrow(
    /server did not start \(exited with code 3\):\nno database/,
  )
})

it('reports a server that never answers as timed out, not as exited', async () => {
  await expect(
    startServer({ main: path.join(folder, 'hangs.mjs'), timeoutMs: 500 }),
  ).rejects.toThrow(/server did not start \(timed out after 500 ms\)/)
})

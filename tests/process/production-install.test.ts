import { execFile } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, expect, it } from 'vitest'
import { startServer, type ServerProcess } from '../support/server-process'

const run = promisify(execFile)
const ROOT = path.resolve(import.meta.dirname, '../..')
/** better-sqlite3's compiled binding, where its install script puts it. */
const SQLITE_BINDING = 'node_modules/better-sqlite3/build/Release/better_sqlite3.node'

let dir: string | undefined
let server: ServerProcess | undefined
afterAll(async () => {
  await server?.dispose()
  if (dir !== undefined) await fs.rm(dir, { recursive: true, force: true })
})

const versionOf = async (root: string, name: string) =>
  (
    JSON.parse(
      await fs.readFile(path.join(root, 'node_modules', name, 'package.json'), 'utf8'),
    ) as { version: string }
  ).version

/**
 * The production install of docs/deploying.md, `npm ci --omit=dev && npm run serve`, in a copy holding only
 * what a deployment has (package.json, the lockfile, dist/; `npm run build` first): the built
 * server must need no devDependency. Two shortcuts keep it to seconds instead of minutes, and
 * neither hides a missing package: npm takes tarballs from its cache when it has them, and
 * install scripts are skipped, the one that matters (compiling better-sqlite3, about 2 CPU
 * minutes) replaced by copying this checkout's binding for the very same version.
 */
it('installs with --omit=dev into an empty folder and the server starts and is ready', async () => {
  const started = Date.now()
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mofu-production-'))
  for (const file of ['package.json', 'package-lock.json']) {
    await fs.copyFile(path.join(ROOT, file), path.join(dir, file))
  }
  await fs.cp(path.join(ROOT, 'dist'), path.join(dir, 'dist'), { recursive: true })

  await run(
    'npm',
    ['ci', '--omit=dev', '--ignore-scripts', '--prefer-offline', '--no-audit', '--no-fund'],
    { cwd: dir, timeout: 170_000 },
  )
  // The test tools stayed out. (vite, vitest, tsx and esbuild do come along: npm keeps
  // devDependencies that a dependency names as an optional peer, as better-auth does.)
  for (const devOnly of ['eslint', 'prettier', 's3rver', 'smtp-server', 'mailparser']) {
    await expect(fs.access(path.join(dir, 'node_modules', devOnly))).rejects.toThrow()
  }
  expect(await versionOf(dir, 'better-sqlite3')).toBe(await versionOf(ROOT, 'better-sqlite3'))
  await fs.mkdir(path.dirname(path.join(dir, SQLITE_BINDING)), { recursive: true })
  await fs.copyFile(path.join(ROOT, SQLITE_BINDING), path.join(dir, SQLITE_BINDING))

  server = await startServer({ main: path.join(dir, 'dist/server/main.js') })
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
  const ready = await fetch(`${server.url}/readyz`)
  expect(ready.status).toBe(200)
  expect(await ready.json()).toEqual({ status: 'ready', database: 'ok', storage: 'ok' })

  // The admin command runs there too, as `npx mofu` (the package's bin), on the server's data.
  const { stdout } = await run('npx', ['--no-install', 'mofu', 'users', 'list', '--json'], {
    cwd: dir,
    env: server.env,
    timeout: 60_000,
  })
  expect(JSON.parse(stdout)).toEqual([])
  console.info(`production install and start: ${Math.round((Date.now() - started) / 1000)} s`)
}, 200_000)

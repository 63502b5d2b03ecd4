import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)
const ROOT = path.resolve(import.meta.dirname, '../..')

export interface Release {
  version: string
  /** The commit it was cut from, as CHANGELOG.md names it. */
  commit: string
}

/** The newest release in CHANGELOG.md and the commit it was cut from. */
export function previousRelease(): Release {
  const changelog = fs.readFileSync(path.join(ROOT, 'CHANGELOG.md'), 'utf8')
  for (const section of changelog.split(/^## /m)) {
    const version = /^\[(\d+\.\d+\.\d+)\]/.exec(section)?.[1]
    if (version === undefined) continue
    const commit = /commit `([0-9a-f]{40})`/.exec(section)?.[1]
    if (commit === undefined) throw new Error(`CHANGELOG.md: ${version} names no commit`)
    return { version, commit }
  }
  throw new Error('CHANGELOG.md names no release')
}

export interface BuiltRelease extends Release {
  /** Its server's entry file and its `mofu` command, as an operator's /opt/mofu would hold them. */
  main: string
  mofu: string
}

/**
 * The release built from the repository's own history, as an operator installs it: a git
 * worktree at its commit, outside this checkout (its tools would take the release's files for
 * this tree's, and the build resolves nothing under node_modules as source), its packages, its
 * build. Packages are installed with `npm ci` unless its lockfile is this checkout's, whose
 * packages it then shares. Built once per commit and kept in the temporary folder.
 */
export async function buildRelease(release: Release): Promise<BuiltRelease> {
  const dir = path.join(os.tmpdir(), 'mofu-releases', release.commit)
  const built = {
    ...release,
    main: path.join(dir, 'dist/server/main.js'),
    mofu: path.join(dir, 'dist/server/mofu.js'),
  }
  const done = path.join(dir, '.built')
  // Kept only while its packages are still there (shared ones go with the checkout they were in).
  if (fs.existsSync(done) && fs.existsSync(path.join(dir, 'node_modules/sharp'))) return built
  await run('git', ['worktree', 'prune'], { cwd: ROOT })
  fs.rmSync(dir, { recursive: true, force: true })
  await run('git', ['worktree', 'add', '--detach', '--force', dir, release.commit], { cwd: ROOT })
  // As an operator's shell runs it: not in the test runner's environment (its NODE_ENV=test
  // would build React's development JSX).
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => name !== 'NODE_ENV' && !name.startsWith('VITEST'),
    ),
  )
  const lockfile = (at: string) => fs.readFileSync(path.join(at, 'package-lock.json'), 'utf8')
  if (lockfile(dir) === lockfile(ROOT)) {
    fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir')
  } else {
    await run('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, env, maxBuffer: 64 << 20 })
  }
  await run('npm', ['run', 'build'], { cwd: dir, env, maxBuffer: 64 << 20 })
  fs.writeFileSync(done, `${release.version}\n`)
  return built
}

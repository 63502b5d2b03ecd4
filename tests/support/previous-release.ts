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

const readChangelog = () => fs.readFileSync(path.join(ROOT, 'CHANGELOG.md'), 'utf8')

/** The newest release in CHANGELOG.md and the commit it was cut from. */
export function previousRelease(): Release {
  const changelog = readChangelog()
  for (const section of changelog.split(/^## /m)) {
    const version = /^\[(\d+\.\d+\.\d+)\]/.exec(section)?.[1]
    if (version === undefined) continue
    const commit = /commit `([0-9a-f]{40})`/.exec(section)?.[1]
    if (commit === undefined) throw new Error(`CHANGELOG.md: ${version} names no commit`)
    return { version, commit }
  }
  throw new Error('CHANGELOG.md names no release')
}

/**
 * How going back from this tree to a release goes, as CHANGELOG.md says it above that release:
 * a restart of the release on the database this tree migrated, or the backup made before the
 * upgrade, restored by the release's own `mofu restore`, the release refusing the migrated
 * database with the words quoted.
 */
export type WayBack = { by: 'restart' } | { by: 'backup'; refusal: string }

const SAYINGS = {
  restart: 'is a restart',
  backup: 'takes the backup made before the upgrade',
} as const

/**
 * The way back to `release` that the changelog's notes since it give, in a bold sentence of
 * their own: "**Going back to 0.1.0 is a restart.**", or "**Going back to 0.1.0 takes the backup
 * made before the upgrade.**" with the release's refusal quoted after it ("refuses to start on
 * it ("…")"). Throws when they say neither, so a way back nobody wrote down fails the upgrade
 * test instead of going untested.
 */
export function wayBackTo(release: Release, changelog = readChangelog()): WayBack {
  const version = release.version.replaceAll('.', '\\.')
  const heading = new RegExp(`^## \\[${version}\\]`, 'm').exec(changelog)
  if (heading === null) throw new Error(`CHANGELOG.md has no section for ${release.version}`)
  const since = changelog.slice(0, heading.index).replace(/\s+/g, ' ')
  const said = new RegExp(`\\*\\*Going back to ${version} ([^*]*?)\\.\\*\\*([^*]*)`).exec(since)
  const how = `"**Going back to ${release.version} ${SAYINGS.restart}.**" or "**Going back to ${release.version} ${SAYINGS.backup}.**"`
  if (said === null) {
    throw new Error(
      `CHANGELOG.md says nowhere above ${release.version} how to go back to it: ${how}`,
    )
  }
  const [, saying, after = ''] = said
  if (saying === SAYINGS.restart) return { by: 'restart' }
  if (saying === SAYINGS.backup) {
    const refusal = /refuses to start on it \("([^"]+)"/.exec(after)?.[1]
    if (refusal === undefined) {
      throw new Error(
        `CHANGELOG.md says going back to ${release.version} takes the backup, but quotes no refusal: 'refuses to start on it ("…")'`,
      )
    }
    return { by: 'backup', refusal }
  }
  throw new Error(
    `CHANGELOG.md says "Going back to ${release.version} ${saying}", which the upgrade test cannot follow: ${how}`,
  )
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

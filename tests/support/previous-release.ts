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

/** better-sqlite3's compiled binding, where its install script puts it. */
const SQLITE_BINDING = 'node_modules/better-sqlite3/build/Release/better_sqlite3.node'

const versionOf = (at: string, name: string) =>
  (
    JSON.parse(fs.readFileSync(path.join(at, 'node_modules', name, 'package.json'), 'utf8')) as {
      version: string
    }
  ).version

/** Where built releases are kept between runs and checkouts: `$XDG_CACHE_HOME/mofu/releases`. */
export const RELEASE_CACHE = path.join(
  process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'),
  'mofu',
  'releases',
)

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
 * packages it then shares. A release never changes, so it is built once per commit and kept in
 * the user's cache folder (RELEASE_CACHE), where the next checkout finds it as npm finds its own
 * cache: rebuilding it is a minute or two of every run that proves nothing new.
 */
export async function buildRelease(release: Release): Promise<BuiltRelease> {
  const dir = path.join(RELEASE_CACHE, release.commit)
  const built = {
    ...release,
    main: path.join(dir, 'dist/server/main.js'),
    mofu: path.join(dir, 'dist/server/mofu.js'),
  }
  const lockfile = (at: string) => fs.readFileSync(path.join(at, 'package-lock.json'), 'utf8')
  const modules = path.join(dir, 'node_modules')
  const ready = () =>
    fs.existsSync(path.join(dir, '.built')) && fs.existsSync(path.join(modules, 'sharp'))
  if (fs.existsSync(path.join(dir, '.built'))) {
    // Packages shared with the checkout that built it go with that checkout; this one's are the
    // same packages when the lockfiles are.
    if (
      fs.lstatSync(modules, { throwIfNoEntry: false })?.isSymbolicLink() === true &&
      lockfile(dir) === lockfile(ROOT)
    ) {
      fs.rmSync(modules)
      fs.symlinkSync(path.join(ROOT, 'node_modules'), modules, 'dir')
    }
    if (ready()) return built
  }
  // Built beside its place and moved there whole: a run stopped half-way, or another checkout
  // building the same release at the same time, never leaves a half-built one to be found.
  const building = `${dir}.${process.pid}.building`
  fs.rmSync(building, { recursive: true, force: true })
  await run('git', ['worktree', 'prune'], { cwd: ROOT })
  await run('git', ['worktree', 'add', '--detach', '--force', building, release.commit], {
    cwd: ROOT,
  })
  // As an operator's shell runs it: not in the test runner's environment (its NODE_ENV=test
  // would build React's development JSX).
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => name !== 'NODE_ENV' && !name.startsWith('VITEST'),
    ),
  )
  if (lockfile(building) === lockfile(ROOT)) {
    fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(building, 'node_modules'), 'dir')
  } else {
    // Install scripts skipped, as the production install test does: the one that matters,
    // compiling better-sqlite3 (about 2 CPU minutes), is this checkout's binding copied when the
    // version is the same, and run otherwise.
    await run('npm', ['ci', '--ignore-scripts', '--prefer-offline', '--no-audit', '--no-fund'], {
      cwd: building,
      env,
      maxBuffer: 64 << 20,
    })
    if (versionOf(building, 'better-sqlite3') === versionOf(ROOT, 'better-sqlite3')) {
      fs.mkdirSync(path.dirname(path.join(building, SQLITE_BINDING)), { recursive: true })
      fs.copyFileSync(path.join(ROOT, SQLITE_BINDING), path.join(building, SQLITE_BINDING))
    } else {
      await run('npm', ['rebuild', 'better-sqlite3'], { cwd: building, env, maxBuffer: 64 << 20 })
    }
  }
  await run('npm', ['run', 'build'], { cwd: building, env, maxBuffer: 64 << 20 })
  fs.writeFileSync(path.join(building, '.built'), `${release.version}\n`)
  if (ready()) {
    fs.rmSync(building, { recursive: true, force: true })
  } else {
    fs.rmSync(dir, { recursive: true, force: true })
    fs.renameSync(building, dir)
  }
  // Its git worktree entry names the folder it was built in, gone now; it is needed no more.
  await run('git', ['worktree', 'prune'], { cwd: ROOT })
  return built
}

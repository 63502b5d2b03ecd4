import { execFileSync } from 'node:child_process'
import fs from 'node:fs'

/** What a packager may name a build by: a commit, or any word of printable ASCII. */
const NAMED_COMMIT = /^[\x21-\x7e]{1,100}$/

/**
 * The commit a build of the checkout at `root` is made from, as /healthz and the startup line
 * report it beside the version (docs/deploying.md "Metrics and health"): `MOFU_COMMIT` when set
 * (a packager building from a tarball names it), else git's HEAD with `-dirty` after it when a
 * file differs from it (changed, or new and not ignored), else `unknown` (no git, or `root` is
 * not the top of a checkout: a tarball unpacked inside some other repository is not that
 * repository's commit). scripts/build.mjs fixes it in the bundle; without a build (tsx, the
 * tests) the server reads it at start.
 */
export function buildCommit(root: string, env: Record<string, string | undefined>): string {
  const named = env.MOFU_COMMIT
  if (named !== undefined && named !== '') {
    if (!NAMED_COMMIT.test(named)) {
      throw new Error('MOFU_COMMIT must be 1 to 100 printable ASCII characters, without spaces')
    }
    return named
  }
  // --no-optional-locks: reading the status takes no lock an editor's git might be waiting on.
  const git = (...args: string[]) =>
    execFileSync('git', ['--no-optional-locks', ...args], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim()
  try {
    if (fs.realpathSync(git('rev-parse', '--show-toplevel')) !== fs.realpathSync(root)) {
      return 'unknown'
    }
    const head = git('rev-parse', 'HEAD')
    return git('status', '--porcelain') === '' ? head : `${head}-dirty`
  } catch {
    return 'unknown'
  }
}

import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { PACKAGE_VERSION } from './package-version'
import type { Release } from './previous-release'

/** This checkout's commit: the one a build of it reports (src/server/build-commit.ts). */
export const CHECKOUT_COMMIT = execFileSync('git', ['rev-parse', 'HEAD'], {
  cwd: path.resolve(import.meta.dirname, '../..'),
  encoding: 'utf8',
}).trim()

/** A build of this checkout: its HEAD, marked `-dirty` when built with changes not committed. */
export const THIS_CHECKOUT = new RegExp(`^${CHECKOUT_COMMIT}(-dirty)?$`)

/** What /healthz answers (docs/api.md "Health and metrics"); a release may predate `commit`. */
export interface Health {
  version?: unknown
  commit?: unknown
}

/**
 * Which build answered /healthz: this checkout's, the release's, or another one. The release
 * names its own version and commit, or `unknown`; one from before /healthz named them (0.1.0
 * answers `{ "status": "ok" }` alone) names neither. Between a release and the tree after it
 * the version alone tells nothing: package.json keeps the release's until the next is cut.
 */
export function whichBuild(
  health: Health,
  release: Release,
): 'this tree' | 'the release' | 'another build' {
  const { version, commit } = health
  if (version === PACKAGE_VERSION && typeof commit === 'string' && THIS_CHECKOUT.test(commit)) {
    return 'this tree'
  }
  const itsCommit = commit === undefined || commit === release.commit || commit === 'unknown'
  const itsVersion = version === release.version || (version === undefined && commit === undefined)
  if (itsVersion && itsCommit) return 'the release'
  return 'another build'
}

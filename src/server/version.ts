import path from 'node:path'
import { version } from '../../package.json'
import { buildCommit } from './build-commit'

/** The commit scripts/build.mjs fixed in the bundle (esbuild's `define`); absent without a build. */
declare const MOFU_BUILD_COMMIT: string | undefined

/**
 * The release this build is (package.json's version), as `mofu --version`, /healthz and the
 * startup line report it: what an operator reads to match a running instance with CHANGELOG.md.
 */
export const MOFU_VERSION: string = version

/**
 * The commit this build was made from (src/server/build-commit.ts), beside the version in
 * /healthz and the startup line: two builds of one version tell apart. Without a build (tsx in
 * development, the tests) it is read from git at start.
 */
export const MOFU_COMMIT: string =
  typeof MOFU_BUILD_COMMIT === 'string'
    ? MOFU_BUILD_COMMIT
    : buildCommit(path.resolve(import.meta.dirname, '../..'), process.env)

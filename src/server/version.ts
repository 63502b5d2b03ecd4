import { version } from '../../package.json'

/**
 * The release this build is (package.json's version), as `mofu --version`, /healthz and the
 * startup line report it: what an operator reads to match a running instance with CHANGELOG.md.
 */
export const MOFU_VERSION: string = version

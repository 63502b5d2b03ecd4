import fs from 'node:fs'
import path from 'node:path'

/** The release package.json names: what the built server and `mofu --version` must report. */
export const PACKAGE_VERSION = (
  JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8')) as {
    version: string
  }
).version

import { ConfigError, loadConfig } from '../../src/server/config'

/**
 * What the ConfigError of `env` lists as wrong, for a server started from /srv/mofu; it fails
 * the test when `env` loads.
 */
export function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env, '/srv/mofu')
  } catch (error) {
    if (error instanceof ConfigError) return error.problems
    throw error
  }
  throw new Error('expected a ConfigError')
}

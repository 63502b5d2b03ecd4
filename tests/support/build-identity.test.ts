import { describe, expect, it } from 'vitest'
import { CHECKOUT_COMMIT, whichBuild } from './build-identity'
import { PACKAGE_VERSION } from './package-version'

const release = { version: PACKAGE_VERSION, commit: '115abd816b9559c3c2df406fd6374415a0a07aef' }

describe('which build answered /healthz', () => {
  it("is this tree by this checkout's commit, built clean or from changed files", () => {
    expect(CHECKOUT_COMMIT).toMatch(/^[0-9a-f]{40}$/)
    for (const commit of [CHECKOUT_COMMIT, `${CHECKOUT_COMMIT}-dirty`]) {
      expect(whichBuild({ version: PACKAGE_VERSION, commit }, release)).toBe('this tree')
    }
  })

  it('is the release by its own commit, unknown, or by naming neither version nor commit', () => {
    for (const health of [
      { version: release.version, commit: release.commit },
      { version: release.version, commit: 'unknown' },
      {},
    ]) {
      expect(whichBuild(health, release), JSON.stringify(health)).toBe('the release')
    }
  })

  it('is another build for any other commit or version, though the version be the same', () => {
    for (const health of [
      { version: PACKAGE_VERSION, commit: '0123abc' },
      { version: PACKAGE_VERSION, commit: `${release.commit}-dirty` },
      { version: '0.0.9', commit: CHECKOUT_COMMIT },
      { version: '0.0.9' },
      { commit: release.commit },
    ]) {
      expect(whichBuild(health, release), JSON.stringify(health)).toBe('another build')
    }
  })
})

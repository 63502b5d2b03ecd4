import { describe, expect, it } from 'vitest'
import { previousRelease, wayBackTo } from './previous-release'

/**
 * The upgrade test goes back to the previous release the way CHANGELOG.md says; a changelog
 * that says no way it knows must fail it, never let it skip going back.
 */

const release = { version: '0.2.0', commit: '0'.repeat(40) }

/** A changelog whose notes above 0.2.0 say `upgrading`, with older sections below. */
const changelog = (upgrading: string) =>
  [
    '# Changelog',
    '## [Unreleased]',
    '### Upgrading',
    upgrading,
    '- New settings: none.',
    '## [0.2.0] - 2027-03-01',
    '- **Going back to 0.2.0 is a restart.** (an older note, about an older release)',
    '## [0.1.0] - 2026-11-27',
  ].join('\n\n')

describe('the way back to the previous release', () => {
  it("is the changelog's own: a restart for 0.2.0", () => {
    const previous = previousRelease()
    expect(previous).toEqual({
      version: '0.2.0',
      commit: 'b6861ee601bb64a0ee5ff1e206340f6b66d24643',
    })
    expect(wayBackTo(previous)).toEqual({ by: 'restart' })
  })

  it('is a restart where the notes above the release say so', () => {
    expect(
      wayBackTo(release, changelog('- **Going back to 0.2.0 is a restart.** Just so.')),
    ).toEqual({ by: 'restart' })
  })

  it('is the backup where they say so, the refusal quoted across lines', () => {
    const said = changelog(
      '- **Going back to 0.2.0 takes the backup made before the upgrade.** 0.2.0 refuses to\n  start on it ("Mofu cannot start: the\n  schema is newer"): restore the backup.',
    )
    expect(wayBackTo(release, said)).toEqual({
      by: 'backup',
      refusal: 'Mofu cannot start: the schema is newer',
    })
  })

  it('fails, saying what to write, where the notes say nothing, something else, or no refusal', () => {
    expect(() => wayBackTo(release, changelog('- Nothing about going back.'))).toThrow(
      'CHANGELOG.md says nowhere above 0.2.0 how to go back to it: "**Going back to 0.2.0 is a restart.**" or "**Going back to 0.2.0 takes the backup made before the upgrade.**"',
    )
    expect(() =>
      wayBackTo(release, changelog('- **Going back to 0.1.0 is a restart.** Another release.')),
    ).toThrow('says nowhere above 0.2.0')
    expect(() =>
      wayBackTo(release, changelog('- **Going back to 0.2.0 takes a dump of the database.**')),
    ).toThrow(
      'CHANGELOG.md says "Going back to 0.2.0 takes a dump of the database", which the upgrade test cannot follow',
    )
    expect(() =>
      wayBackTo(
        release,
        changelog('- **Going back to 0.2.0 takes the backup made before the upgrade.**'),
      ),
    ).toThrow('takes the backup, but quotes no refusal')
    expect(() => wayBackTo({ ...release, version: '0.3.0' }, changelog(''))).toThrow(
      'CHANGELOG.md has no section for 0.3.0',
    )
  })
})

import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { buildCommit } from './build-commit'

const folders: string[] = []
afterEach(() => {
  for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

function folder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mofu-build-commit-'))
  folders.push(dir)
  return dir
}

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=Mofu', '-c', 'user.email=mofu@mofu.test', ...args], {
    cwd,
    encoding: 'utf8',
  }).trim()

/** A checkout of one commit holding package.json, with dist/ ignored. */
function checkout(): { dir: string; head: string } {
  const dir = folder()
  git(dir, 'init', '--quiet')
  fs.writeFileSync(path.join(dir, 'package.json'), '{}\n')
  fs.writeFileSync(path.join(dir, '.gitignore'), 'dist/\nnode_modules\n')
  git(dir, 'add', '.')
  git(dir, 'commit', '--quiet', '-m', 'first')
  return { dir, head: git(dir, 'rev-parse', 'HEAD') }
}

describe('buildCommit', () => {
  it('is HEAD of a clean checkout, whatever its ignored files', () => {
    const { dir, head } = checkout()
    expect(head).toMatch(/^[0-9a-f]{40}$/)
    expect(buildCommit(dir, {})).toBe(head)
    fs.mkdirSync(path.join(dir, 'dist'))
    fs.writeFileSync(path.join(dir, 'dist/main.js'), '')
    // Packages linked in from another checkout, as the worktrees of upgrade tests have them.
    fs.symlinkSync(folder(), path.join(dir, 'node_modules'))
    expect(buildCommit(dir, {})).toBe(head)
  })

  it('marks a checkout with a changed file, a staged one or a new one dirty', () => {
    for (const change of [
      (dir: string) => fs.writeFileSync(path.join(dir, 'package.json'), '{ "changed": true }\n'),
      (dir: string) => {
        fs.writeFileSync(path.join(dir, 'package.json'), '{ "staged": true }\n')
        git(dir, 'add', 'package.json')
      },
      (dir: string) => fs.writeFileSync(path.join(dir, 'new.ts'), ''),
    ]) {
      const { dir, head } = checkout()
      change(dir)
      expect(buildCommit(dir, {})).toBe(`${head}-dirty`)
    }
  })

  it('is unknown outside git, and inside a folder of another checkout (a tarball unpacked there)', () => {
    expect(buildCommit(folder(), {})).toBe('unknown')
    const { dir } = checkout()
    const unpacked = path.join(dir, 'mofu-0.1.0')
    fs.mkdirSync(unpacked)
    fs.writeFileSync(path.join(unpacked, 'package.json'), '{}\n')
    expect(buildCommit(unpacked, {})).toBe('unknown')
  })

  it('is MOFU_COMMIT when a packager names it, which must be printable and short', () => {
    const { dir } = checkout()
    expect(buildCommit(dir, { MOFU_COMMIT: '115abd8-debian1' })).toBe('115abd8-debian1')
    expect(buildCommit(folder(), { MOFU_COMMIT: '115abd8' })).toBe('115abd8')
    expect(buildCommit(dir, { MOFU_COMMIT: '' })).toMatch(/^[0-9a-f]{40}$/)
    for (const wrong of ['two words', 'line\nbreak', 'x'.repeat(101), 'ä']) {
      expect(() => buildCommit(dir, { MOFU_COMMIT: wrong }), JSON.stringify(wrong)).toThrow(
        'MOFU_COMMIT must be 1 to 100 printable ASCII characters, without spaces',
      )
    }
  })
})

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { latestRunSection, PERFORMANCE_DOC, sectionOf } from '../../bench/performance-doc'
import type { BenchResults } from '../../bench/results'
import {
  AUTH_DEFAULT_RATE_LIMIT,
  AUTH_RATE_LIMITS,
  PASSKEY_RATE_LIMITS,
} from '../../src/server/auth/endpoints'
import { LIMITS } from '../../src/server/http/limiter'

/**
 * The documentation is checked, not hoped: its links and anchors resolve, the settings page and
 * .env.example list exactly what config.ts reads, the README's commands are the package's
 * scripts, the limits table is the code's, and the performance page's table is the latest bench
 * run's.
 */

const root = path.resolve(import.meta.dirname, '../..')

function markdownFiles(): string[] {
  const files = ['README.md', 'CHANGELOG.md', 'CONTRIBUTING.md']
  const walk = (dir: string) => {
    for (const name of readdirSync(path.join(root, dir))) {
      const file = path.join(dir, name)
      if (statSync(path.join(root, file)).isDirectory()) walk(file)
      else if (name.endsWith('.md')) files.push(file)
    }
  }
  walk('docs')
  return files
}

/** The text outside fenced blocks and inline code, where links and headings are read. */
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, 'code')
}

/** GitHub's anchor for a heading: lowercase, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-')
}

function anchors(file: string): Set<string> {
  const text = readFileSync(path.join(root, file), 'utf8').replace(/^```[\s\S]*?^```/gm, '')
  const seen = new Map<string, number>()
  const result = new Set<string>()
  for (const match of text.matchAll(/^#{1,6} (.+)$/gm)) {
    const base = slug(match[1] ?? '')
    const count = seen.get(base) ?? 0
    seen.set(base, count + 1)
    result.add(count === 0 ? base : `${base}-${count}`)
  }
  return result
}

/**
 * Every relative link of the root's Markdown files and of docs/ that points at nothing, as
 * `file: target`.
 */
function brokenLinks(): string[] {
  const broken: string[] = []
  for (const file of markdownFiles()) {
    const text = prose(readFileSync(path.join(root, file), 'utf8'))
    for (const match of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = match[1] ?? ''
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue
      const [pathPart, fragment] = target.split('#') as [string, string | undefined]
      const resolved = pathPart === '' ? file : path.join(path.dirname(file), pathPart)
      if (!existsSync(path.join(root, resolved))) {
        broken.push(`${file}: ${target} (no such file)`)
      } else if (fragment !== undefined && !anchors(resolved).has(fragment)) {
        broken.push(`${file}: ${target} (no such heading in ${resolved})`)
      }
    }
  }
  return broken
}

/** The variables config.ts reads: the keys of its environment schema. */
function configuredSettings(): string[] {
  const source = readFileSync(path.join(root, 'src/server/config.ts'), 'utf8')
  const schema = /^const EnvSchema = z\.object\(\{\n([\s\S]*?)^\}\)/m.exec(source)?.[1]
  if (schema === undefined) throw new Error('no EnvSchema in src/server/config.ts')
  return [...schema.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((match) => match[1] ?? '')
}

/** The variables docs/configuration.md's table lists, one row each. */
function documentedSettings(): string[] {
  const page = readFileSync(path.join(root, 'docs/configuration.md'), 'utf8')
  return [...page.matchAll(/^\| `([A-Z][A-Z0-9_]*)` +\|/gm)].map((match) => match[1] ?? '')
}

/** The variables .env.example lists, one a line, commented out or set. */
function exampleSettings(): string[] {
  const example = readFileSync(path.join(root, '.env.example'), 'utf8')
  return [...example.matchAll(/^(?:# )?([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1] ?? '')
}

const scripts = (
  JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>
  }
).scripts

/** The commands of the README's quick start: one a line, or joined by &&. */
function quickStartCommands(): string[] {
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8')
  const section = /^## Quick start\n([\s\S]*?)(?=^## )/m.exec(readme)?.[1]
  const block = section === undefined ? undefined : /^```sh\n([\s\S]*?)^```/m.exec(section)?.[1]
  if (block === undefined) throw new Error('no sh block in the Quick start of README.md')
  return block
    .split('\n')
    .flatMap((line) => line.replace(/#.*$/, '').split('&&'))
    .map((command) => command.trim())
    .filter((command) => command !== '')
}

/** Why an npm command is not what package.json defines, or undefined when it is. */
function unknownCommand(command: string): string | undefined {
  const words = command.split(/\s+/)
  if (words[0] !== 'npm') return `${command}: not an npm command`
  const [verb, name] = [words[1], words[2]]
  if (verb === 'install' || verb === 'ci') return undefined
  if (verb === 'start' || verb === 'test') {
    return scripts[verb] === undefined ? `${command}: package.json has no "${verb}"` : undefined
  }
  if (verb === 'run' && name !== undefined) {
    return scripts[name] === undefined ? `${command}: package.json has no "${name}"` : undefined
  }
  return `${command}: not a script of package.json`
}

/** The body rows of the first markdown table in `file` whose header starts with `firstColumn`. */
function tableRows(file: string, firstColumn: string): string[][] {
  const lines = readFileSync(path.join(root, file), 'utf8').split('\n')
  const start = lines.findIndex((line) => line.startsWith(`| ${firstColumn} `))
  if (start === -1) throw new Error(`${file} has no table starting with "${firstColumn}"`)
  const rows: string[][] = []
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break
    rows.push(
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    )
  }
  return rows
}

const WINDOWS: Record<string, number> = { 'a minute': 60, 'an hour': 3600 }

/** "10 a minute", "3 an hour", "10 in 15 minutes" as a count and a window in seconds. */
function readLimit(text: string): { max: number; windowSeconds: number } | null {
  const match = /^(\d+) (?:(a minute|an hour)|in (\d+) minutes)$/.exec(text)
  if (match === null) return null
  const windowSeconds =
    match[2] === undefined ? Number(match[3]) * 60 : (WINDOWS[match[2]] ?? Number.NaN)
  return { max: Number(match[1]), windowSeconds }
}

describe('documentation', () => {
  it('has no relative link or anchor that points nowhere', () => {
    expect(brokenLinks()).toEqual([])
  })

  it('documents every setting of config.ts, and none that is gone', () => {
    const configured = configuredSettings()
    const documented = documentedSettings()
    expect(configured.length).toBeGreaterThan(20)
    expect({
      undocumented: configured.filter((name) => !documented.includes(name)),
      gone: documented.filter((name) => !configured.includes(name)),
    }).toEqual({ undocumented: [], gone: [] })
  })

  it('lists every setting of config.ts in .env.example, once, and none that is gone', () => {
    const configured = configuredSettings()
    const listed = exampleSettings()
    expect({
      unlisted: configured.filter((name) => !listed.includes(name)),
      gone: listed.filter((name) => !configured.includes(name)),
      twice: listed.filter((name, index) => listed.indexOf(name) !== index),
    }).toEqual({ unlisted: [], gone: [], twice: [] })
  })

  it('gives quick-start commands that package.json defines', () => {
    const commands = quickStartCommands()
    expect(commands.map(unknownCommand).filter(Boolean)).toEqual([])
    expect(commands).toEqual(expect.arrayContaining(['npm install', 'npm start', 'npm test']))
  })

  it('names PORT in the quick start, for when its port is taken', () => {
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8')
    const section = /^## Quick start\n([\s\S]*?)(?=^## )/m.exec(readme)?.[1] ?? ''
    expect(section).toMatch(/`PORT`/)
    expect(section).toContain('troubleshooting.md#mofu-cannot-start-port-already-in-use')
  })

  it("keeps the code's insides out of the guide for people using Mofu", () => {
    // Source files, tables, indexes and migrations belong in the engineers' guides
    // (architecture.md and the like); using.md says what a user sees.
    const using = readFileSync(path.join(root, 'docs/using.md'), 'utf8').split('\n')
    const insides = /src\/|scripts\/|\.tsx?\b|migration|\bindex(es)?\b/i
    const named = using
      .map((line, index) => `${index + 1}: ${line}`)
      .filter((line) => insides.test(line.replace(/^\d+: /, '')))
    expect(named).toEqual([])
  })

  it('names only scripts package.json defines', () => {
    const named = markdownFiles().flatMap((file) =>
      [...readFileSync(path.join(root, file), 'utf8').matchAll(/npm run ([a-z][\w:-]*)/g)].map(
        (match) => `${file}: npm run ${match[1] ?? ''}`,
      ),
    )
    expect(named.length).toBeGreaterThan(0)
    expect(
      named.filter((entry) => unknownCommand(entry.split(': ')[1] ?? '') !== undefined),
    ).toEqual([])
  })

  it("shows the latest bench run's goals as bench/results/latest.json holds them", async () => {
    const results = JSON.parse(
      readFileSync(path.join(root, 'bench/results/latest.json'), 'utf8'),
    ) as BenchResults
    expect(results.goals.length).toBeGreaterThan(0)
    expect(sectionOf(readFileSync(PERFORMANCE_DOC, 'utf8'))).toBe(await latestRunSection(results))
  })

  it("lists Better Auth's limits per endpoint as auth/endpoints.ts sets them", () => {
    const rules = { ...AUTH_RATE_LIMITS, ...PASSKEY_RATE_LIMITS }
    const documented = tableRows('docs/security.md', 'endpoint').map(
      ([endpoint = '', max = '']) => {
        const limited = /`(\/[^`]+)`/.exec(endpoint)?.[1]
        return { path: endpoint.startsWith('any other') ? 'default' : limited, max: Number(max) }
      },
    )
    const coded = [
      ...Object.entries(rules).map(([limited, rule]) => ({ path: limited, ...rule })),
      { path: 'default', ...AUTH_DEFAULT_RATE_LIMIT },
    ]
    expect(coded.every((rule) => rule.window === 60)).toBe(true)
    expect(documented).toEqual(
      expect.arrayContaining(coded.map(({ path: limited, max }) => ({ path: limited, max }))),
    )
    expect(documented).toHaveLength(coded.length)
  })

  it("lists every one of Mofu's own limits as http/limiter.ts sets it, and no other", () => {
    const documented = tableRows('docs/security.md', 'what').flatMap(([, name = '', limit = '']) =>
      name === '' ? [] : [{ name: name.replaceAll('`', ''), ...readLimit(limit) }],
    )
    const coded = Object.values(LIMITS).map(({ name, max, windowSeconds }) => ({
      name,
      max,
      windowSeconds,
    }))
    expect(documented).toEqual(expect.arrayContaining(coded))
    expect(documented).toHaveLength(coded.length)
  })
})

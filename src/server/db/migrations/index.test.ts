import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { MIGRATIONS } from './index'

/** The folder's files that hold no migration, besides the tests. */
const NOT_MIGRATIONS = ['index.ts', 'inputs.ts']

const here = import.meta.dirname
const files = fs
  .readdirSync(here)
  .filter((file) => !NOT_MIGRATIONS.includes(file) && !file.endsWith('.test.ts'))
  .toSorted()
const names = files.map((file) => file.replace(/\.ts$/, ''))

describe('the migration index', () => {
  it('sits among migration files alone, each named as kysely_migration records its migration', () => {
    expect(files.filter((file) => !/^\d{4}_[a-z0-9_]+\.ts$/.test(file))).toEqual([])
  })

  it('gives each number to one migration', () => {
    const numbers = names.map((name) => name.slice(0, 4))
    expect(numbers.filter((number, at) => numbers.indexOf(number) !== at)).toEqual([])
  })

  it('lists every migration file once, in the order of their names', () => {
    expect(Object.keys(MIGRATIONS)).toEqual(names)
  })

  it('lists each under its own file name, which a release is read from git by', () => {
    // migration-compatibility.test.ts finds a release's migrations by their quoted names
    // followed by a colon, anywhere under src: each must appear so once, in the index.
    const quoted = /'(\d{4}_[a-z0-9_]+)'\s*:/g
    const source = fs.readFileSync(path.join(here, 'index.ts'), 'utf8')
    expect([...source.matchAll(quoted)].map((match) => match[1])).toEqual(names)
    for (const file of fs.readdirSync(here).filter((file) => file !== 'index.ts')) {
      expect(fs.readFileSync(path.join(here, file), 'utf8').match(quoted), file).toBeNull()
    }
  })

  it("registers each file's migration under that file's name", async () => {
    for (const name of names) {
      const { migration } = (await import(path.join(here, `${name}.ts`))) as {
        migration: unknown
      }
      expect(MIGRATIONS[name], name).toBe(migration)
    }
  })
})

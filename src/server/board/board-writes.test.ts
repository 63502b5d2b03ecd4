import fs from 'node:fs'
import path from 'node:path'
import { expect, it } from 'vitest'

/**
 * A public profile page is kept drawn by the version of its owner's board, which every board
 * write moves on in boardTransaction (order.ts): a write to a board's tables made outside a
 * transaction leaves the page showing what was, on every instance. The writes are found in the
 * source, as the server makes them: Kysely's insertInto, updateTable and deleteFrom on `likes`,
 * `folders` and `folder_slugs`, each of which must be called on a transaction (`trx`).
 */

const SERVER = path.resolve(import.meta.dirname, '..')
const BOARD_WRITE =
  /(\w+)\s*\.\s*(insertInto|updateTable|deleteFrom)\(\s*'(likes|folders|folder_slugs)'/g

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sources(file)
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : []
  })
}

it('every write to a board table is made on a transaction', () => {
  const writes = sources(SERVER).flatMap((file) =>
    [...fs.readFileSync(file, 'utf8').matchAll(BOARD_WRITE)].map(
      ([, receiver, write, table]) =>
        `${path.relative(SERVER, file)}: ${receiver}.${write}('${table}')`,
    ),
  )
  expect(writes.length).toBeGreaterThan(10)
  expect(writes.filter((write) => !write.includes(': trx.'))).toEqual([])
})

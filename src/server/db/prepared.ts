import type { CompiledQuery, Kysely } from 'kysely'
import type { Tables } from './tables'

/**
 * A query Kysely builds and compiles once, with one placeholder value: each call runs the same
 * SQL text with its own value, so a hot route pays neither the query builder nor the compiler
 * (and SQLite reuses its prepared statement for the text, see database.ts).
 */
export function preparedQuery<Row>(
  db: Kysely<Tables>,
  compiled: CompiledQuery<Row>,
): (value: unknown) => Promise<Row | undefined> {
  if (compiled.parameters.length !== 1) {
    throw new Error(`a prepared query takes one value, this one ${compiled.parameters.length}`)
  }
  return async (value) => (await db.executeQuery<Row>({ ...compiled, parameters: [value] })).rows[0]
}

import type { CompiledQuery } from 'kysely'
import type { Database } from './database'

/**
 * A read Kysely builds and compiles once, with one placeholder value: each call runs the same
 * SQL with its own value on the driver itself (Database.read), so a hot route pays neither the
 * query builder, nor the compiler, nor Kysely's executor; SQLite keeps the statement prepared.
 */
export function preparedQuery<Row>(
  database: Pick<Database, 'read'>,
  compiled: CompiledQuery<Row>,
): (value: unknown) => Promise<Row | undefined> {
  if (compiled.parameters.length !== 1) {
    throw new Error(`a prepared query takes one value, this one ${compiled.parameters.length}`)
  }
  const read = database.read(compiled)
  return async (value) => (await read([value]))[0]
}

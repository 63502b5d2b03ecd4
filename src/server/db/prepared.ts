import {
  CompiledQuery,
  type Compilable,
  type DialectAdapter,
  type QueryResult,
  type Transaction,
} from 'kysely'
import type { Database } from './database'
import type { Tables } from './tables'

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

/** The value a statement is compiled with in place of the value named. */
const placeholderOf = (name: string) => `\u0000placeholder:${name}`

interface CompiledStatement<Names extends string> {
  sql: string
  /** Each parameter: a value named by the call, or one fixed when the statement was built. */
  parameters: ({ named: Names } | { fixed: unknown })[]
}

/**
 * A statement run inside transactions, built and compiled once for each dialect with a
 * placeholder in place of each named value: every call runs the same SQL on its transaction,
 * with its own values bound, past the query builder and the compiler (the board's writes make a
 * few statements each, and building them was a fifth of a heart's CPU). `build` must give the
 * same SQL whatever the values: a value that changes the statement's shape (null in `is null`)
 * needs a statement per shape. A placeholder that ends up in the SQL text rather than bound, or
 * a named value the statement never uses, is refused when it is first compiled. It is built on
 * the first transaction that runs it, so the builder's writes are a transaction's as the
 * board's must be (board/board-writes.test.ts).
 */
export function preparedStatement<Names extends string, Row>(
  names: readonly Names[],
  build: (trx: Transaction<Tables>, values: Readonly<Record<Names, string>>) => Compilable<Row>,
): (
  trx: Transaction<Tables>,
  values: Readonly<Record<Names, unknown>>,
) => Promise<QueryResult<Row>> {
  const byDialect = new WeakMap<DialectAdapter, CompiledStatement<Names>>()
  const compile = (trx: Transaction<Tables>): CompiledStatement<Names> => {
    const placeholders = Object.fromEntries(names.map((name) => [name, placeholderOf(name)]))
    const compiled = build(trx, placeholders as Record<Names, string>).compile()
    const named = new Map(names.map((name) => [placeholderOf(name), name]))
    const parameters = compiled.parameters.map((value) => {
      const name = typeof value === 'string' ? named.get(value) : undefined
      return name === undefined ? { fixed: value } : { named: name }
    })
    for (const name of names) {
      if (compiled.sql.includes(placeholderOf(name))) {
        throw new Error(`the value ${name} is written into the statement’s SQL, not bound`)
      }
      if (!parameters.some((parameter) => 'named' in parameter && parameter.named === name)) {
        throw new Error(`the statement never uses the value ${name}`)
      }
    }
    return { sql: compiled.sql, parameters }
  }
  return async (trx, values) => {
    const adapter = trx.getExecutor().adapter
    let statement = byDialect.get(adapter)
    if (statement === undefined) {
      statement = compile(trx)
      byDialect.set(adapter, statement)
    }
    const bound = statement.parameters.map((parameter) =>
      'named' in parameter ? values[parameter.named] : parameter.fixed,
    )
    return trx.executeQuery(CompiledQuery.raw(statement.sql, bound) as CompiledQuery<Row>)
  }
}

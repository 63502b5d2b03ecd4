/** SQLite and PostgreSQL each report constraint violations their own way. */
const errorCode = (error: unknown) => (error as { code?: unknown } | null)?.code

/** Another row holds the value (a unique index decided a race): another profile the handle. */
export const isUniqueViolation = (error: unknown) =>
  ['SQLITE_CONSTRAINT_UNIQUE', '23505'].includes(String(errorCode(error)))

/** The user was deleted while this request ran (its session was checked just before). */
export const isMissingUser = (error: unknown) =>
  ['SQLITE_CONSTRAINT_FOREIGNKEY', '23503'].includes(String(errorCode(error)))

/**
 * PostgreSQL ended this transaction to break a cycle of transactions waiting on each other's
 * locks (two changes of handle each waiting in a unique index for the other's). SQLite runs
 * one write transaction at a time and has none.
 */
export const isDeadlock = (error: unknown) => errorCode(error) === '40P01'

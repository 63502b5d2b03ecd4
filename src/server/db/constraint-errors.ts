/** SQLite and PostgreSQL each report constraint violations their own way. */
const errorCode = (error: unknown) => (error as { code?: unknown } | null)?.code

/** Another row holds the value (a unique index decided a race): another profile the handle. */
export const isUniqueViolation = (error: unknown) =>
  ['SQLITE_CONSTRAINT_UNIQUE', '23505'].includes(String(errorCode(error)))

/** The user was deleted while this request ran (its session was checked just before). */
export const isMissingUser = (error: unknown) =>
  ['SQLITE_CONSTRAINT_FOREIGNKEY', '23503'].includes(String(errorCode(error)))

import type { DialectName } from '../database'

/**
 * What a migration takes from outside the migration set: the dialect, and the rules from
 * src/shared that a few migrations apply to the rows they convert. db/migrate.ts hands them
 * in, as the layers under the resources take what they need as arguments.
 */
export interface MigrationInputs {
  dialect: DialectName
  /** PAGE_VIEW_PATH_MAX of shared/page-view.ts: how much of a path its views are counted under. */
  pageViewPathMax: number
  /** SKELETON_REPLACEMENTS of shared/handle-skeleton.ts: what a handle's skeleton replaces. */
  skeletonReplacements: readonly (readonly [string, string])[]
  /** uniqueSlug of shared/board.ts: a folder's slug from its name, unlike those `taken`. */
  uniqueSlug: (name: string, taken: ReadonlySet<string>) => string
}

/** Better Auth reads booleans and dates as each dialect stores them natively. */
export function authColumnTypes(dialect: DialectName) {
  return dialect === 'postgres'
    ? ({ bool: 'boolean', date: 'timestamptz' } as const)
    : ({ bool: 'integer', date: 'date' } as const)
}

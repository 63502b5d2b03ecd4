import { randomInt } from 'node:crypto'
import type { Kysely } from 'kysely'
import { handleSkeleton } from '../../shared/handle-skeleton'
import { HANDLE_MAX_LENGTH, handleProblem } from '../../shared/profile'
import type { Tables } from '../db/tables'
import { skeletonsInUse } from './profile-store'

const SUGGESTIONS = 3

/**
 * IDs built from one that is taken or too similar (`sakura` -> `sakura7`, `sakurachan`,
 * `sakura2026`), in the order they are offered; the base is shortened when a suffix would pass
 * the length limit. Random digits vary them from one question to the next.
 */
export function suggestionCandidates(username: string, now = new Date()): string[] {
  const base = username.replace(/\d+$/, '') || username
  const suffixes = [
    String(randomInt(2, 10)),
    'chan',
    String(now.getUTCFullYear()),
    String(randomInt(10, 100)),
    'kun',
    String(randomInt(100, 1000)),
  ]
  return suffixes.map((suffix) => base.slice(0, HANDLE_MAX_LENGTH - suffix.length) + suffix)
}

/**
 * Up to three free IDs for someone who asked for `username`: each valid, not passing for any
 * stored handle or reserved name, and not for one another. Free when asked: a save still goes
 * through the unique indexes.
 */
export async function handleSuggestions(db: Kysely<Tables>, username: string): Promise<string[]> {
  const bySkeleton = new Map<string, string>()
  for (const candidate of suggestionCandidates(username)) {
    const skeleton = handleSkeleton(candidate)
    if (handleProblem(candidate) === null && !bySkeleton.has(skeleton)) {
      bySkeleton.set(skeleton, candidate)
    }
  }
  const inUse = await skeletonsInUse(db, [...bySkeleton.keys()])
  return [...bySkeleton]
    .filter(([skeleton]) => !inUse.has(skeleton))
    .map(([, candidate]) => candidate)
    .slice(0, SUGGESTIONS)
}

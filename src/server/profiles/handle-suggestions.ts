import { randomInt } from 'node:crypto'
import { handleSkeleton } from '../../shared/handle-skeleton'
import { HANDLE_MAX_LENGTH, handleProblem, passesForReserved } from '../../shared/profile'
import type { HandleClaims } from './handle-claims'

const SUGGESTIONS = 3

/**
 * Handles built from one that is taken or too similar (`sakura` -> `sakura7`, `sakurachan`,
 * `sakura2026`), in the order they are offered; the base is shortened when a suffix would pass
 * the length limit. Random digits vary them from one question to the next.
 */
export function suggestionCandidates(handle: string): string[] {
  const base = handle.replace(/\d+$/, '') || handle
  const suffixes = [
    String(randomInt(2, 10)),
    'chan',
    String(new Date().getUTCFullYear()),
    String(randomInt(10, 100)),
    'kun',
    String(randomInt(100, 1000)),
  ]
  return suffixes.map((suffix) => base.slice(0, HANDLE_MAX_LENGTH - suffix.length) + suffix)
}

/**
 * Up to three free handles for someone who asked for `handle`: each valid, held by no one, passing
 * for no stored handle or reserved name, nor for one another. Free when asked: a save still goes
 * through the unique indexes.
 */
export async function handleSuggestions(
  claims: Pick<HandleClaims, 'claimed'>,
  handle: string,
): Promise<string[]> {
  const bySkeleton = new Map<string, string>()
  for (const candidate of suggestionCandidates(handle)) {
    const skeleton = handleSkeleton(candidate)
    if (
      handleProblem(candidate) === null &&
      !passesForReserved(candidate) &&
      !bySkeleton.has(skeleton)
    ) {
      bySkeleton.set(skeleton, candidate)
    }
  }
  const candidates = [...bySkeleton.values()]
  const claimed = await claims.claimed(candidates)
  return candidates.filter((candidate) => !claimed.has(candidate)).slice(0, SUGGESTIONS)
}

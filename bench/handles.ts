import { freeHandleNear, seededHandle } from './seed'
import { randomFrom } from './stats'

/** Distinct lookups per case: enough that few repeat within a run, as with real visitors. */
const POOL_SIZE = 20_000

/**
 * Paths of GET /api/handles/:handle for users 1…`users`: every other one names a taken handle,
 * the rest a free one beside a taken one, picked evenly across the whole range.
 */
export function handlePaths(users: number, seed = 42): string[] {
  const random = randomFrom(seed)
  return Array.from({ length: POOL_SIZE }, (_, k) => {
    const i = 1 + Math.floor(random() * users)
    return `/api/handles/${k % 2 === 0 ? seededHandle(i) : freeHandleNear(i)}`
  })
}

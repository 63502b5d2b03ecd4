/**
 * Handles that pass for one another (README "IDs nobody can impersonate"). The idea of Unicode
 * UTS #39's skeleton, applied to what a handle may hold: every character becomes its prototype
 * from confusables.txt where that table has one within ASCII (`0`→`o`, `1`→`l`, `I`→`l`,
 * `m`→`rn`, `w`→`vv`), plus the look-alike digits the table leaves out (`5`→`s`, `2`→`z`).
 * Handles are compared lowercase, but shown as typed, so `i` stands for `I` too.
 * Two handles with the same skeleton are too similar to both exist.
 */
const PROTOTYPES: Readonly<Record<string, string>> = {
  '0': 'o',
  '1': 'l',
  i: 'l',
  m: 'rn',
  w: 'vv',
  '5': 's',
  '2': 'z',
}

/** The skeleton of a normalized (lowercase letters and digits) handle. */
export function handleSkeleton(username: string): string {
  let skeleton = ''
  for (const character of username) skeleton += PROTOTYPES[character] ?? character
  return skeleton
}

/**
 * The same mapping as SQL, for migrations that fill the skeleton of existing rows. Each
 * replacement's output holds no character a later one replaces, so the order is free.
 */
export const SKELETON_REPLACEMENTS: readonly (readonly [string, string])[] =
  Object.entries(PROTOTYPES)

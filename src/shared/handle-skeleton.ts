/**
 * Handles that pass for one another (docs/using.md "Look-alike IDs"). The idea of Unicode UTS #39's
 * skeleton, applied to what a handle may hold: each character becomes its prototype. The rows of
 * confusables.txt within ASCII give `0`→`O` (here `o`, handles being lowercase), `1`→`l`,
 * `I`→`l` and `m`→`rn`; `w`→`vv`, `5`→`s` and `2`→`z` are look-alikes that table leaves out.
 * Handles are compared lowercase but shown as typed, so `i` stands for `I` too. The table is
 * written here, not read from a package: stored skeletons and the unique index over them must not
 * change when a dependency does. Two handles with the same skeleton are too similar to both exist.
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
export function handleSkeleton(handle: string): string {
  let skeleton = ''
  for (const character of handle) skeleton += PROTOTYPES[character] ?? character
  return skeleton
}

/**
 * The same mapping as SQL, for migrations that fill the skeleton of existing rows. Each
 * replacement's output holds no character a later one replaces, so the order is free.
 */
export const SKELETON_REPLACEMENTS: readonly (readonly [string, string])[] =
  Object.entries(PROTOTYPES)

import type { AnimeType } from '@shared/anime'

/** The anime feature's words (docs/architecture.md "Languages"). */
export const ANIME = {
  search: {
    label: 'Search anime',
    placeholder: 'A title in Japanese or English',
    hint: 'Type a title, then use the arrow keys to choose one and Enter to heart it.',
    results: 'Search results',
    count: (count: number, query: string) =>
      count === 0 ? `No titles match “${query}”.` : count === 1 ? '1 result' : `${count} results`,
    failed: 'The search did not answer. Try again in a moment.',
  },
  heart: {
    add: (title: string) => `Like ${title}`,
    remove: (title: string) => `Remove ${title} from your likes`,
    signIn: 'Sign in to keep the titles you like. Your heart lands once you have.',
    failed: 'That heart did not land. Try again.',
  },
  type: { tv: 'TV', web: 'Web', movie: 'Movie', ova: 'OVA' } satisfies Record<AnimeType, string>,
  board: {
    title: 'Your likes',
    removed: (title: string) => `Removed ${title}.`,
    undo: 'Undo',
  },
}

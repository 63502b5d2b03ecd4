import type { AnimeLanguage, AnimeSeason, AnimeType } from '@shared/anime'

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
  season: {
    winter: 'Winter',
    spring: 'Spring',
    summer: 'Summer',
    autumn: 'Autumn',
  } satisfies Record<AnimeSeason, string>,
  /** "Spring 2026": a season is always named with its year. */
  seasonOfYear: (season: string, year: number) => `${season} ${year}`,
  languages: {
    ja: 'Japanese',
    en: 'English',
    'zh-Hans': 'Chinese (simplified)',
    'zh-Hant': 'Chinese (traditional)',
  } satisfies Record<AnimeLanguage, string>,
  months: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
  /** A day of the calendar, as a title page writes air dates. */
  day: (year: number, month: string, day: number) => `${day} ${month} ${year}`,
  weekdays: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
  title: {
    loading: 'Loading this title…',
    notLoaded: 'This title did not load.',
    tryAgain: 'Try again',
    facts: 'About this title',
    otherTitles: 'Also known as',
    type: 'Type',
    season: 'Season',
    firstAired: { tv: 'First aired', web: 'First streamed', movie: 'Released', ova: 'Released' },
    lastAired: 'Last aired',
    broadcast: 'Broadcast',
    weekly: (weekday: string, time: string) => `${weekday}s at ${time}`,
    daily: (time: string) => `Every day at ${time}`,
    once: (day: string, time: string) => `${day} at ${time}`,
    japanTime: 'Japan time',
    yourTime: (zone: string) => `Your time (${zone})`,
    links: 'Links',
    official: 'Official site',
    watch: 'Where to watch',
    moreAbout: 'More about it',
    likes: (count: number, format: (n: number) => string) =>
      count === 0
        ? 'No one on this Mofu likes it yet.'
        : count === 1
          ? '1 person on this Mofu likes it.'
          : `${format(count)} people on this Mofu like it.`,
    kindOf: (type: string, season: string | null) =>
      season === null ? `${type} anime` : `${type} anime, ${season}`,
    browse: 'Browse the catalog by season',
  },
  browse: {
    title: 'Anime by season',
    tagline: 'Every title in the catalog, by the season it began in. Heart the ones you like.',
    filters: 'Choose a season',
    year: 'Year',
    season: 'Season',
    wholeYear: 'The whole year',
    type: 'Type',
    allTypes: 'All types',
    show: 'Show',
    loading: 'Loading titles…',
    failed: 'These titles did not load.',
    tryAgain: 'Try again',
    empty: 'No titles in the catalog for this choice.',
    more: 'Show more',
    emptyCatalog: 'The catalog has no titles yet. It loads shortly after the server starts.',
  },
  home: {
    title: 'Find an anime',
    newest: 'The newest season in the catalog',
    all: 'Browse every season',
  },
}

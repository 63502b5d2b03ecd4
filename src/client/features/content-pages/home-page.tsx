import { useId, type ReactNode } from 'react'
import { Link } from 'wouter'
import { MofuMascot } from '@client/components/art/mofu-mascot'
import { SceneIcon, type SceneIconName } from '@client/components/art/scene-icons'
import { useNumberFormat } from '@client/lib/i18n/format'
import { useStrings } from '@client/lib/i18n/i18n'
import { useUiState } from '@client/lib/preferences/ui-state'
import { PageHero } from '@client/components/page-hero'

const FILTERS = ['all', 'cosy', 'adventure', 'night'] as const
type Filter = (typeof FILTERS)[number]
type Theme = Exclude<Filter, 'all'>

const MOOD_THEMES = {
  lantern: 'night',
  cup: 'cosy',
  tangerine: 'cosy',
  sunrise: 'adventure',
  shootingStar: 'night',
  key: 'adventure',
  shell: 'adventure',
  dango: 'night',
} as const satisfies Partial<Record<SceneIconName, Theme>>
type MoodIcon = keyof typeof MOOD_THEMES

interface Mood {
  title: string
  line: string
  theme: Theme
  icon: MoodIcon
}

/** The home page's words (docs/architecture.md "Languages"); each mood by its picture. */
export const HOME = {
  title: 'Welcome to Mofu',
  tagline: 'A cosy anime corner for collecting the little moments that make you smile.',
  welcome: (): ReactNode => (
    <>
      <span lang="ja">ようこそ</span>! Take a look around, or start with a walk under the blossoms.
    </>
  ),
  openMap: 'Open SakuraMap',
  about: 'About Mofu',
  today: 'Today on Mofu',
  todayLine: 'Little moods to daydream about. Pick a theme, or take them all.',
  count: (count: number, format: (n: number) => string) =>
    `${format(count)} ${count === 1 ? 'mood' : 'moods'}`,
  filterGroup: 'Filter moods by theme',
  filters: { all: 'All', cosy: 'Cosy', adventure: 'Adventure', night: 'Night skies' },
  moods: {
    lantern: {
      title: 'Lantern walk',
      line: 'Paper lanterns drift down the river; follow them to the very last bridge.',
    },
    cup: {
      title: 'Rainy café',
      line: 'A window seat, warm milk tea and rain tapping out a slow little song.',
    },
    tangerine: {
      title: 'Kotatsu afternoon',
      line: 'Tangerines, a blanket-covered table and absolutely nowhere to be.',
    },
    sunrise: {
      title: 'Summit at sunrise',
      line: 'Climb before dawn and watch the clouds below you turn peach.',
    },
    shootingStar: {
      title: 'Shooting-star picnic',
      line: 'A rooftop, a thermos of cocoa and one wish for every falling star.',
    },
    key: {
      title: 'The gate behind the ivy',
      line: 'An old garden door that only opens in spring. Shall we peek?',
    },
    shell: {
      title: 'Sea-glass hunt',
      line: 'Low tide, bare feet and pockets full of tiny green treasures.',
    },
    dango: {
      title: 'Moon-viewing dango',
      line: 'Sweet rice dumplings stacked high under the roundest moon of autumn.',
    },
  },
}

const THEME_STYLES: Record<Theme, string> = {
  cosy: 'from-peach-300 to-sakura-200 dark:from-peach-700 dark:to-sakura-800',
  adventure: 'from-lavender-200 to-sakura-100 dark:from-lavender-700 dark:to-night-700',
  night: 'from-night-700 to-lavender-600 dark:from-night-900 dark:to-night-600',
}

function MoodCard({ mood, label }: { mood: Mood; label: string }) {
  return (
    <li className="flex flex-col overflow-hidden rounded-2xl border border-line bg-raised shadow-sm transition-shadow hover:shadow-md">
      <div
        aria-hidden="true"
        className={`grid h-24 place-items-center bg-linear-to-br ${THEME_STYLES[mood.theme]}`}
      >
        <SceneIcon name={mood.icon} size={60} />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="font-bold text-ink">{mood.title}</h3>
        <p className="flex-1 text-sm text-ink-muted">{mood.line}</p>
        <p className="self-start rounded-full bg-accent-soft px-2.5 py-0.5 text-xs font-semibold text-accent">
          {label}
        </p>
      </div>
    </li>
  )
}

function TodayOnMofu() {
  const headingId = useId()
  const [filter, setFilter] = useUiState<Filter>('home-filter', 'all', FILTERS)
  const strings = useStrings('home', HOME)
  const format = useNumberFormat()
  const moods = Object.entries(MOOD_THEMES).map(([icon, theme]) => ({
    icon: icon as MoodIcon,
    theme,
    ...strings.moods[icon as MoodIcon],
  }))
  const shown = filter === 'all' ? moods : moods.filter((mood) => mood.theme === filter)

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-2xl font-bold text-ink">
            {strings.today}
          </h2>
          <p className="mt-1 text-ink-muted">{strings.todayLine}</p>
        </div>
        <p aria-live="polite" className="text-sm text-ink-muted">
          {strings.count(shown.length, format)}
        </p>
      </div>

      <div role="group" aria-label={strings.filterGroup} className="flex flex-wrap gap-2">
        {FILTERS.map((option) => {
          const selected = option === filter
          return (
            <button
              key={option}
              type="button"
              aria-pressed={selected}
              onClick={() => setFilter(option)}
              className={`fx-filter-jump rounded-full border px-4 py-2 text-sm font-semibold transition-colors ${
                selected
                  ? 'border-accent bg-accent text-surface shadow-sm'
                  : 'border-line bg-raised text-ink hover:bg-accent-soft'
              }`}
            >
              {strings.filters[option]}
            </button>
          )
        })}
      </div>

      <ul className="grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {shown.map((mood) => (
          <MoodCard key={mood.icon} mood={mood} label={strings.filters[mood.theme]} />
        ))}
      </ul>
    </section>
  )
}

/** `/`: the welcome, then `catalog` (the search box and the newest season), then the moods. */
export function HomePage({ catalog }: { catalog?: ReactNode }) {
  const strings = useStrings('home', HOME)
  return (
    <div className="space-y-10">
      <PageHero
        title={strings.title}
        tagline={strings.tagline}
        art={<MofuMascot mood="happy" size={160} />}
      >
        <p className="text-ink">{strings.welcome()}</p>
        <div className="mt-4 flex flex-wrap gap-3">
          <Link
            to="/sakuramap"
            className="rounded-full bg-cta px-5 py-2.5 font-semibold text-cta-ink shadow-sm transition hover:brightness-105"
          >
            {strings.openMap}
          </Link>
          <Link
            to="/master"
            className="rounded-full border border-line bg-raised px-5 py-2.5 font-semibold text-ink transition hover:bg-accent-soft"
          >
            {strings.about}
          </Link>
        </div>
      </PageHero>
      {catalog}
      <TodayOnMofu />
    </div>
  )
}

import { useId } from 'react'
import { Link } from 'wouter'
import { MofuMascot } from '@client/components/art/mofu-mascot'
import { SceneIcon, type SceneIconName } from '@client/components/art/scene-icons'
import { useUiState } from '@client/lib/preferences/ui-state'
import { PageHero } from '@client/components/page-hero'

const FILTERS = ['all', 'cosy', 'adventure', 'night'] as const
type Filter = (typeof FILTERS)[number]
type Theme = Exclude<Filter, 'all'>

const FILTER_LABELS: Record<Filter, string> = {
  all: 'All',
  cosy: 'Cosy',
  adventure: 'Adventure',
  night: 'Night skies',
}

interface Mood {
  title: string
  line: string
  theme: Theme
  icon: SceneIconName
}

const MOODS: readonly Mood[] = [
  {
    title: 'Lantern walk',
    line: 'Paper lanterns drift down the river; follow them to the very last bridge.',
    theme: 'night',
    icon: 'lantern',
  },
  {
    title: 'Rainy café',
    line: 'A window seat, warm milk tea and rain tapping out a slow little song.',
    theme: 'cosy',
    icon: 'cup',
  },
  {
    title: 'Kotatsu afternoon',
    line: 'Tangerines, a blanket-covered table and absolutely nowhere to be.',
    theme: 'cosy',
    icon: 'tangerine',
  },
  {
    title: 'Summit at sunrise',
    line: 'Climb before dawn and watch the clouds below you turn peach.',
    theme: 'adventure',
    icon: 'sunrise',
  },
  {
    title: 'Shooting-star picnic',
    line: 'A rooftop, a thermos of cocoa and one wish for every falling star.',
    theme: 'night',
    icon: 'shootingStar',
  },
  {
    title: 'The gate behind the ivy',
    line: 'An old garden door that only opens in spring. Shall we peek?',
    theme: 'adventure',
    icon: 'key',
  },
  {
    title: 'Sea-glass hunt',
    line: 'Low tide, bare feet and pockets full of tiny green treasures.',
    theme: 'adventure',
    icon: 'shell',
  },
  {
    title: 'Moon-viewing dango',
    line: 'Sweet rice dumplings stacked high under the roundest moon of autumn.',
    theme: 'night',
    icon: 'dango',
  },
]

const THEME_STYLES: Record<Theme, string> = {
  cosy: 'from-peach-300 to-sakura-200 dark:from-peach-700 dark:to-sakura-800',
  adventure: 'from-lavender-200 to-sakura-100 dark:from-lavender-700 dark:to-night-700',
  night: 'from-night-700 to-lavender-600 dark:from-night-900 dark:to-night-600',
}

function MoodCard({ mood }: { mood: Mood }) {
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
          {FILTER_LABELS[mood.theme]}
        </p>
      </div>
    </li>
  )
}

function TodayOnMofu() {
  const headingId = useId()
  const [filter, setFilter] = useUiState<Filter>('home-filter', 'all', FILTERS)
  const shown = filter === 'all' ? MOODS : MOODS.filter((mood) => mood.theme === filter)

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-2xl font-bold text-ink">
            Today on Mofu
          </h2>
          <p className="mt-1 text-ink-muted">
            Little moods to daydream about. Pick a theme, or take them all.
          </p>
        </div>
        <p aria-live="polite" className="text-sm text-ink-muted">
          {shown.length} {shown.length === 1 ? 'mood' : 'moods'}
        </p>
      </div>

      <div role="group" aria-label="Filter moods by theme" className="flex flex-wrap gap-2">
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
              {FILTER_LABELS[option]}
            </button>
          )
        })}
      </div>

      <ul className="grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {shown.map((mood) => (
          <MoodCard key={mood.title} mood={mood} />
        ))}
      </ul>
    </section>
  )
}

export function HomePage() {
  return (
    <div className="space-y-10">
      <PageHero
        title="Welcome to Mofu"
        tagline="A cosy anime corner for collecting the little moments that make you smile."
        art={<MofuMascot mood="happy" size={160} />}
      >
        <p className="text-ink">
          <span lang="ja">ようこそ</span>! Take a look around, or start with a walk under the
          blossoms.
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          <Link
            to="/sakuramap"
            className="rounded-full bg-cta px-5 py-2.5 font-semibold text-cta-ink shadow-sm transition hover:brightness-105"
          >
            Open SakuraMap
          </Link>
          <Link
            to="/master"
            className="rounded-full border border-line bg-raised px-5 py-2.5 font-semibold text-ink transition hover:bg-accent-soft"
          >
            About Mofu
          </Link>
        </div>
      </PageHero>
      <TodayOnMofu />
    </div>
  )
}

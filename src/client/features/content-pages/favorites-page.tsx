import type { ReactNode } from 'react'
import { MofuMascot } from '@client/components/art/mofu-mascot'
import { SceneIcon } from '@client/components/art/scene-icons'
import { ComingSoon, PageHero } from '@client/components/page-hero'
import { PageSection } from '@client/components/page-section'
import { useStrings } from '@client/lib/i18n/i18n'

/** The Like page's words (docs/architecture.md "Languages"); each step by its picture. */
export const FAVORITES = {
  title: 'Like',
  tagline: 'Everything you have hearted on Mofu, gathered in one cosy place.',
  soonTitle: 'Your likes are on their way',
  soon: (): ReactNode => (
    <>
      We are still stitching this page together. Soon every heart you give will land here, your own
      little <span lang="ja">お気に入り</span> (favourites) shelf.
    </>
  ),
  howTitle: 'How it will work',
  steps: {
    heart: {
      title: 'Tap the heart',
      text: 'Spot something lovely anywhere on Mofu and give it a heart.',
    },
    pin: {
      title: 'Pin the best ones',
      text: 'Pin your very favourites so they stay at the top.',
    },
    basket: {
      title: 'Come back any time',
      text: 'Everything you liked waits here, in one soft pile.',
    },
  },
}
const STEPS = ['heart', 'pin', 'basket'] as const

export function FavoritesPage() {
  const strings = useStrings('favorites', FAVORITES)
  return (
    <div className="space-y-10">
      <PageHero
        title={strings.title}
        tagline={strings.tagline}
        art={<MofuMascot mood="happy" size={140} />}
      />
      <ComingSoon title={strings.soonTitle}>
        <p>{strings.soon()}</p>
      </ComingSoon>
      <PageSection title={strings.howTitle}>
        <ol className="grid gap-4 sm:grid-cols-3">
          {STEPS.map((icon, index) => (
            <li key={icon} className="rounded-2xl border border-line bg-raised p-4 shadow-sm">
              <SceneIcon name={icon} size={48} />
              <h3 className="mt-2 font-bold text-ink">
                {index + 1}. {strings.steps[icon].title}
              </h3>
              <p className="mt-1 text-sm text-ink-muted">{strings.steps[icon].text}</p>
            </li>
          ))}
        </ol>
      </PageSection>
    </div>
  )
}

import { MofuMascot } from '@client/components/art/mofu-mascot'
import { SceneIcon } from '@client/components/art/scene-icons'
import { ComingSoon, PageHero } from '@client/components/page-hero'
import { PageSection } from '@client/components/page-section'

const STEPS = [
  {
    icon: 'heart',
    title: 'Tap the heart',
    text: 'Spot something lovely anywhere on Mofu and give it a heart.',
  },
  {
    icon: 'pin',
    title: 'Pin the best ones',
    text: 'Pin your very favourites so they stay at the top.',
  },
  {
    icon: 'basket',
    title: 'Come back any time',
    text: 'Everything you liked waits here, in one soft pile.',
  },
] as const

export function FavoritesPage() {
  return (
    <div className="space-y-10">
      <PageHero
        title="Like"
        tagline="Everything you have hearted on Mofu, gathered in one cosy place."
        art={<MofuMascot mood="happy" size={140} />}
      />
      <ComingSoon title="Your likes are on their way">
        <p>
          We are still stitching this page together. Soon every heart you give will land here, your
          own little <span lang="ja">お気に入り</span> (favourites) shelf.
        </p>
      </ComingSoon>
      <PageSection title="How it will work">
        <ol className="grid gap-4 sm:grid-cols-3">
          {STEPS.map((step, index) => (
            <li key={step.title} className="rounded-2xl border border-line bg-raised p-4 shadow-sm">
              <SceneIcon name={step.icon} size={48} />
              <h3 className="mt-2 font-bold text-ink">
                {index + 1}. {step.title}
              </h3>
              <p className="mt-1 text-sm text-ink-muted">{step.text}</p>
            </li>
          ))}
        </ol>
      </PageSection>
    </div>
  )
}

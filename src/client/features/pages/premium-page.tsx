import { Link } from 'wouter'
import { MofuMascot } from '@client/components/art/mofu-mascot'
import { SceneIcon } from '@client/components/art/scene-icons'
import { ComingSoon, PageHero } from '@client/components/page-hero'
import { PageSection } from '@client/components/page-section'

const REASONS = [
  {
    icon: 'house',
    title: 'Keeps the lights on',
    text: 'Servers, storage for avatars and the mail that verifies your address all cost a little every month.',
  },
  {
    icon: 'blossom',
    title: 'Keeps Mofu ad-free',
    text: 'Support instead of advertising means no ad banners growing between the blossoms.',
  },
  {
    icon: 'sprout',
    title: 'Helps Mofu grow',
    text: 'New sections, new art and more time to care for the ones already here.',
  },
] as const

export function PremiumPage() {
  return (
    <div className="space-y-10">
      <PageHero
        title="Premium"
        tagline="Support the site you enjoy, and keep this cosy corner open for everyone."
        art={<MofuMascot mood="happy" size={140} />}
      />
      <PageSection title="Why Premium exists">
        <p>
          Mofu is self-hosted, open-source software. This site is run by whoever operates this Mofu
          instance (the operator), and Premium is how you can chip in towards what running it costs.
          Everything that is free today stays free.
        </p>
        <ul className="grid gap-4 pt-1 sm:grid-cols-3">
          {REASONS.map((reason) => (
            <li
              key={reason.title}
              className="rounded-2xl border border-line bg-raised p-4 shadow-sm"
            >
              <SceneIcon name={reason.icon} size={48} />
              <h3 className="mt-2 font-bold text-ink">{reason.title}</h3>
              <p className="mt-1 text-sm text-ink-muted">{reason.text}</p>
            </li>
          ))}
        </ul>
      </PageSection>
      <ComingSoon title="Premium plans are not open yet">
        <p>
          Every account is on the free plan for now, and there is nothing to pay. When Premium
          opens, this page will show exactly what it costs and what it adds, before you decide
          anything.
        </p>
        <p>
          <span lang="ja">ありがとう</span> (thank you): just being here already helps. Curious who
          is behind this site? Say hello on the{' '}
          <Link to="/master" className="font-semibold text-accent underline underline-offset-2">
            About page
          </Link>
          .
        </p>
      </ComingSoon>
    </div>
  )
}

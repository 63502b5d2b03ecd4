import type { ReactNode } from 'react'
import { MofuMascot } from '@client/components/art/mofu-mascot'
import { SceneIcon } from '@client/components/art/scene-icons'
import { ComingSoon, PageHero } from '@client/components/page-hero'
import { PageSection, RICH, type RichText } from '@client/components/page-section'
import { useStrings } from '@client/lib/i18n/i18n'

/** The Premium page's words (docs/architecture.md "Languages"); each reason by its picture. */
export const PREMIUM = {
  title: 'Premium',
  tagline: 'Support the site you enjoy, and keep this cosy corner open for everyone.',
  whyTitle: 'Why Premium exists',
  why: 'Mofu is self-hosted, open-source software. This site is run by whoever operates this Mofu instance (the operator), and Premium is how you can chip in towards what running it costs. Everything that is free today stays free.',
  reasons: {
    house: {
      title: 'Keeps the lights on',
      text: 'Servers, storage for avatars and the mail that verifies your address all cost a little every month.',
    },
    blossom: {
      title: 'Keeps Mofu ad-free',
      text: 'Support instead of advertising means no ad banners growing between the blossoms.',
    },
    sprout: {
      title: 'Helps Mofu grow',
      text: 'New sections, new art and more time to care for the ones already here.',
    },
  },
  soonTitle: 'Premium plans are not open yet',
  soon: 'Every account is on the free plan for now, and there is nothing to pay. When Premium opens, this page will show exactly what it costs and what it adds, before you decide anything.',
  thanks: ({ link }: RichText): ReactNode => (
    <>
      <span lang="ja">ありがとう</span> (thank you): just being here already helps. Curious who is
      behind this site? Say hello on the {link('/master', 'About page')}.
    </>
  ),
}
const REASONS = ['house', 'blossom', 'sprout'] as const

export function PremiumPage() {
  const strings = useStrings('premium', PREMIUM)
  return (
    <div className="space-y-10">
      <PageHero
        title={strings.title}
        tagline={strings.tagline}
        art={<MofuMascot mood="happy" size={140} />}
      />
      <PageSection title={strings.whyTitle}>
        <p>{strings.why}</p>
        <ul className="grid gap-4 pt-1 sm:grid-cols-3">
          {REASONS.map((icon) => (
            <li key={icon} className="rounded-2xl border border-line bg-raised p-4 shadow-sm">
              <SceneIcon name={icon} size={48} />
              <h3 className="mt-2 font-bold text-ink">{strings.reasons[icon].title}</h3>
              <p className="mt-1 text-sm text-ink-muted">{strings.reasons[icon].text}</p>
            </li>
          ))}
        </ul>
      </PageSection>
      <ComingSoon title={strings.soonTitle}>
        <p>{strings.soon}</p>
        <p>{strings.thanks(RICH)}</p>
      </ComingSoon>
    </div>
  )
}

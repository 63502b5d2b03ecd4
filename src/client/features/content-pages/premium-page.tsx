import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { PlansSchema, type PinAllowance, type Plan } from '@shared/plans'
import { AllowanceMeter } from '@client/components/allowance-meter'
import { MofuMascot } from '@client/components/art/mofu-mascot'
import { SceneIcon } from '@client/components/art/scene-icons'
import { PageHero } from '@client/components/page-hero'
import { PageSection, RICH, type RichText } from '@client/components/page-section'
import { Button, Notice } from '@client/components/ui'
import { requestJson } from '@client/lib/http'
import { useDateFormat, useNumberFormat } from '@client/lib/i18n/format'
import { useLanguage, useStrings } from '@client/lib/i18n/i18n'
import { queryClient } from '@client/lib/query-client'

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
  plansTitle: 'The plans on this site',
  plansIntro:
    'What each plan gives, as the people who run this site set it up. A period of pins is 30 days from the first pin after the last period ended; pins used stay used when you unpin.',
  pins: (count: string) => `${count} pins a period`,
  folders: (count: string) => `${count} folders on your board`,
  publicFolders: (count: string) => `${count} of them public`,
  yours: 'Your plan',
  loading: 'Loading the plans…',
  loadFailed: 'The plans could not be loaded.',
  retry: 'Try again',
  mineTitle: 'Your plan and your pins',
  onPlan: (plan: string) => `You are on ${plan}.`,
  onPlanUntil: (plan: string, date: string) =>
    `You are on ${plan} until ${date}. Then your account goes back to the free plan by itself, and nothing is deleted: what is over its limits stays.`,
  howTitle: 'How to get Premium here',
  howLink: 'Get Premium',
  howUnsaid:
    'This site has not said yet how to get Premium. Ask the people who run it: the Contact link is at the foot of every page.',
  thanks: ({ link }: RichText): ReactNode => (
    <>
      <span lang="ja">ありがとう</span> (thank you): just being here already helps. Curious who is
      behind this site? Say hello on the {link('/master', 'About page')}.
    </>
  ),
}
const REASONS = ['house', 'blossom', 'sprout'] as const

const plansQuery = {
  queryKey: ['plans'],
  queryFn: () => requestJson('/api/plans', PlansSchema),
  staleTime: Infinity,
}

/** A plan's label in the language shown, its English where the operator gave no other. */
function useLabel(): (plan: Pick<Plan, 'label'>) => string {
  const language = useLanguage()
  return ({ label }) => (language === 'ja' ? label.ja : undefined) ?? label.en
}

/**
 * /premium: why Premium exists, the plans side by side, the signed-in viewer's own plan and pins
 * (`own`, undefined signed out or until loaded), and how to get Premium on this site.
 */
export function PremiumPage({ own }: { own: PinAllowance | undefined }) {
  const strings = useStrings('premium', PREMIUM)
  const plans = useQuery(plansQuery, queryClient)
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
      {own !== undefined && <OwnPlan profile={own} plans={plans.data?.plans ?? []} />}
      <PageSection title={strings.plansTitle}>
        <p>{strings.plansIntro}</p>
        {plans.isError ? (
          <div className="space-y-3">
            <Notice tone="error">{strings.loadFailed}</Notice>
            <Button
              variant="secondary"
              busy={plans.isFetching}
              onClick={() => void plans.refetch()}
            >
              {strings.retry}
            </Button>
          </div>
        ) : plans.data === undefined ? (
          <p role="status">{strings.loading}</p>
        ) : (
          <PlanCards plans={plans.data.plans} mine={own?.plan} />
        )}
      </PageSection>
      <PageSection title={strings.howTitle}>
        {plans.data === undefined ? null : plans.data.howTo === null ? (
          <p>{strings.howUnsaid}</p>
        ) : (
          <HowTo text={plans.data.howTo.text} url={plans.data.howTo.url} />
        )}
        <p>{strings.thanks(RICH)}</p>
      </PageSection>
    </div>
  )
}

/** The plans side by side, the viewer's own marked as theirs. */
function PlanCards({ plans, mine }: { plans: readonly Plan[]; mine: string | undefined }) {
  const strings = useStrings('premium', PREMIUM)
  const number = useNumberFormat()
  const label = useLabel()
  return (
    <ul className="grid gap-4 pt-1 sm:grid-cols-2 lg:grid-cols-3">
      {plans.map((plan) => (
        <li
          key={plan.name}
          aria-current={plan.name === mine ? 'true' : undefined}
          className={`rounded-2xl border bg-raised p-4 shadow-sm ${plan.name === mine ? 'border-accent ring-2 ring-accent' : 'border-line'}`}
        >
          <h3 className="flex flex-wrap items-center gap-2 text-lg font-bold text-ink">
            {label(plan)}
            {plan.name === mine && (
              <span className="rounded-full bg-accent-soft px-2.5 py-0.5 text-xs font-semibold text-accent">
                {strings.yours}
              </span>
            )}
          </h3>
          <ul className="mt-2 space-y-1 text-sm text-ink-muted">
            <li>{strings.pins(number(plan.pins))}</li>
            <li>{strings.folders(number(plan.folders))}</li>
            <li>{strings.publicFolders(number(plan.publicFolders))}</li>
          </ul>
        </li>
      ))}
    </ul>
  )
}

/** The signed-in viewer's plan, its end, and the pins of this period. */
function OwnPlan({ profile, plans }: { profile: PinAllowance; plans: readonly Plan[] }) {
  const strings = useStrings('premium', PREMIUM)
  const date = useDateFormat()
  const label = useLabel()
  const plan = label(
    plans.find((known) => known.name === profile.plan) ?? { label: { en: profile.plan } },
  )
  return (
    <PageSection title={strings.mineTitle}>
      <p className="text-ink">
        {profile.planUntil === null
          ? strings.onPlan(plan)
          : strings.onPlanUntil(plan, date(new Date(profile.planUntil), true))}
      </p>
      <AllowanceMeter
        used={profile.usedPinCount}
        total={profile.pinCount}
        resetAt={profile.pinResetAt}
      />
    </PageSection>
  )
}

/** How to get Premium on this site, in the operator's words and with their link. */
function HowTo({ text, url }: { text: Plan['label']; url: string }) {
  const strings = useStrings('premium', PREMIUM)
  const label = useLabel()
  return (
    <div className="space-y-3">
      <p className="text-ink">{label({ label: text })}</p>
      <a
        href={url}
        rel="noopener"
        className="inline-flex items-center justify-center rounded-full bg-cta px-5 py-2.5 font-semibold text-cta-ink shadow-md transition hover:brightness-105"
      >
        {strings.howLink}
      </a>
    </div>
  )
}

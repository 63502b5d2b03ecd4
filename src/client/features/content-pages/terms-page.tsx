import type { ReactNode } from 'react'
import { MofuMascot } from '@client/components/art/mofu-mascot'
import { PageHero } from '@client/components/page-hero'
import { PageSection, RICH, type RichText } from '@client/components/page-section'
import { useStrings } from '@client/lib/i18n/i18n'

const list = 'list-disc space-y-2 pl-5'

/** The terms page's words (docs/architecture.md "Languages"): each section's title and body, in order. */
export const TERMS = {
  title: 'Terms',
  tagline: 'The house rules for using this Mofu site, in plain words.',
  sections: {
    who: {
      title: 'Who you are dealing with',
      body: (): ReactNode => (
        <>
          <p>
            Mofu is self-hosted, open-source software. This site is run by whoever operates this
            Mofu instance (&ldquo;the operator&rdquo;), and these terms are between you and the
            operator. The people who wrote the software are not part of this agreement unless they
            also run this site.
          </p>
          <p>
            By using the site you agree to these terms. If you do not agree, please do not use it.
          </p>
        </>
      ),
    },
    account: {
      title: 'Your account',
      body: (): ReactNode => (
        <ul className={list}>
          <li>
            Give a real e-mail address you can read: you will need it to verify your account and to
            reset your password.
          </li>
          <li>
            Keep your password to yourself. You are responsible for what happens in your account.
          </li>
          <li>
            Handles are first come, first served. Please do not pick one to impersonate someone
            else; the operator may ask you to change a handle that does, or that is offensive.
          </li>
          <li>
            You can delete your account at any time from your profile. That removes your profile,
            avatar, sessions and account; your handle is kept from others for 30 days, then freed.
          </li>
        </ul>
      ),
    },
    share: {
      title: 'What you share',
      body: (): ReactNode => (
        <p>
          Your profile name, handle and avatar stay yours. By adding them, you allow the operator to
          store them and show them on this site so it can work for you. Only upload pictures you
          have the right to use, and nothing illegal, hateful or meant to hurt someone.
        </p>
      ),
    },
    kind: {
      title: 'Be kind to the site, too',
      body: (): ReactNode => (
        <>
          <ul className={list}>
            <li>No spam, no harassment, and no sharing other people&apos;s private details.</li>
            <li>
              Do not try to break into accounts, get around the limits on sign-in attempts, or
              overload the server.
            </li>
            <li>Do not scrape the site to collect other people&apos;s data.</li>
          </ul>
          <p>
            The operator may suspend or remove accounts that break these rules, and will try to tell
            you why.
          </p>
        </>
      ),
    },
    premium: {
      title: 'Premium and the shop',
      body: (): ReactNode => (
        <p>
          Both are still being built. Every account is on the free plan and nothing is for sale yet.
          Before any paid feature opens, these terms will say what it costs, what you get and how to
          cancel.
        </p>
      ),
    },
    guarantees: {
      title: 'No guarantees',
      body: (): ReactNode => (
        <p>
          Mofu is made with care, but it is offered as it is. Sections may change, features may come
          and go, and the site may sometimes be down. As far as the law where you live allows, the
          operator is not responsible for losses caused by using, or not being able to use, this
          site. Nothing here takes away rights that the law gives you and that cannot be waived.
        </p>
      ),
    },
    changes: {
      title: 'Changes and contact',
      body: ({ link }: RichText): ReactNode => (
        <>
          <p>
            If these terms change, this page changes with them; continuing to use the site means you
            accept the new version. Questions go to the operator through the Contact link at the
            bottom of the page.
          </p>
          <p>
            How your data is handled is explained on the {link('/privacy', 'Privacy')} and{' '}
            {link('/cookies', 'Cookies')} pages.
          </p>
        </>
      ),
    },
  },
}

export function TermsPage() {
  const strings = useStrings('terms', TERMS)
  return (
    <div className="max-w-4xl space-y-10">
      <PageHero
        title={strings.title}
        tagline={strings.tagline}
        art={<MofuMascot mood="calm" size={128} />}
      />
      {Object.entries(strings.sections).map(([key, section]) => (
        <PageSection key={key} title={section.title}>
          {section.body(RICH)}
        </PageSection>
      ))}
    </div>
  )
}

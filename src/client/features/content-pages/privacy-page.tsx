import type { ReactNode } from 'react'
import { MofuMascot } from '@client/components/art/mofu-mascot'
import { PageHero } from '@client/components/page-hero'
import { InfoTable, PageSection, RICH, type RichText } from '@client/components/page-section'
import { useStrings } from '@client/lib/i18n/i18n'

const linkClass = 'font-semibold text-accent underline underline-offset-2'
const strong = (text: string) => <strong className="text-ink">{text}</strong>

/** The privacy page's words (docs/architecture.md "Languages"). */
export const PRIVACY = {
  title: 'Privacy',
  tagline: 'What this Mofu site stores about you, why, and how to make it forget.',
  glanceTitle: 'At a glance',
  glance: [
    'Mofu shows no ads.',
    "Mofu's own page-view counter uses no cookies, IP addresses, user ids or fingerprints.",
    'One cookie remembers dark mode and one the language; a third exists only while you are signed in.',
    'Your account holds only what it needs, and you can delete it yourself at any time.',
  ],
  whoTitle: 'Who looks after your data',
  who: (): ReactNode => (
    <>
      <p>
        Mofu is self-hosted, open-source software: anyone can run their own copy. This site is run
        by whoever operates this Mofu instance, called &ldquo;the operator&rdquo; on these pages.
        The operator chooses where the server, database and file storage live, and is responsible
        for the data described here.
      </p>
      <p>
        The people who wrote the Mofu software receive none of it, unless they also operate this
        site. To reach the operator, use the Contact link at the bottom of the page.
      </p>
    </>
  ),
  visitTitle: 'When you just visit',
  visit: ({ link, key }: RichText, newTab: ReactNode): ReactNode => (
    <>
      <p>
        {strong('Page views.')} Each time you move to another page, your browser tells this
        site&apos;s own server the path of the page and of the page you came from, both without
        query strings. The server stores them with the time. No cookie, IP address, user id or
        device fingerprint goes with them, so a page view cannot be linked to you.
      </p>
      <p>
        {strong('Google Analytics, only if switched on.')} If the operator has set a Google
        Analytics measurement id, Google&apos;s tag manager also loads and receives the same page
        views, and{' '}
        <a
          href="https://policies.google.com/privacy"
          className={linkClass}
          target="_blank"
          rel="noopener noreferrer"
        >
          Google&apos;s privacy policy
          {newTab}
        </a>{' '}
        applies to what Google collects. Without that id, no third-party script is loaded at all.
      </p>
      <p>
        {strong('Server logs.')} Mofu writes a short technical line for each request (method, path,
        status and timing) to help the operator fix problems; it does not include your IP address.
        The operator&apos;s hosting may keep its own access logs.
      </p>
      <p>
        {strong('Preferences.')} Dark mode is remembered in a cookie called {key('darkMode')}, and
        other choices such as the theme, the heading font and the animation switches stay in your
        browser&apos;s local storage and are never sent to the server. The language you see the site
        in is kept in a cookie called {key('lang')}, so the server answers in it. The{' '}
        {link('/cookies', 'Cookies page')} lists every one of them.
      </p>
    </>
  ),
  accountTitle: 'When you make an account',
  accountIntro: 'An account stores the following, and nothing else:',
  tableCaption: 'What your account stores',
  tableColumns: ['What', 'Why'],
  accountData: [
    ['E-mail address', 'Signing in, verifying your address and resetting your password.'],
    [
      'Password',
      'Signing in. Stored only as a hash (a one-way scramble), so nobody can read it back, not even the operator.',
    ],
    ['E-mail verified (yes or no)', 'Only verified addresses can stay signed in.'],
    ['Sessions', 'Keeping you signed in on each device until you sign out or the session ends.'],
    ['Profile name', 'The name shown on your profile.'],
    [
      'Handle (@id)',
      'Your unique id. Kept in lowercase to check it is unique, and as you typed it for display.',
    ],
    [
      'Avatar image',
      'Your picture. It is re-encoded when you upload it, which removes hidden metadata such as GPS location.',
    ],
    ['Plan and pin counters', "Your plan (everyone is on 'free' today) and counters for pins."],
  ],
  kept: 'All of it is kept until you delete your account; a session also ends when you sign out.',
  google:
    'If you sign in with Google, Google shares your Google e-mail address, name and profile picture with this site.',
  mailTitle: 'E-mail we send',
  mail: 'Only two kinds: a link to verify your e-mail address, and a link to reset your password when you ask for one. No newsletters and no marketing.',
  safeTitle: 'Keeping things safe',
  safe: [
    'To stop people from guessing passwords or flooding the site, Mofu briefly counts sign-in, sign-up and password-reset attempts per address. These counters are short-lived and used for nothing else.',
    'Your sign-in cookie cannot be read by scripts on the page, and on https it only travels over encrypted connections.',
  ],
  choicesTitle: 'Your choices',
  choices: [
    'Change your name, handle or avatar at any time in the Account panel.',
    'Delete your account from the profile view. This removes your profile, your avatar file, all your sessions and the account itself. Your handle stays reserved for 30 days, so nobody can take it to pass for you, and is then free for someone else.',
    "Clear this site's cookies and local storage in your browser whenever you like. In Settings, turning off full-state persistence stops Mofu from remembering small UI choices and clears the ones it kept.",
    'For a copy of your data, a correction, or any other privacy question, contact the operator through the Contact link. Depending on where you live, data-protection law may give you further rights, and the operator is the one to ask.',
  ],
  changesTitle: 'Changes to this page',
  changes: ({ link }: RichText): ReactNode => (
    <p>
      If the way this site handles data changes, this page changes with it. See also the{' '}
      {link('/cookies', 'Cookies')} and {link('/terms', 'Terms')} pages.
    </p>
  ),
  newTab: ' (opens in a new tab)',
}

export function PrivacyPage() {
  const strings = useStrings('privacy', PRIVACY)
  return (
    <div className="max-w-4xl space-y-10">
      <PageHero
        title={strings.title}
        tagline={strings.tagline}
        art={<MofuMascot mood="calm" size={128} />}
      />

      <PageSection
        title={strings.glanceTitle}
        className="rounded-3xl border border-line bg-raised p-6 shadow-sm"
      >
        <ul className="space-y-2">
          {strings.glance.map((item) => (
            <li key={item} className="flex gap-3">
              <span aria-hidden="true" className="text-accent">
                ✿
              </span>
              <span>{item}</span>
            </li>
          ))}
        </ul>
      </PageSection>

      <PageSection title={strings.whoTitle}>{strings.who()}</PageSection>

      <PageSection title={strings.visitTitle}>
        {strings.visit(RICH, <span className="sr-only">{strings.newTab}</span>)}
      </PageSection>

      <PageSection title={strings.accountTitle}>
        <p>{strings.accountIntro}</p>
        <InfoTable
          caption={strings.tableCaption}
          columns={strings.tableColumns}
          rows={strings.accountData}
        />
        <p>{strings.kept}</p>
        <p>{strings.google}</p>
      </PageSection>

      <PageSection title={strings.mailTitle}>
        <p>{strings.mail}</p>
      </PageSection>

      <PageSection title={strings.safeTitle}>
        {strings.safe.map((text) => (
          <p key={text}>{text}</p>
        ))}
      </PageSection>

      <PageSection title={strings.choicesTitle}>
        <ul className="list-disc space-y-2 pl-5">
          {strings.choices.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      </PageSection>

      <PageSection title={strings.changesTitle}>{strings.changes(RICH)}</PageSection>
    </div>
  )
}

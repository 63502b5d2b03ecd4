import type { ReactNode } from 'react'
import { MAIL_KINDS, type MailKind } from '@shared/mail-kinds'
import { PREFERENCE_NAMES } from '@shared/preferences'
import { MofuMascot } from '@client/components/art/mofu-mascot'
import { PageHero } from '@client/components/page-hero'
import { PageSection, RICH, type RichText } from '@client/components/page-section'
import { useListFormat } from '@client/lib/i18n/format'
import { useStrings } from '@client/lib/i18n/i18n'
import { PREFERENCE_LABELS } from './preference-labels'
import { STORED_DATA_TABLE, StoredDataTable, type ProfileFieldLabels } from './privacy-stored-data'

const linkClass = 'font-semibold text-accent underline underline-offset-2'
const strong = (text: string) => <strong className="text-ink">{text}</strong>

/**
 * The privacy page's words (docs/architecture.md "Languages"). Its lists follow the code: a kind
 * of mail (MAIL_KINDS), a kind of stored data (STORED_DATA, held to the tables) or a preference
 * added there needs its words here, those of the table in STORED_DATA_TABLE
 * (privacy-stored-data.tsx); a profile field is named by its label in the edit form unless the
 * table words it otherwise. privacy-and-cookies-pages.test.tsx checks the page shows them.
 */
export const PRIVACY = {
  title: 'Privacy',
  tagline: 'What this Mofu site keeps about you, why, for how long, and how to make it forget.',
  glanceTitle: 'At a glance',
  glance: [
    'Mofu shows no ads.',
    "Mofu's own page-view counter uses no cookies, IP addresses, user ids or fingerprints.",
    'Two cookies remember dark mode and the language; signing in sets a few more. The Cookies page lists each one.',
    'Your account keeps what the table below lists, and you can download a copy or delete it yourself at any time.',
    "The server's log notes the IP address of each sign-in and of other security events.",
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
  visit: ({ link, key }: RichText, newTab: ReactNode, preferences: string): ReactNode => (
    <>
      <p>
        {strong('Page views.')} Each time you move to another page, your browser tells this
        site&apos;s own server the path of the page and of the page you came from, both without
        query strings. The server only adds one to that page&apos;s count for the day: it keeps
        neither the page you came from nor the time. No cookie, IP address, user id or device
        fingerprint goes with it, so a page view cannot be linked to you.
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
        {strong('Errors.')} When the app runs into an error, your browser sends the server a short
        report, without cookies: the kind of error, its name and the start of its message, and the
        path of the page. The server writes it to its log with no address or user.
      </p>
      <p>
        {strong('Server logs.')} Mofu writes a short line for each request (method, path, status,
        timing and a request id), without your IP address. Sign-ins, failed sign-ins, sign-ups,
        changes to how an account signs in or to its address, data downloads, deletions and requests
        refused for coming too fast each get a line of their own, with the account&apos;s id when it
        is known and the full IP address the request came from. Mofu keeps no log files itself: its
        lines go to the server&apos;s output, and the operator&apos;s system keeps them for as long
        as it is set to (under systemd, as the journal is set). The operator&apos;s hosting may keep
        its own access logs too.
      </p>
      <p>
        {strong('Preferences.')} Dark mode is remembered in a cookie called {key('darkMode')} and
        the language in one called {key('lang')}; like every cookie they travel with each request,
        and the server answers in that language. The theme, the heading font and the effect switches
        stay in your browser&apos;s local storage. Signed in, your account also keeps your{' '}
        {preferences}, so they follow you to your other browsers; signed out, they stay in your
        browser. The {link('/cookies', 'Cookies page')} lists every cookie and key.
      </p>
    </>
  ),
  accountTitle: 'When you make an account',
  accountIntro:
    'An account keeps the following, each for the reason and as long as its row says. "Download my data" in the account panel saves a copy of it, without the secrets (password hashes, codes, keys).',
  ...STORED_DATA_TABLE,
  preferences: PREFERENCE_LABELS,
  kept: 'Deleting the account deletes all of it, except counts and codes, which run out in their own time, the handles that stay reserved, the log lines already written, and the copies in the backups the operator makes, which last as long as the operator keeps them. Where the operator runs Redis beside the database, sessions, codes and counts are kept there too, for as long.',
  google:
    "If you sign in with Google, Google shares your Google e-mail address, name and profile picture with this site; Mofu keeps them as the table says, and none of Google's tokens.",
  publicTitle: 'What everyone can see',
  public:
    "Your public page (/@handle) shows anyone your name, handle, avatar, banner and avatar frame, and the profile fields you filled in; a link to it pasted in a chat or a post shows its share card. Keeping the page out of search engines asks them not to list it, but the page stays open to anyone with its address. When you save links, this site's server fetches each linked page to see whether it links back to you: that site sees a request from this server, not from you.",
  mailTitle: 'E-mail we send',
  mailIntro:
    'Mofu writes only about your account, never newsletters or marketing. It sends these kinds of mail:',
  mailKinds: {
    verification: 'A link to verify your e-mail address, when you sign up',
    passwordReset: 'A link to choose a new password, when one is asked for with your address',
    invitation:
      'A link to choose your password, when the operator makes an account for your address',
    passwordChanged: 'A notice that your password was changed',
    newSignIn: 'A notice when the account is signed in to from a browser it has not used before',
    twoFactorChanged: 'A notice when two-factor authentication is turned on or off',
    passkeyAdded: 'A notice when a passkey is added',
    passkeyRemoved: 'A notice when a passkey is removed',
    passwordRemoved: 'A notice when the password is removed',
    emailChangeConfirm: 'A link to your new address, when you change your e-mail address',
    emailChanged:
      'A notice to the old address once it is changed, with a link to take the account back',
    recoveryLink:
      'A link to take the account back, when you choose "This wasn\'t me" in your security activity',
    recovered: 'A notice of what taking the account back gave back and removed',
    accountDeleted: 'A notice that your account was deleted, when you delete it',
    planEnded: 'A notice that a plan the operator granted you has ended',
    planGranted: 'A notice that the operator put you on a plan, and until when',
  } satisfies Record<MailKind, string>,
  mailAfter:
    'For 7 days after a change of address, the old address also gets every notice about how the account signs in. Mail goes through the mail service the operator chose; a site without one keeps each mail, with its link, as a file on its server until the operator removes it.',
  safeTitle: 'Keeping things safe',
  safe: [
    'To stop people from guessing passwords or flooding the site, Mofu counts requests per IP address, failed log-ins and mails per e-mail address, and some actions per account. Each count lasts a minute to an hour and is used for nothing else.',
    'Your sign-in cookie cannot be read by scripts on the page, and on https it only travels over encrypted connections.',
  ],
  choicesTitle: 'Your choices',
  choices: [
    'Change your name, handle, avatar, banner and profile fields at any time in the Account panel.',
    '"Download my data" in the Account panel saves a copy of what your account keeps: the account, its sign-in methods, the profile, your sessions, passkeys and security activity, with your avatar and banner.',
    'Delete your account from the profile view. This removes everything the table lists, with your avatar, banner and share card. Your handle, and any you changed away from in the last 30 days, stay reserved until their 30 days are over, so nobody can take them to pass for you; they are tied to no account.',
    "Clear this site's cookies and local storage in your browser whenever you like. In Settings, turning off full-state persistence stops Mofu from remembering small UI choices and clears the ones it kept.",
    'For a correction, or any other privacy question, contact the operator through the Contact link. Depending on where you live, data-protection law may give you further rights, and the operator is the one to ask.',
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

/**
 * The privacy page; `fieldLabels` are the profile fields' labels in the edit form, which name the
 * fields the table has no words of its own for.
 */
export function PrivacyPage({ fieldLabels }: { fieldLabels: ProfileFieldLabels }) {
  const strings = useStrings('privacy', PRIVACY)
  const list = useListFormat()
  const named = <Key extends string>(keys: readonly Key[], names: Record<Key, string>) =>
    list(keys.map((key) => names[key]))
  const preferences = named(PREFERENCE_NAMES, strings.preferences)
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
        {strings.visit(RICH, <span className="sr-only">{strings.newTab}</span>, preferences)}
      </PageSection>

      <PageSection title={strings.accountTitle}>
        <p>{strings.accountIntro}</p>
        <StoredDataTable words={strings} fieldLabels={fieldLabels} preferences={preferences} />
        <p>{strings.kept}</p>
        <p>{strings.google}</p>
      </PageSection>

      <PageSection title={strings.publicTitle}>
        <p>{strings.public}</p>
      </PageSection>

      <PageSection title={strings.mailTitle}>
        <p>{strings.mailIntro}</p>
        <ul className="list-disc space-y-1 pl-5">
          {MAIL_KINDS.map((kind) => (
            <li key={kind}>{strings.mailKinds[kind]}</li>
          ))}
        </ul>
        <p>{strings.mailAfter}</p>
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

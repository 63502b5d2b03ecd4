import type { ReactNode } from 'react'
import { MAIL_KINDS, type MailKind } from '@shared/mail-kinds'
import { PREFERENCE_NAMES } from '@shared/preferences'
import type { ProfileField } from '@shared/profile-fields'
import { STORED_DATA, type StoredData } from '@shared/stored-data'
import { MofuMascot } from '@client/components/art/mofu-mascot'
import { PageHero } from '@client/components/page-hero'
import { InfoTable, PageSection, RICH, type RichText } from '@client/components/page-section'
import { useListFormat } from '@client/lib/i18n/format'
import { useStrings } from '@client/lib/i18n/i18n'
import { PREFERENCE_LABELS } from './preference-labels'

const linkClass = 'font-semibold text-accent underline underline-offset-2'
const strong = (text: string) => <strong className="text-ink">{text}</strong>

/** One kind of data an account keeps, as the privacy page's table says it. */
interface StoredRow {
  name: string
  what: string
  why: string
  kept: string
}

/**
 * The privacy page's words (docs/architecture.md "Languages"). Its lists follow the code: a kind
 * of mail (MAIL_KINDS), a kind of stored data (STORED_DATA, held to the tables), a profile field
 * or a preference added there needs its words here, and privacy-and-cookies-pages.test.tsx
 * checks the page shows them.
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
  tableCaption: 'What your account keeps',
  tableColumns: ['Kind', 'What', 'Why', 'How long'],
  stored: {
    account: {
      name: 'Account',
      what: 'Your e-mail address, whether it is verified, when the account was made and whether two-factor authentication is on; with Google sign-in, also the name and the picture address Google shared.',
      why: 'Signing you in, and writing to you about your account.',
      kept: 'Until you delete the account. An account whose address is never verified is deleted after 7 days.',
    },
    signInMethods: {
      name: 'Sign-in methods',
      what: 'How you sign in: your password, only as a hash (a one-way scramble nobody can read back, not even the operator), and which Google account is linked, each with when it was added. Until your address is verified, the passwords of later sign-ups with it too, as hashes, 5 at most.',
      why: "Checking that it is you. Later sign-ups keep passwords of their own, so nobody's replaces yours before you verify.",
      kept: "Until you remove it or delete the account; the later sign-ups' passwords until the address is verified.",
    },
    sessions: {
      name: 'Sessions',
      what: 'Each browser you are signed in on: when it signed in and was last seen, when the session ends, its IP address and the description its browser sends of itself (the User-Agent).',
      why: 'Keeping you signed in, and the list of where you are signed in.',
      kept: 'Until you sign out or end it. A session ends 7 days after it was last used, and 30 days after you last proved who you are at the latest; it is then removed when its browser comes back, or with the account.',
    },
    browsers: {
      name: 'Browsers',
      what: "Browsers the account has signed in from: a hash of the random id in each one's mofu_device cookie, and when it was first seen. Browsers you trusted to skip two-factor codes: a hash of each one's trust id and the session it last signed in.",
      why: 'Mailing you when the account is signed in to from a browser it has not used before; letting a trusted browser log in with the password alone.',
      kept: 'Known browsers until the account is deleted. A trusted browser until two-factor is turned off or on, the password is reset, you sign out everywhere else or end its session; its trust lasts 30 days from its last log-in.',
    },
    passkeys: {
      name: 'Passkeys',
      what: "Each passkey's public key, credential id and signature counter, the kind of authenticator that holds it, the name you gave it and when it was added. Never your fingerprint, face or PIN: those stay on your device.",
      why: 'Signing you in with it.',
      kept: 'Until you remove it or delete the account.',
    },
    twoFactor: {
      name: 'Two-factor authentication',
      what: 'With two-factor authentication on: the secret your authenticator app shares, encrypted, your backup codes, as hashes, and the newest code step used.',
      why: 'Checking your codes, each only once.',
      kept: 'Until you turn two-factor off or delete the account.',
    },
    profile: {
      name: 'Profile',
      what: 'Your profile: its name; its handle (in lowercase to keep it unique, as you typed it, and in the form that tells look-alikes apart); your avatar and banner, re-encoded when you upload them, which removes hidden metadata such as GPS location, and its share-card picture; your font; your plan and pin counters.',
      why: 'What your profile shows, and your choices following you to your other browsers.',
      kept: 'Until you change it or delete the account.',
    },
    releasedHandles: {
      name: 'Former handles',
      what: 'The handles you changed away from, and when you changed each: at most 3 changes count in 30 days.',
      why: 'They lead to your page, nobody can take them to pass for you, and a recovery gives yours back.',
      kept: '30 days, also after the account is deleted (then tied to no account); the latest change until the account is deleted.',
    },
    securityActivity: {
      name: 'Security activity',
      what: 'Your recent security activity: each sign-in (how, the browser and system, and the network it came from, only the first part of its IP address), failed sign-ins counted per day, and changes to the account.',
      why: 'Showing you what happened to your account.',
      kept: '90 days.',
    },
    addressChanges: {
      name: 'Changes of address',
      what: "A change of address you asked for: the new address and a hash of its link's code. Every change made: the old and the new address, and when.",
      why: 'Finishing the change from the new address. For 7 days the old address hears of every change to how the account signs in, and may take the account back.',
      kept: 'A pending change until its link is used (it works 1 hour), replaced or cancelled; the changes made until the account is deleted.',
    },
    recovery: {
      name: 'Taking the account back',
      what: 'Links that take the account back ("This wasn\'t me"), only as hashes of their codes, and when the account was last taken back.',
      why: 'Letting you take your account back; reset links sent before that stop working.',
      kept: 'A link until it is used (it works 7 days from the mail to an old address, 1 hour from the activity list); the last recovery until the account is deleted.',
    },
    disabled: {
      name: 'Disabled accounts',
      what: 'If the operator disabled the account: when, and the reason they noted.',
      why: 'Nobody signs in to a disabled account.',
      kept: 'Until the operator enables it again.',
    },
    pendingCodes: {
      name: 'Codes under way',
      what: 'Codes a step is waiting for: password-reset links, Google sign-ins and passkey prompts under way, log-ins waiting for a two-factor code, and browsers trusted to skip it; each found by a hash of its code, and naming the account.',
      why: 'Finishing what you started, only with the code that started it.',
      kept: 'Until it is used or its time is up: minutes, an hour for a reset link, 30 days for a trusted browser.',
    },
    limitCounters: {
      name: 'Abuse limits',
      what: 'Counts for the abuse limits: requests per IP address, failed log-ins and mails per e-mail address, and uploads, downloads and link checks per account.',
      why: 'Stopping password guessing and floods of requests.',
      kept: 'A minute to an hour.',
    },
    likes: {
      name: 'Likes',
      what: 'The anime you like, when you liked each, its status and your private note, the folders of your board and where each title sits, which titles you pinned and which folders you made public, and, while your calendar feed is on, a fingerprint of its secret address (never the address itself).',
      why: 'Keeping your board, showing the folders you make public, serving your calendar feed, and counting how many people here like a title (only the count is shown).',
      kept: 'Until you remove the like or the folder, turn the feed off, or delete the account.',
    },
  } satisfies Record<StoredData, StoredRow>,
  fields: (names: string) => `The profile fields you fill in: ${names}.`,
  profileFields: {
    bio: 'bio',
    pronouns: 'pronouns',
    links: 'links (and which of them link back to your page)',
    accent: 'accent colour',
    frame: 'avatar frame',
    noindex: 'whether search engines may list your page',
  } satisfies Record<ProfileField, string>,
  preferencesKept: (names: string) => `The preferences your browsers chose: ${names}.`,
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

export function PrivacyPage() {
  const strings = useStrings('privacy', PRIVACY)
  const list = useListFormat()
  const named = <Key extends string>(keys: readonly Key[], names: Record<Key, string>) =>
    list(keys.map((key) => names[key]))
  const preferences = named(PREFERENCE_NAMES, strings.preferences)
  const rows = STORED_DATA.map((kind) => {
    const { name, what, why, kept } = strings.stored[kind]
    if (kind !== 'profile') return [name, what, why, kept]
    const profile = (
      <>
        <p>{what}</p>
        <p className="mt-2">{strings.fields(list(Object.values(strings.profileFields)))}</p>
        <p className="mt-2">{strings.preferencesKept(preferences)}</p>
      </>
    )
    return [name, profile, why, kept]
  })
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
        <InfoTable caption={strings.tableCaption} columns={strings.tableColumns} rows={rows} />
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

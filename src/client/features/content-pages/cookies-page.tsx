import type { ReactNode } from 'react'
import { AUTH_COOKIE_PREFIX, SECURE_COOKIE_PREFIX } from '@shared/cookies'
import { PREFERENCE_NAMES, PREFERENCES } from '@shared/preferences'
import { MOFU_COOKIES, type MofuCookie } from '@shared/site-cookies'
import { MofuMascot } from '@client/components/art/mofu-mascot'
import { PageHero } from '@client/components/page-hero'
import { InfoTable, Key, PageSection, RICH, type RichText } from '@client/components/page-section'
import { useListFormat } from '@client/lib/i18n/format'
import { useStrings } from '@client/lib/i18n/i18n'
import { BOARD_VIEW_KEY, UI_STATE_KEY } from '@client/lib/preferences/preferences'
import { PREFERENCE_LABELS, PREFERENCE_STORAGE_ROWS } from './preference-labels'

/** What one cookie does and how, as its row of the cookies table says it. */
interface CookieRow {
  does: (rich: RichText) => ReactNode
  details: string
}

const DAY_SECONDS = 24 * 60 * 60

/**
 * The cookies page's words (docs/architecture.md "Languages"). Its table lists MOFU_COOKIES, held
 * to what the server sets: a cookie added there needs its row here, and
 * privacy-and-cookies-pages.test.tsx checks the page names it.
 */
export const COOKIES = {
  title: 'Cookies',
  tagline: 'The list of what Mofu keeps in your browser, and why.',
  shortTitle: 'The short version',
  short: ({ link }: RichText): ReactNode => (
    <p>
      Mofu is self-hosted, open-source software, and this site is run by whoever operates this Mofu
      instance (&ldquo;the operator&rdquo;). Every cookie it sets is its own, and none is for
      advertising: two remember dark mode and the language, and the others come with signing in,
      most of them only for one step of it. What Mofu keeps about you beyond your browser is
      explained on the {link('/privacy', 'Privacy page')}.
    </p>
  ),
  cookiesTitle: 'Cookies',
  cookiesCaption: 'Cookies this site sets',
  cookieColumns: ['Name', 'What it does', 'How long', 'Details'],
  days: (count: number) => `${count} days`,
  minutes: (count: number) => `${count} minutes`,
  cookies: {
    darkMode: {
      does: ({ key }: RichText): ReactNode => (
        <>
          Remembers whether dark mode is on: {key('true')} or {key('false')}.
        </>
      ),
      details:
        'Set by the page, SameSite=Lax. Like every cookie, it travels with requests to this site, but it only ever says true or false.',
    },
    lang: {
      does: ({ key }: RichText): ReactNode => (
        <>
          The language the site is shown in: {key('en')} or {key('ja')}, so pages, messages and
          mails come in it.
        </>
      ),
      details: 'Set by the page, SameSite=Lax. It only ever says en or ja.',
    },
    session: {
      does: () => 'Keeps you signed in.',
      details:
        'Set when you sign in; HttpOnly (scripts on the page cannot read it), SameSite=Lax, and Secure (sent over https only) when the site uses https. Renewed daily while you use it, but never past 30 days after you last proved who you are; signing out removes it.',
    },
    browser: {
      does: () =>
        'A random id for this browser, so Mofu can mail you when your account is signed in to from a browser it has not used before. The account keeps only its hash.',
      details:
        'Set at the first sign-in in this browser; HttpOnly, SameSite=Lax, Secure with https. It stays when you sign out: a browser that has it is one your account knows.',
    },
    trustedBrowser: {
      does: () =>
        'Only if you choose "Trust this device for 30 days" when giving a two-factor code: lets this browser log in with the password alone.',
      details:
        'Signed by the server; HttpOnly, SameSite=Lax, Secure with https. Renewed at each log-in. Turning two-factor off or on, a password reset or "Sign out everywhere else" makes it count for nothing.',
    },
    twoFactorStep: {
      does: () => 'While a log-in waits for its two-factor code: which log-in the code is for.',
      details: 'Signed by the server; HttpOnly, SameSite=Lax, Secure with https.',
    },
    passkeyPrompt: {
      does: () =>
        "While your device's passkey prompt is open: ties your device's answer to the prompt this browser opened.",
      details: 'Signed by the server; HttpOnly, SameSite=Lax, Secure with https.',
    },
    googleSignIn: {
      does: () =>
        "While you sign in with Google: ties Google's answer to the sign-in this browser started.",
      details: 'Signed by the server; HttpOnly, SameSite=Lax, Secure with https.',
    },
  } satisfies Record<MofuCookie, CookieRow>,
  securePrefix: ({ key }: RichText, auth: string, secure: string): ReactNode => (
    <p>
      When the site uses https, the cookies whose names start with {key(auth)} have {key(secure)} in
      front, which browsers accept only over https. There is no other preference cookie.
    </p>
  ),
  storageTitle: 'Local storage',
  storage: (preferences: string) =>
    `Some choices are kept in your browser's local storage instead. Signed out, they stay on your device. Signed in, your account also keeps your ${preferences}, each once a browser has chosen it, so they follow you to your other browsers; the other keys never leave your browser.`,
  preferences: PREFERENCE_LABELS,
  storageCaption: 'Local storage keys',
  storageColumns: ['Key', 'What it remembers'],
  stored: PREFERENCE_STORAGE_ROWS,
  uiState:
    'Only while full-state persistence is on: small UI choices, such as the filter on the Home page and the folders you closed on your board and how far you scrolled it. Turning persistence off clears it.',
  boardView: 'The filters and the sort you chose on your board.',
  avatar: 'A cached copy of your avatar and its address, so your picture shows instantly.',
  viewsTitle: 'Page views without cookies',
  views:
    'Mofu counts page views without any cookie: the page path and the page you came from (without query strings) are sent, and the server only counts views per page and day. No IP address, user id or device fingerprint is involved.',
  gaTitle: 'Google Analytics, only if switched on',
  ga: ({ key }: RichText): ReactNode => (
    <p>
      If the operator has set a Google Analytics measurement id, Google&apos;s tag manager also
      loads and receives page views. Google&apos;s script may then set its own cookies (such as{' '}
      {key('_ga')}), and Google&apos;s privacy policy applies to them. Without that id, no
      third-party script loads and no third-party cookie is set.
    </p>
  ),
  manageTitle: 'Managing cookies',
  manage: ({ link }: RichText): ReactNode => (
    <>
      <p>
        You can see, block or delete cookies and local storage in your browser&apos;s settings at
        any time. If you clear them, Mofu simply forgets: dark mode comes back on as the default,
        your effect switches return to their defaults, and you will need to sign in again (the
        choices your account keeps come back when you do). That sign-in counts as one from a new
        browser, so you get a notice by mail, and a trusted browser is asked for a code again.
        Blocking cookies completely means you cannot stay signed in.
      </p>
      <p>
        Questions? Use the Contact link at the bottom of the page, or read the{' '}
        {link('/privacy', 'Privacy page')}.
      </p>
    </>
  ),
}

export function CookiesPage() {
  const strings = useStrings('cookies', COOKIES)
  const list = useListFormat()
  const lasts = (seconds: number) =>
    seconds % DAY_SECONDS === 0
      ? strings.days(seconds / DAY_SECONDS)
      : strings.minutes(seconds / 60)
  const cookieRows = Object.entries(MOFU_COOKIES).map(([id, cookie]) => {
    const { does, details } = strings.cookies[id as MofuCookie]
    return [<Key>{cookie.name}</Key>, does(RICH), lasts(cookie.seconds), details]
  })
  return (
    <div className="max-w-4xl space-y-10">
      <PageHero
        title={strings.title}
        tagline={strings.tagline}
        art={<MofuMascot mood="happy" size={128} />}
      />

      <PageSection title={strings.shortTitle}>{strings.short(RICH)}</PageSection>

      <PageSection title={strings.cookiesTitle}>
        <InfoTable
          caption={strings.cookiesCaption}
          columns={strings.cookieColumns}
          rows={cookieRows}
        />
        {strings.securePrefix(RICH, AUTH_COOKIE_PREFIX, SECURE_COOKIE_PREFIX)}
      </PageSection>

      <PageSection title={strings.storageTitle}>
        <p>{strings.storage(list(PREFERENCE_NAMES.map((name) => strings.preferences[name])))}</p>
        <InfoTable
          caption={strings.storageCaption}
          columns={strings.storageColumns}
          rows={[
            ...PREFERENCE_NAMES.map((name) => [
              <Key>{PREFERENCES[name].storageKey}</Key>,
              strings.stored[name](RICH),
            ]),
            [<Key>{UI_STATE_KEY}</Key>, strings.uiState],
            [<Key>{BOARD_VIEW_KEY}</Key>, strings.boardView],
            [
              <span className="flex flex-wrap gap-1">
                <Key>avatarCache</Key> <Key>hasAvatarCached</Key> <Key>avatar</Key>
              </span>,
              strings.avatar,
            ],
          ]}
        />
      </PageSection>

      <PageSection title={strings.viewsTitle}>
        <p>{strings.views}</p>
      </PageSection>

      <PageSection title={strings.gaTitle}>{strings.ga(RICH)}</PageSection>

      <PageSection title={strings.manageTitle}>{strings.manage(RICH)}</PageSection>
    </div>
  )
}

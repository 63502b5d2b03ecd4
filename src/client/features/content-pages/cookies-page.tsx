import type { ReactNode } from 'react'
import { MofuMascot } from '@client/components/art/mofu-mascot'
import { PageHero } from '@client/components/page-hero'
import { InfoTable, Key, PageSection, RICH, type RichText } from '@client/components/page-section'
import { useStrings } from '@client/lib/i18n/i18n'

/** The cookies page's words (docs/architecture.md "Languages"). */
export const COOKIES = {
  title: 'Cookies',
  tagline: 'The very short list of what Mofu keeps in your browser, and why.',
  shortTitle: 'The short version',
  short: ({ link }: RichText): ReactNode => (
    <p>
      Mofu is self-hosted, open-source software, and this site is run by whoever operates this Mofu
      instance (&ldquo;the operator&rdquo;). Out of the box it uses at most three cookies, all set
      by this site itself and all needed for things you asked for. There are no advertising cookies.
      What Mofu stores about you beyond your browser is explained on the{' '}
      {link('/privacy', 'Privacy page')}.
    </p>
  ),
  cookiesTitle: 'Cookies',
  cookiesCaption: 'Cookies this site sets',
  cookieColumns: ['Name', 'What it does', 'How long', 'Details'],
  darkMode: ({ key }: RichText): ReactNode => (
    <>
      Remembers whether dark mode is on: {key('true')} or {key('false')}.
    </>
  ),
  days: '365 days',
  darkModeDetails:
    'First-party, SameSite=Lax. Like every cookie, it travels with requests to this site, but it only ever says true or false.',
  lang: ({ key }: RichText): ReactNode => (
    <>
      The language the site is shown in: {key('en')} or {key('ja')}, so pages and messages come in
      it.
    </>
  ),
  langDetails: 'First-party, SameSite=Lax. It only ever says en or ja.',
  session: 'Sign-in session',
  sessionDoes: 'Keeps you signed in.',
  sessionLasts: 'Only while you are signed in',
  sessionDetails:
    'First-party, HttpOnly (scripts on the page cannot read it), SameSite=Lax, and Secure (sent over https only) when the site uses https.',
  noOther: 'There is no other preference cookie.',
  storageTitle: 'Local storage',
  storage:
    "Some choices are kept in your browser's local storage instead. These stay on your device and are never sent to the server.",
  storageCaption: 'Local storage keys',
  storageColumns: ['Key', 'What it remembers'],
  theme: ({ key }: RichText): ReactNode => (
    <>
      Your theme: {key('light')}, {key('dark')} or {key('system')} (follow your device).
    </>
  ),
  font: ({ key }: RichText): ReactNode => (
    <>
      Your heading font: {key('orbitron')} or {key('default')}.
    </>
  ),
  language: ({ key }: RichText): ReactNode => (
    <>
      Your language: {key('en')}, {key('ja')} or {key('system')} (follow your browser).
    </>
  ),
  effects:
    'The six effect switches: sidebar hover, menu-button bounce, drag particles, folder open, filter jump and full-state persistence.',
  uiState:
    'Only while full-state persistence is on: small UI choices, such as the filter on the Home page. Turning persistence off clears it.',
  avatar: 'A cached copy of your avatar address, so your picture shows instantly.',
  viewsTitle: 'Page views without cookies',
  views:
    'Mofu counts page views without any cookie: only the page path, the page you came from (without query strings) and the time. No IP address, user id or device fingerprint is involved.',
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
        your effect switches return to their defaults, and you will need to sign in again. Blocking
        cookies completely means you cannot stay signed in.
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
          rows={[
            [<Key>darkMode</Key>, strings.darkMode(RICH), strings.days, strings.darkModeDetails],
            [<Key>lang</Key>, strings.lang(RICH), strings.days, strings.langDetails],
            [strings.session, strings.sessionDoes, strings.sessionLasts, strings.sessionDetails],
          ]}
        />
        <p>{strings.noOther}</p>
      </PageSection>

      <PageSection title={strings.storageTitle}>
        <p>{strings.storage}</p>
        <InfoTable
          caption={strings.storageCaption}
          columns={strings.storageColumns}
          rows={[
            [<Key>theme</Key>, strings.theme(RICH)],
            [<Key>font</Key>, strings.font(RICH)],
            [<Key>language</Key>, strings.language(RICH)],
            [<Key>action-settings</Key>, strings.effects],
            [<Key>ui-state</Key>, strings.uiState],
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

import { Link } from 'wouter'
import { MofuMascot } from '@client/components/art/mofu-mascot'
import { PageHero } from '@client/components/page-hero'
import { InfoTable, Key, PageSection } from '@client/components/page-section'

const linkClass = 'font-semibold text-accent underline underline-offset-2'

export function CookiesPage() {
  return (
    <div className="max-w-4xl space-y-10">
      <PageHero
        title="Cookies"
        tagline="The very short list of what Mofu keeps in your browser, and why."
        art={<MofuMascot mood="happy" size={128} />}
      />

      <PageSection title="The short version">
        <p>
          Mofu is self-hosted, open-source software, and this site is run by whoever operates this
          Mofu instance (&ldquo;the operator&rdquo;). Out of the box it uses at most two cookies,
          both set by this site itself and both needed for things you asked for. There are no
          advertising cookies. What Mofu stores about you beyond your browser is explained on the{' '}
          <Link to="/privacy" className={linkClass}>
            Privacy page
          </Link>
          .
        </p>
      </PageSection>

      <PageSection title="Cookies">
        <InfoTable
          caption="Cookies this site sets"
          columns={['Name', 'What it does', 'How long', 'Details']}
          rows={[
            [
              <Key>darkMode</Key>,
              <>
                Remembers whether dark mode is on: <Key>true</Key> or <Key>false</Key>.
              </>,
              '365 days',
              'First-party, SameSite=Lax. Like every cookie, it travels with requests to this site, but it only ever says true or false.',
            ],
            [
              'Sign-in session',
              'Keeps you signed in.',
              'Only while you are signed in',
              'First-party, HttpOnly (scripts on the page cannot read it), SameSite=Lax, and Secure (sent over https only) when the site uses https.',
            ],
          ]}
        />
        <p>There is no other preference cookie.</p>
      </PageSection>

      <PageSection title="Local storage">
        <p>
          Some choices are kept in your browser&apos;s local storage instead. These stay on your
          device and are never sent to the server.
        </p>
        <InfoTable
          caption="Local storage keys"
          columns={['Key', 'What it remembers']}
          rows={[
            [
              <Key>theme</Key>,
              <>
                Your theme: <Key>light</Key>, <Key>dark</Key> or <Key>system</Key> (follow your
                device).
              </>,
            ],
            [
              <Key>font</Key>,
              <>
                Your heading font: <Key>orbitron</Key> or <Key>default</Key>.
              </>,
            ],
            [
              <Key>action-settings</Key>,
              'The six effect switches: sidebar hover, menu-button bounce, drag particles, folder open, filter jump and full-state persistence.',
            ],
            [
              <Key>ui-state</Key>,
              'Only while full-state persistence is on: small UI choices, such as the filter on the Home page. Turning persistence off clears it.',
            ],
            [
              <span className="flex flex-wrap gap-1">
                <Key>avatarCache</Key> <Key>hasAvatarCached</Key> <Key>avatar</Key>
              </span>,
              'A cached copy of your avatar address, so your picture shows instantly.',
            ],
          ]}
        />
      </PageSection>

      <PageSection title="Page views without cookies">
        <p>
          Mofu counts page views without any cookie: only the page path, the page you came from
          (without query strings) and the time. No IP address, user id or device fingerprint is
          involved.
        </p>
      </PageSection>

      <PageSection title="Google Analytics, only if switched on">
        <p>
          If the operator has set a Google Analytics measurement id, Google&apos;s tag manager also
          loads and receives page views. Google&apos;s script may then set its own cookies (such as{' '}
          <Key>_ga</Key>), and Google&apos;s privacy policy applies to them. Without that id, no
          third-party script loads and no third-party cookie is set.
        </p>
      </PageSection>

      <PageSection title="Managing cookies">
        <p>
          You can see, block or delete cookies and local storage in your browser&apos;s settings at
          any time. If you clear them, Mofu simply forgets: dark mode comes back on as the default,
          your effect switches return to their defaults, and you will need to sign in again.
          Blocking cookies completely means you cannot stay signed in.
        </p>
        <p>
          Questions? Use the Contact link at the bottom of the page, or read the{' '}
          <Link to="/privacy" className={linkClass}>
            Privacy page
          </Link>
          .
        </p>
      </PageSection>
    </div>
  )
}

import { Link } from 'wouter'
import { MofuMascot } from '@client/components/art/mofu-mascot'
import { PageHero } from '@client/components/page-hero'
import { InfoTable, Key, PageSection } from '@client/components/page-section'

const linkClass = 'font-semibold text-accent underline underline-offset-2'

const GLANCE = [
  'Mofu shows no ads.',
  "Mofu's own page-view counter uses no cookies, IP addresses, user ids or fingerprints.",
  'One cookie remembers dark mode; a second exists only while you are signed in.',
  'Your account holds only what it needs, and you can delete it yourself at any time.',
] as const

const ACCOUNT_DATA = [
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
] as const

export function PrivacyPage() {
  return (
    <div className="max-w-4xl space-y-10">
      <PageHero
        title="Privacy"
        tagline="What this Mofu site stores about you, why, and how to make it forget."
        art={<MofuMascot mood="calm" size={128} />}
      />

      <PageSection
        title="At a glance"
        className="rounded-3xl border border-line bg-raised p-6 shadow-sm"
      >
        <ul className="space-y-2">
          {GLANCE.map((item) => (
            <li key={item} className="flex gap-3">
              <span aria-hidden="true" className="text-accent">
                ✿
              </span>
              <span>{item}</span>
            </li>
          ))}
        </ul>
      </PageSection>

      <PageSection title="Who looks after your data">
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
      </PageSection>

      <PageSection title="When you just visit">
        <p>
          <strong className="text-ink">Page views.</strong> Each time you move to another page, your
          browser tells this site&apos;s own server the path of the page and of the page you came
          from, both without query strings. The server stores them with the time. No cookie, IP
          address, user id or device fingerprint goes with them, so a page view cannot be linked to
          you.
        </p>
        <p>
          <strong className="text-ink">Google Analytics, only if switched on.</strong> If the
          operator has set a Google Analytics measurement id, Google&apos;s tag manager also loads
          and receives the same page views, and{' '}
          <a
            href="https://policies.google.com/privacy"
            className={linkClass}
            target="_blank"
            rel="noopener noreferrer"
          >
            Google&apos;s privacy policy
            <span className="sr-only"> (opens in a new tab)</span>
          </a>{' '}
          applies to what Google collects. Without that id, no third-party script is loaded at all.
        </p>
        <p>
          <strong className="text-ink">Server logs.</strong> Mofu writes a short technical line for
          each request (method, path, status and timing) to help the operator fix problems; it does
          not include your IP address. The operator&apos;s hosting may keep its own access logs.
        </p>
        <p>
          <strong className="text-ink">Preferences.</strong> Dark mode is remembered in a cookie
          called <Key>darkMode</Key>, and other choices such as the theme, the heading font and the
          animation switches stay in your browser&apos;s local storage and are never sent to the
          server. The{' '}
          <Link to="/cookies" className={linkClass}>
            Cookies page
          </Link>{' '}
          lists every one of them.
        </p>
      </PageSection>

      <PageSection title="When you make an account">
        <p>An account stores the following, and nothing else:</p>
        <InfoTable
          caption="What your account stores"
          columns={['What', 'Why']}
          rows={ACCOUNT_DATA}
        />
        <p>
          All of it is kept until you delete your account; a session also ends when you sign out.
        </p>
        <p>
          If you sign in with Google, Google shares your Google e-mail address, name and profile
          picture with this site.
        </p>
      </PageSection>

      <PageSection title="E-mail we send">
        <p>
          Only two kinds: a link to verify your e-mail address, and a link to reset your password
          when you ask for one. No newsletters and no marketing.
        </p>
      </PageSection>

      <PageSection title="Keeping things safe">
        <p>
          To stop people from guessing passwords or flooding the site, Mofu briefly counts sign-in,
          sign-up and password-reset attempts per address. These counters are short-lived and used
          for nothing else.
        </p>
        <p>
          Your sign-in cookie cannot be read by scripts on the page, and on https it only travels
          over encrypted connections.
        </p>
      </PageSection>

      <PageSection title="Your choices">
        <ul className="list-disc space-y-2 pl-5">
          <li>Change your name, handle or avatar at any time in the Account panel.</li>
          <li>
            Delete your account from the profile view. This removes your profile, your avatar file,
            all your sessions and the account itself, and frees your handle for someone else.
          </li>
          <li>
            Clear this site&apos;s cookies and local storage in your browser whenever you like. In
            Settings, turning off full-state persistence stops Mofu from remembering small UI
            choices and clears the ones it kept.
          </li>
          <li>
            For a copy of your data, a correction, or any other privacy question, contact the
            operator through the Contact link. Depending on where you live, data-protection law may
            give you further rights, and the operator is the one to ask.
          </li>
        </ul>
      </PageSection>

      <PageSection title="Changes to this page">
        <p>
          If the way this site handles data changes, this page changes with it. See also the{' '}
          <Link to="/cookies" className={linkClass}>
            Cookies
          </Link>{' '}
          and{' '}
          <Link to="/terms" className={linkClass}>
            Terms
          </Link>{' '}
          pages.
        </p>
      </PageSection>
    </div>
  )
}

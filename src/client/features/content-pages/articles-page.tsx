import { useId, type ReactNode } from 'react'
import { useLocation } from 'wouter'
import { MofuMascot } from '@client/components/art/mofu-mascot'
import { ComingSoon } from '@client/components/page-hero'
import { RICH, type RichText } from '@client/components/page-section'
import { useLanguage, useStrings } from '@client/lib/i18n/i18n'

/** The part of the path after /articles, if any: an article the reader asked for by name. */
function requestedSlug(pathname: string): string {
  return pathname.replace(/^\/articles\/?/, '').replace(/\/+$/, '')
}

function ArticleSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} className="pt-4 text-2xl font-bold text-ink">
        {title}
      </h2>
      {children}
    </section>
  )
}

type Section = (props: { title: string; children: ReactNode }) => ReactNode

/** The welcome article's words (docs/architecture.md "Languages"). */
export const ARTICLES = {
  missing: (slug: ReactNode): ReactNode => (
    <>The article {slug} has not been written yet, so here is our welcome letter instead.</>
  ),
  kicker: 'Articles',
  title: 'Welcome to Mofu, a letter from the fluff',
  intro:
    'Notes, stories and guides from around the site, written to be read slowly with something warm to drink.',
  readTime: 'A two-minute read',
  body: ({ link }: RichText, Section: Section, mascot: ReactNode): ReactNode => (
    <>
      <p>
        Hello, and <span lang="ja">ようこそ</span>! You have found the reading room. Pull up a
        cushion: this is where Mofu will keep longer stories, small guides and news about the site.
      </p>

      <Section title="Why a cosy corner?">
        <p>
          Some evenings you do not want a busy feed. You want a quiet place with soft colours, a few
          friendly faces and nothing trying to hurry you along. That is the whole idea behind Mofu:
          a small, gentle home on the web for people who love anime and the feelings it leaves
          behind.
        </p>
        <figure className="rounded-2xl border-l-4 border-sakura-400 bg-sunken px-5 py-4">
          <blockquote className="text-ink italic">
            <p>&ldquo;Soft things can be strong, too.&rdquo;</p>
          </blockquote>
          <figcaption className="mt-2 text-base text-ink-muted">Mofu, probably</figcaption>
        </figure>
      </Section>

      <Section title="What you can do today">
        <ul className="list-disc space-y-2 pl-6">
          <li>
            Make an account and pick a handle that is all yours. Handles are unique, so the early
            bird gets the <em>@mochi</em>.
          </li>
          <li>
            Add an avatar, or keep Mofu as your stand-in. Photos are re-encoded and their hidden
            details, like location, are removed.
          </li>
          <li>
            Open {link('/settings', 'Settings')} to choose dark or light, pick a heading font and
            switch the little animations on or off.
          </li>
        </ul>
      </Section>

      <Section title="What is blooming next">
        <p>
          Likes, the SeeME chat corner, the {link('/sakuramap', 'SakuraMap')}, a shop and a 2.5D
          corner are all being built. Each one has a page already, so you can peek behind the
          curtain whenever you like.
        </p>
        <div className="flex items-center gap-4 rounded-2xl bg-sunken p-4">
          {mascot}
          <p className="text-base text-ink">Thank you for reading. See you around the blossoms!</p>
        </div>
      </Section>
    </>
  ),
  moreTitle: 'More articles are on their way',
  more: 'Guides, seasonal stories and news from around the site will appear here as they are written.',
}

/**
 * The articles area (/articles and anything below it). The shell gives it a centred reading
 * column; this page fills it with the welcome article until more are written.
 */
export function ArticlesPage() {
  const slug = requestedSlug(useLocation()[0])
  const strings = useStrings('articles', ARTICLES)

  return (
    <div className="space-y-10">
      {slug !== '' && (
        <p className="rounded-2xl border border-line bg-sunken p-4 text-ink">
          {strings.missing(
            <span className="font-semibold wrap-anywhere">&ldquo;{slug}&rdquo;</span>,
          )}
        </p>
      )}

      <article className="space-y-6 text-lg leading-relaxed text-ink">
        <header className="space-y-4 rounded-3xl border border-line bg-linear-to-br from-sakura-100 via-lavender-100 to-cream-100 p-6 sm:p-8 dark:from-night-700 dark:via-night-800 dark:to-night-900">
          <p className="text-sm font-semibold tracking-wide text-accent uppercase">
            {strings.kicker}
            {useLanguage() === 'en' && (
              <>
                {' · '}
                <span lang="ja" className="normal-case">
                  よみもの
                </span>
              </>
            )}
          </p>
          <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">
            {strings.title}
          </h1>
          <p className="text-ink">{strings.intro}</p>
          <p className="text-sm text-ink-muted">{strings.readTime}</p>
        </header>

        {strings.body(
          RICH,
          ArticleSection,
          <MofuMascot mood="happy" size={64} className="shrink-0" />,
        )}
      </article>

      <ComingSoon title={strings.moreTitle}>
        <p>{strings.more}</p>
      </ComingSoon>
    </div>
  )
}

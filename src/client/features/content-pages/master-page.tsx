import type { ReactNode } from 'react'
import { MofuMascot } from '@client/components/art/mofu-mascot'
import { ComingSoon, PageHero } from '@client/components/page-hero'
import { PageSection, RICH, type RichText } from '@client/components/page-section'
import { useStrings } from '@client/lib/i18n/i18n'

/** The About page's words (docs/architecture.md "Languages"). */
export const MASTER = {
  title: 'About Mofu',
  tagline: "The creator's fluffy idea, who runs this site, and why it exists.",
  meetTitle: 'Meet Mofu',
  mascot: 'Mofu, a round, fluffy pink-and-white creature, smiling',
  meet: (): ReactNode => (
    <>
      <p>
        Mofu is a round little cloud of fur who loves warm drinks, quiet evenings and blossom
        season. The name comes from <span lang="ja">もふもふ</span> (mofumofu), the Japanese word
        for something wonderfully soft and fluffy.
      </p>
      <p>
        You will find Mofu around the site: as the default avatar, cheering when something goes
        right, and looking a bit lost on pages that do not exist.
      </p>
    </>
  ),
  siteTitle: 'What this site is',
  site: ({ link }: RichText): ReactNode => (
    <p>
      Mofu is a cosy anime-themed corner of the web. Make an account to get a profile with a name, a
      unique handle and an avatar, then wander the sections as they bloom:{' '}
      {link('/favorites', 'Like')}, {link('/seeme', 'SeeME')}, {link('/sakuramap', 'SakuraMap')},{' '}
      {link('/dim25', '2.5D')} and more.
    </p>
  ),
  runsTitle: 'Who runs this site',
  runs: ({ link }: RichText): ReactNode => (
    <>
      <p>
        Mofu is self-hosted, open-source software: anyone can run their own copy. This copy is run
        by its operator, who looks after the server, the accounts and the house rules here. The
        people who wrote the software do not see what you store on this site unless they are also
        its operator.
      </p>
      <p>
        Questions, ideas or a kind word? Use the Contact link at the bottom of the page. The{' '}
        {link('/privacy', 'Privacy')} and {link('/terms', 'Terms')} pages explain the rest in plain
        words.
      </p>
    </>
  ),
  creditsTitle: 'Where the anime data comes from',
  credits: (): ReactNode => (
    <p>
      The anime titles, air dates and links you search and like on Mofu come from{' '}
      <a
        href="https://github.com/bangumi-data/bangumi-data"
        rel="noopener noreferrer"
        className="font-semibold text-accent underline underline-offset-2"
      >
        bangumi-data
      </a>
      , an open data set shared under the{' '}
      <a
        href="https://creativecommons.org/licenses/by/4.0/"
        rel="noopener noreferrer"
        className="font-semibold text-accent underline underline-offset-2"
      >
        Creative Commons Attribution 4.0
      </a>{' '}
      licence. Thank you to everyone who keeps it.
    </p>
  ),
  valuesTitle: 'What we care about',
  values: [
    {
      title: 'Cosy first',
      text: 'Soft colours, short animations you can switch off, and no pop-ups shouting at you.',
    },
    {
      title: 'Light on data',
      text: "Mofu's own page-view counter uses no cookies, IP addresses or user ids. Your account holds only what it needs.",
    },
    {
      title: 'Original art only',
      text: 'Mofu and every drawing here were made for this project. No characters borrowed from existing anime.',
    },
  ],
  notesTitle: 'Notes from the creator',
  notes:
    'Sketches, behind-the-scenes stories and what is coming next will live here. The sketchbook is open; the ink is still drying.',
}

export function MasterPage() {
  const strings = useStrings('master', MASTER)
  return (
    <div className="space-y-10">
      <PageHero
        title={strings.title}
        tagline={strings.tagline}
        art={<MofuMascot mood="calm" size={140} />}
      />

      <PageSection title={strings.meetTitle}>
        <div className="flex flex-col items-center gap-5 rounded-3xl border border-line bg-raised p-5 shadow-sm sm:flex-row sm:items-start">
          <MofuMascot mood="happy" size={128} title={strings.mascot} className="shrink-0" />
          <div className="space-y-3">{strings.meet()}</div>
        </div>
      </PageSection>

      <PageSection title={strings.siteTitle}>{strings.site(RICH)}</PageSection>

      <PageSection title={strings.runsTitle}>{strings.runs(RICH)}</PageSection>

      <PageSection title={strings.creditsTitle}>{strings.credits()}</PageSection>

      <PageSection title={strings.valuesTitle}>
        <ul className="grid gap-4 sm:grid-cols-3">
          {strings.values.map((value) => (
            <li
              key={value.title}
              className="rounded-2xl border border-line bg-raised p-4 shadow-sm"
            >
              <h3 className="font-bold text-ink">{value.title}</h3>
              <p className="mt-1 text-sm text-ink-muted">{value.text}</p>
            </li>
          ))}
        </ul>
      </PageSection>

      <ComingSoon title={strings.notesTitle}>
        <p>{strings.notes}</p>
      </ComingSoon>
    </div>
  )
}

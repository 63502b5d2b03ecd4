import type { ReactNode } from 'react'
import { MofuMascot } from '@client/components/art/mofu-mascot'
import { ComingSoon, PageHero } from '@client/components/page-hero'
import { PageSection } from '@client/components/page-section'
import { useStrings } from '@client/lib/i18n/i18n'

/** The 2.5D page's words (docs/architecture.md "Languages"). */
export const DIM25 = {
  tagline: 'Where 2D dreams step into the real world: stage shows, cosplay and handmade props.',
  whatTitle: 'What is 2.5D?',
  what: (): ReactNode => (
    <>
      In Japan, <span lang="ja">2.5次元</span> (nitengo jigen, &ldquo;2.5 dimensions&rdquo;) is the
      space between drawn worlds and our own: stage musicals based on manga and anime, cosplay,
      life-size props and the fans who bring characters off the page.
    </>
  ),
  craft: 'This corner will celebrate the craft: costumes, wigs, sets and all the tiny stitches.',
  soonTitle: 'The curtain has not gone up yet',
  soon: 'Mofu is still backstage, ironing costumes and practising a bow. Soon you will find making-of stories, cosplay tips and a gallery of handmade props here.',
}

/** Three tilted layers, from flat drawing to real world: a picture of "2.5D". */
function LayerArt() {
  return (
    <div className="relative h-36 w-44 [perspective:600px]">
      <div className="absolute inset-x-6 top-0 h-24 rotate-[-8deg] rounded-2xl bg-lavender-200 shadow-md dark:bg-lavender-600" />
      <div className="absolute inset-x-3 top-4 h-24 rotate-[-2deg] rounded-2xl bg-sakura-200 shadow-md dark:bg-sakura-700" />
      <div className="absolute inset-x-0 top-8 grid h-28 [transform:rotateY(-14deg)_rotateX(6deg)] place-items-center rounded-2xl bg-cream-50 shadow-xl dark:bg-night-600">
        <MofuMascot mood="happy" size={92} />
      </div>
    </div>
  )
}

export function Dim25Page() {
  const strings = useStrings('dim25', DIM25)
  return (
    <div className="space-y-10">
      <PageHero title="2.5D" tagline={strings.tagline} art={<LayerArt />} />
      <PageSection title={strings.whatTitle}>
        <p>{strings.what()}</p>
        <p>{strings.craft}</p>
      </PageSection>
      <ComingSoon title={strings.soonTitle}>
        <p>{strings.soon}</p>
      </ComingSoon>
    </div>
  )
}

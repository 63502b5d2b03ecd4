import { MofuMascot } from '@client/components/art/mofu-mascot'
import { SceneIcon } from '@client/components/art/scene-icons'
import { ComingSoon, PageHero } from '@client/components/page-hero'
import { PageSection } from '@client/components/page-section'
import { useStrings } from '@client/lib/i18n/i18n'

/** The shop's words (docs/architecture.md "Languages"); each shelf by its picture. */
export const SHOP = {
  title: 'Shop',
  tagline: 'Stickers, wallpapers and little treats to make your Mofu corner your own.',
  soonTitle: 'The shop shutters are still down',
  soon: 'Mofu is counting stock and polishing the shelves. Nothing is for sale yet, and nobody will ask you for payment details here until the shop really opens.',
  windowTitle: 'Window shopping',
  window: 'A peek at the shelves we are filling first.',
  shelves: {
    blossom: {
      title: 'Sticker packs',
      text: 'Mofu in every mood, ready for chats, notebooks and laptop lids.',
    },
    picture: {
      title: 'Wallpapers',
      text: 'Night skies and blossom paths, sized for phones and desktops.',
    },
    pin: {
      title: 'Extra pins',
      text: 'More room to pin the moments you never want to lose.',
    },
  },
}
const SHELVES = ['blossom', 'picture', 'pin'] as const

export function ShopPage() {
  const strings = useStrings('shop', SHOP)
  return (
    <div className="space-y-10">
      <PageHero
        title={strings.title}
        tagline={strings.tagline}
        art={<MofuMascot mood="happy" size={140} />}
      />
      <ComingSoon title={strings.soonTitle}>
        <p>{strings.soon}</p>
      </ComingSoon>
      <PageSection title={strings.windowTitle}>
        <p>{strings.window}</p>
        <ul className="grid gap-4 sm:grid-cols-3">
          {SHELVES.map((icon) => (
            <li key={icon} className="rounded-2xl border border-line bg-raised p-4 shadow-sm">
              <SceneIcon name={icon} size={48} />
              <h3 className="mt-2 font-bold text-ink">{strings.shelves[icon].title}</h3>
              <p className="mt-1 text-sm text-ink-muted">{strings.shelves[icon].text}</p>
            </li>
          ))}
        </ul>
      </PageSection>
    </div>
  )
}

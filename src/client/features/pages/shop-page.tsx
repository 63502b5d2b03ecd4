import { MofuMascot } from '@client/components/art/mofu-mascot'
import { SceneIcon } from '@client/components/art/scene-icons'
import { ComingSoon, PageHero } from '@client/components/page-hero'
import { PageSection } from '@client/components/page-section'

const SHELVES = [
  {
    icon: 'blossom',
    title: 'Sticker packs',
    text: 'Mofu in every mood, ready for chats, notebooks and laptop lids.',
  },
  {
    icon: 'picture',
    title: 'Wallpapers',
    text: 'Night skies and blossom paths, sized for phones and desktops.',
  },
  {
    icon: 'pin',
    title: 'Extra pins',
    text: 'More room to pin the moments you never want to lose.',
  },
] as const

export function ShopPage() {
  return (
    <div className="space-y-10">
      <PageHero
        title="Shop"
        tagline="Stickers, wallpapers and little treats to make your Mofu corner your own."
        art={<MofuMascot mood="happy" size={140} />}
      />
      <ComingSoon title="The shop shutters are still down">
        <p>
          Mofu is counting stock and polishing the shelves. Nothing is for sale yet, and nobody will
          ask you for payment details here until the shop really opens.
        </p>
      </ComingSoon>
      <PageSection title="Window shopping">
        <p>A peek at the shelves we are filling first.</p>
        <ul className="grid gap-4 sm:grid-cols-3">
          {SHELVES.map((shelf) => (
            <li
              key={shelf.title}
              className="rounded-2xl border border-line bg-raised p-4 shadow-sm"
            >
              <SceneIcon name={shelf.icon} size={48} />
              <h3 className="mt-2 font-bold text-ink">{shelf.title}</h3>
              <p className="mt-1 text-sm text-ink-muted">{shelf.text}</p>
            </li>
          ))}
        </ul>
      </PageSection>
    </div>
  )
}

import { useCachedAvatar } from '@client/features/profile/avatar/avatar-cache'
import { AvatarImage } from '@client/features/profile/avatar/avatar-image'
import { useStrings } from '@client/lib/i18n/i18n'
import { SHELL } from './strings'

/** The round button at top right that opens the account panel (docs/using.md "Accounts"). */
export function AvatarButton({ onOpen }: { onOpen: () => void }) {
  // The small copy kept from the last visit is the same picture: it shows while the rendition
  // for this button loads.
  const cached = useCachedAvatar()
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-label={useStrings('shell', SHELL).openAccount}
      aria-haspopup="dialog"
      className="grid size-11 place-items-center overflow-hidden rounded-full border-2 border-sakura-300 bg-raised shadow-md transition-transform hover:scale-105"
    >
      <AvatarImage
        address={cached.address ?? ''}
        placeholder={cached.image ?? undefined}
        size={40}
      />
    </button>
  )
}

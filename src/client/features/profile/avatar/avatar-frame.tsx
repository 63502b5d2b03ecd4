import type { ReactNode } from 'react'
import { FRAMES } from '@shared/profile-fields'

/** The address of a frame's drawing (public/frames), or undefined for none or an unknown one. */
export const frameImage = (frame: string) =>
  FRAMES.some((known) => known === frame) ? `/frames/${frame}.svg` : undefined

/**
 * The profile's frame drawn around its avatar (docs/using.md "Profile fields"): a picture an
 * eighth wider than the avatar on each side, so ears and blossoms reach past its edge without
 * moving anything around it. Decoration only: screen readers are not told of it.
 */
export function AvatarFrame({ frame, children }: { frame: string; children: ReactNode }) {
  const image = frameImage(frame)
  if (image === undefined) return children
  return (
    <span className="relative inline-flex" data-frame={frame}>
      {children}
      <img
        src={image}
        alt=""
        aria-hidden="true"
        className="pointer-events-none absolute -inset-[12.5%] size-[125%] max-w-none"
      />
    </span>
  )
}

import { useState } from 'react'
import Cropper, { type Area } from 'react-easy-crop'
import { BANNER_ASPECT } from '@shared/banner'
import { AVATAR_ZOOM_MAX, AVATAR_ZOOM_MIN } from '@shared/constants'
import { Button } from '@client/components/ui'
import { Modal } from '@client/components/modal'
import { useStrings } from '@client/lib/i18n/i18n'
import { PROFILE } from '../strings'

/** What is cut: the avatar's round square, or the banner's 3:1 rectangle. */
const SHAPES = {
  avatar: { aspect: 1, cropShape: 'round', frame: 'aspect-square' },
  banner: { aspect: BANNER_ASPECT, cropShape: 'rect', frame: 'aspect-[3/2]' },
} as const

/**
 * The crop (docs/using.md "Avatars", "Banners"): a round square for the avatar, a 3:1 rectangle
 * for the banner; zoom 1 to 3 by slider, wheel or pinch, the picture moved by dragging or by the
 * arrow keys once the crop area has the focus; OK or Cancel.
 */
export function CropDialog({
  source,
  shape = 'avatar',
  onConfirm,
  onCancel,
}: {
  source: string
  shape?: keyof typeof SHAPES
  onConfirm: (area: Area) => void
  onCancel: () => void
}) {
  const { aspect, cropShape, frame } = SHAPES[shape]
  const [crop, setCrop] = useState({ x: 0, y: 0 })
  const [zoom, setZoom] = useState(AVATAR_ZOOM_MIN)
  const [area, setArea] = useState<Area | null>(null)
  const strings = useStrings('profile', PROFILE)
  return (
    <Modal title={strings[shape].crop} onCancel={onCancel}>
      <div className={`relative w-full overflow-hidden rounded-2xl bg-night-950 ${frame}`}>
        <Cropper
          image={source}
          crop={crop}
          zoom={zoom}
          minZoom={AVATAR_ZOOM_MIN}
          maxZoom={AVATAR_ZOOM_MAX}
          aspect={aspect}
          cropShape={cropShape}
          showGrid={false}
          // The crop area takes the focus and moves the picture with the arrow keys: named so.
          cropperProps={{ role: 'group', 'aria-label': strings.avatar.cropArea }}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={(_, pixels) => setArea(pixels)}
        />
      </div>
      <label className="mt-4 flex items-center gap-3 text-sm font-semibold">
        {strings.avatar.zoom}
        <input
          type="range"
          min={AVATAR_ZOOM_MIN}
          max={AVATAR_ZOOM_MAX}
          step={0.01}
          value={zoom}
          onChange={(event) => setZoom(Number(event.target.value))}
          className="flex-1 accent-sakura-600"
        />
      </label>
      <div className="mt-5 flex justify-end gap-3">
        <Button variant="secondary" onClick={onCancel}>
          {strings.cancel}
        </Button>
        <Button
          disabled={area === null || !(area.width > 0 && area.height > 0)}
          onClick={() => area && onConfirm(area)}
        >
          {strings.avatar.ok}
        </Button>
      </div>
    </Modal>
  )
}

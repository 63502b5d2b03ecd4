import { useState } from 'react'
import Cropper, { type Area } from 'react-easy-crop'
import { AVATAR_ZOOM_MAX, AVATAR_ZOOM_MIN } from '@shared/constants'
import { Button } from '@client/components/ui'
import { Modal } from '@client/components/modal'
import { useStrings } from '@client/lib/i18n/i18n'
import { PROFILE } from '../strings'

/**
 * The square crop (docs/using.md "Avatars"): zoom 1 to 3 by slider, wheel or pinch; OK or Cancel.
 */
export function CropDialog({
  source,
  onConfirm,
  onCancel,
}: {
  source: string
  onConfirm: (area: Area) => void
  onCancel: () => void
}) {
  const [crop, setCrop] = useState({ x: 0, y: 0 })
  const [zoom, setZoom] = useState(AVATAR_ZOOM_MIN)
  const [area, setArea] = useState<Area | null>(null)
  const strings = useStrings('profile', PROFILE)
  return (
    <Modal title={strings.avatar.crop} onCancel={onCancel}>
      <div className="relative aspect-square w-full overflow-hidden rounded-2xl bg-night-950">
        <Cropper
          image={source}
          crop={crop}
          zoom={zoom}
          minZoom={AVATAR_ZOOM_MIN}
          maxZoom={AVATAR_ZOOM_MAX}
          aspect={1}
          cropShape="round"
          showGrid={false}
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

import { lazy, Suspense, useId, useRef, useState } from 'react'
import type { BannerAnswer } from '@shared/banner'
import { Button, Notice } from '@client/components/ui'
import { errorMessage } from '@client/lib/http'
import { useStrings } from '@client/lib/i18n/i18n'
import { BANNER_CROP } from '../avatar/crop'
import { FilePickers } from '../avatar/file-pickers'
import { deleteBanner, uploadBanner } from '../avatar/upload'
import { UploadProgress } from '../avatar/upload-progress'
import { useCroppedUpload } from '../avatar/use-cropped-upload'
import { PROFILE } from '../strings'
import { BannerImage } from './banner-image'

const CropDialog = lazy(() =>
  import('../avatar/crop-dialog').then((module) => ({ default: module.CropDialog })),
)

/** In the account panel, the banner shows at the panel's width. */
export const PANEL_BANNER_SIZES = '(min-width: 32rem) 26rem, 85vw'

/**
 * The banner in edit mode (docs/using.md "Banners"): a picture chosen from the library or the
 * files is cropped to 3:1, uploaded with progress and shown from the returned URL; "Remove
 * banner" takes it away. Saved at once, like the avatar, not with the form.
 */
export function BannerEditor({
  banner,
  thumbhash,
  onChanged,
}: {
  banner: string
  thumbhash: string
  onChanged: (changed: BannerAnswer) => void
}) {
  const [removing, setRemoving] = useState(false)
  const strings = useStrings('profile', PROFILE).banner
  const picked = useCroppedUpload(BANNER_CROP, uploadBanner, onChanged, strings)
  const { source, setSource, pick, progress, problem, setProblem, upload } = picked
  const heading = useId()
  const libraryInput = useRef<HTMLInputElement>(null)
  const fileInput = useRef<HTMLInputElement>(null)

  const remove = async () => {
    setProblem(null)
    setRemoving(true)
    try {
      onChanged(await deleteBanner())
    } catch (error) {
      console.warn('Banner removal failed', error)
      setProblem(errorMessage(error))
    } finally {
      setRemoving(false)
    }
  }

  const busy = progress !== null || removing
  return (
    <section aria-labelledby={heading} className="flex flex-col gap-2">
      <h3 id={heading} className="text-sm font-semibold text-ink">
        {strings.title}
      </h3>
      {banner === '' ? (
        <div className="grid aspect-[3/1] w-full place-items-center rounded-2xl border-2 border-dashed border-line bg-sunken px-4 text-center text-sm text-ink-muted">
          {strings.none}
        </div>
      ) : (
        <BannerImage address={banner} thumbhash={thumbhash} sizes={PANEL_BANNER_SIZES} />
      )}
      <p className="text-sm text-ink-muted">{strings.hint}</p>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" disabled={busy} onClick={() => libraryInput.current?.click()}>
          {strings.library}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={() => fileInput.current?.click()}>
          {strings.files}
        </Button>
        {banner !== '' && (
          <Button variant="secondary" busy={removing} disabled={busy} onClick={() => void remove()}>
            {strings.remove}
          </Button>
        )}
      </div>
      <FilePickers
        name="banner"
        library={libraryInput}
        files={fileInput}
        onPick={(file) => void pick(file)}
      />
      {progress !== null && <UploadProgress label={strings.uploading} progress={progress} />}
      {problem !== null && <Notice tone="error">{problem}</Notice>}
      {source !== null && progress === null && (
        <Suspense fallback={null}>
          <CropDialog
            source={source}
            shape="banner"
            onCancel={() => setSource(null)}
            onConfirm={(area) => void upload(area)}
          />
        </Suspense>
      )}
    </section>
  )
}

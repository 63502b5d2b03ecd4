import { useEffect, useState } from 'react'
import { AVATAR_MESSAGES } from '@shared/avatar'
import { useStrings } from '@client/lib/i18n/i18n'
import { useLeaveGuard } from '@client/lib/leave-guard'
import { PROFILE } from '../strings'
import { cropToJpeg, type CropArea, type CropBound } from './crop'
import { uploadProblem } from './upload'

/**
 * Whether the browser can draw `file` whole: a text file, text named `.png` or a picture cut off
 * part way fails to decode, where the crop would show an empty frame.
 */
const decodes = (file: Blob) =>
  createImageBitmap(file).then(
    (bitmap) => {
      bitmap.close()
      return true
    },
    () => false,
  )

/**
 * A picture on its way to being the avatar or the banner: the chosen source until it is
 * cropped, the upload's progress, and what went wrong. `pick` takes a chosen file to the crop, or
 * says which files to choose when it is no picture; `upload` crops the source to `bound`, sends
 * it with `send`, and hands the answer to `onChanged`.
 */
export function useCroppedUpload<Answer>(
  bound: CropBound,
  send: (body: Blob, onProgress: (fraction: number) => void) => Promise<Answer>,
  onChanged: (answer: Answer) => void,
  /** What to say when the upload failed without the server's words. */
  words: { notSaved: string; dropped: string },
) {
  const [source, setSource] = useState<string | null>(null)
  const [progress, setProgress] = useState<number | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  // A picture in the crop dialog is not saved until OK.
  useLeaveGuard(source !== null, useStrings('profile', PROFILE).unsaved)

  // A picked file is shown through an object URL: let it go once it is no longer shown.
  useEffect(
    () => () => {
      if (source?.startsWith('blob:')) URL.revokeObjectURL(source)
    },
    [source],
  )

  const pick = async (file: File) => {
    setProblem(null)
    if (await decodes(file)) setSource(URL.createObjectURL(file))
    else setProblem(AVATAR_MESSAGES.unsupportedType)
  }

  const upload = async (area: CropArea) => {
    if (source === null) return
    setProgress(0)
    try {
      const cropped = await cropToJpeg(source, area, bound)
      setSource(null)
      onChanged(await send(cropped, setProgress))
    } catch (error) {
      console.warn('Upload failed', error)
      setProblem(uploadProblem(error, words))
    } finally {
      setProgress(null)
      setSource(null)
    }
  }

  return { source, setSource, pick, progress, problem, setProblem, upload }
}

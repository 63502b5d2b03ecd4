import { useEffect, useState } from 'react'
import { cropToJpeg, type CropArea, type CropBound } from './crop'
import { uploadProblem } from './upload'

/**
 * A picture on its way to being the avatar or the banner: the chosen source until it is
 * cropped, the upload's progress, and what went wrong. `upload` crops the source to `bound`,
 * sends it with `send`, and hands the answer to `onChanged`.
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

  // A picked file is shown through an object URL: let it go once it is no longer shown.
  useEffect(
    () => () => {
      if (source?.startsWith('blob:')) URL.revokeObjectURL(source)
    },
    [source],
  )

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

  return { source, setSource, progress, problem, setProblem, upload }
}

import { useEffect, useRef, useState } from 'react'
import { Button, Notice } from '@client/components/ui'
import { Modal } from '@client/components/modal'
import { useStrings } from '@client/lib/i18n/i18n'
import { PROFILE } from '../strings'

type CameraProblem = 'cameraDenied' | 'noCamera' | 'cameraFailed'

function cameraProblem(error: unknown): CameraProblem {
  const name = error instanceof DOMException ? error.name : ''
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'cameraDenied'
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'noCamera'
  return 'cameraFailed'
}

/**
 * Take Photo (docs/using.md "Avatars"): a live preview and a capture button; without a camera,
 * the file route.
 */
export function CameraDialog({
  onCapture,
  onCancel,
  onChooseFile,
}: {
  onCapture: (image: string) => void
  onCancel: () => void
  onChooseFile: () => void
}) {
  const video = useRef<HTMLVideoElement>(null)
  const hasCamera = navigator.mediaDevices?.getUserMedia !== undefined
  const strings = useStrings('profile', PROFILE)
  const [problem, setProblem] = useState<CameraProblem | null>(() =>
    hasCamera ? null : cameraProblem(new DOMException('', 'NotFoundError')),
  )
  const [ready, setReady] = useState(false)

  // The camera is an outside resource the dialog holds while open and must release on close.
  useEffect(() => {
    let stream: MediaStream | null = null
    let closed = false
    if (!hasCamera) return
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'user' }, audio: false })
      .then((granted) => {
        stream = granted
        if (closed) granted.getTracks().forEach((track) => track.stop())
        else if (video.current !== null) video.current.srcObject = granted
      })
      .catch((error: unknown) => setProblem(cameraProblem(error)))
    return () => {
      closed = true
      stream?.getTracks().forEach((track) => track.stop())
    }
  }, [hasCamera])

  const capture = () => {
    const element = video.current
    if (element === null || element.videoWidth === 0) return
    const canvas = document.createElement('canvas')
    canvas.width = element.videoWidth
    canvas.height = element.videoHeight
    canvas.getContext('2d')?.drawImage(element, 0, 0)
    onCapture(canvas.toDataURL('image/jpeg', 0.95))
  }

  return (
    <Modal title={strings.avatar.takePhoto} onCancel={onCancel}>
      {problem === null ? (
        <video
          ref={video}
          autoPlay
          playsInline
          muted
          aria-label={strings.avatar.preview}
          onLoadedData={() => setReady(true)}
          className="aspect-square w-full rounded-2xl bg-night-950 object-cover"
        />
      ) : (
        <Notice tone="error">{strings.avatar[problem]}</Notice>
      )}
      <div className="mt-5 flex justify-end gap-3">
        <Button variant="secondary" onClick={onCancel}>
          {strings.cancel}
        </Button>
        {problem === null ? (
          <Button disabled={!ready} onClick={capture}>
            {strings.avatar.capture}
          </Button>
        ) : (
          <Button onClick={onChooseFile}>{strings.avatar.menu['Browse Files']}</Button>
        )}
      </div>
    </Modal>
  )
}

import {
  lazy,
  Suspense,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react'
import type { AvatarAnswer } from '@shared/avatar'
import { AVATAR_RESET_NOTICE_MS } from '@shared/constants'
import { Notice } from '@client/components/ui'
import { ApiError, errorMessage } from '@client/lib/http'
import { clearAvatarCache } from './avatar-cache'
import { AvatarFrame } from './avatar-frame'
import { AvatarImage } from './avatar-image'
import { CameraDialog } from './camera-dialog'
import { thumbhashPlaceholder } from './thumbhash-placeholder'
import { cropToJpeg, type CropArea } from './crop'
import { deleteAvatar, uploadAvatar } from './upload'
import { useStrings } from '@client/lib/i18n/i18n'
import { PROFILE } from '../strings'

const CropDialog = lazy(() =>
  import('./crop-dialog').then((module) => ({ default: module.CropDialog })),
)

const HAPPY_AVATAR = '/images/mofurun-happy.png'
const MENU_ITEMS = [
  'Take Photo',
  'Choose from Library',
  'Browse Files',
  'Reset to Default',
] as const
type MenuItem = (typeof MENU_ITEMS)[number]

/**
 * The avatar in edit mode (docs/using.md "Avatars"): clicking it opens a menu of four sources; a
 * chosen image is cropped, uploaded with progress, and shown from the returned URL.
 */
export function AvatarEditor({
  avatar,
  thumbhash,
  frame,
  onChanged,
}: {
  avatar: string
  thumbhash: string
  /** The frame chosen in the form, drawn around the avatar as it will show. */
  frame: string
  onChanged: (changed: AvatarAnswer) => void
}) {
  const [menuOpen, setMenuOpen] = useState(false)
  const [camera, setCamera] = useState(false)
  const [source, setSource] = useState<string | null>(null)
  const [progress, setProgress] = useState<number | null>(null)
  const [happy, setHappy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const strings = useStrings('profile', PROFILE).avatar
  const trigger = useRef<HTMLButtonElement>(null)
  const menu = useRef<HTMLUListElement>(null)
  const libraryInput = useRef<HTMLInputElement>(null)
  const fileInput = useRef<HTMLInputElement>(null)
  const happyTimer = useRef<number | undefined>(undefined)

  useEffect(() => () => window.clearTimeout(happyTimer.current), [])
  // A picked file is shown through an object URL: let it go once it is no longer shown.
  useEffect(
    () => () => {
      if (source?.startsWith('blob:')) URL.revokeObjectURL(source)
    },
    [source],
  )

  // The first item has the focus before the menu paints, so keys pressed from then on are the
  // menu's (Escape closes the menu, not the panel around it).
  useLayoutEffect(() => {
    if (menuOpen) menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus()
  }, [menuOpen])

  const closeMenu = () => {
    setMenuOpen(false)
    trigger.current?.focus()
  }

  const choose = (item: MenuItem) => {
    setMenuOpen(false)
    setProblem(null)
    if (item === 'Take Photo') setCamera(true)
    if (item === 'Choose from Library') libraryInput.current?.click()
    if (item === 'Browse Files') fileInput.current?.click()
    if (item === 'Reset to Default') void reset()
  }

  const reset = async () => {
    try {
      await deleteAvatar()
    } catch (error) {
      console.warn('Avatar reset failed', error)
      setProblem(errorMessage(error))
      return
    }
    clearAvatarCache()
    onChanged({ avatar: '', avatarThumbhash: '' })
    setHappy(true)
    window.clearTimeout(happyTimer.current)
    happyTimer.current = window.setTimeout(() => setHappy(false), AVATAR_RESET_NOTICE_MS)
  }

  const upload = async (area: CropArea) => {
    if (source === null) return
    setProgress(0)
    try {
      const cropped = await cropToJpeg(source, area)
      setSource(null)
      onChanged(await uploadAvatar(cropped, setProgress))
    } catch (error) {
      console.warn('Avatar upload failed', error)
      setProblem(
        !(error instanceof ApiError) || error.code === 'UNEXPECTED_ANSWER'
          ? strings.notSaved
          : error.code === 'NETWORK'
            ? strings.dropped
            : error.message,
      )
    } finally {
      setProgress(null)
      setSource(null)
    }
  }

  const onMenuKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const items = [
      ...(menu.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? []),
    ]
    const index = items.indexOf(document.activeElement as HTMLButtonElement)
    if (event.key === 'Escape') {
      // Close the menu only, not the account panel around it.
      event.preventDefault()
      event.stopPropagation()
      closeMenu()
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      const step = event.key === 'ArrowDown' ? 1 : -1
      items[(index + step + items.length) % items.length]?.focus()
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault()
      items[event.key === 'Home' ? 0 : items.length - 1]?.focus()
    }
  }

  const pick = (file: File | undefined) => {
    if (file !== undefined) setSource(URL.createObjectURL(file))
  }

  return (
    <div className="relative flex flex-col items-center gap-2">
      <AvatarFrame frame={frame}>
        <button
          ref={trigger}
          type="button"
          aria-haspopup="menu"
          aria-expanded={menuOpen}
          aria-controls="avatar-menu"
          aria-label={strings.change}
          onClick={() => setMenuOpen(!menuOpen)}
          className="rounded-full border-4 border-sakura-300 transition hover:scale-105"
        >
          <AvatarImage
            address={avatar}
            src={happy ? HAPPY_AVATAR : undefined}
            placeholder={happy ? undefined : thumbhashPlaceholder(thumbhash)}
          />
        </button>
      </AvatarFrame>
      {menuOpen && (
        <ul
          ref={menu}
          id="avatar-menu"
          role="menu"
          aria-label={strings.change}
          onKeyDown={onMenuKey}
          className="absolute top-full z-10 mt-2 w-56 rounded-2xl border border-line bg-raised p-1.5 shadow-xl"
        >
          {MENU_ITEMS.map((item) => (
            <li key={item} role="none">
              <button
                type="button"
                role="menuitem"
                onClick={() => choose(item)}
                className="w-full rounded-xl px-3 py-2 text-left font-medium text-ink hover:bg-accent-soft focus:bg-accent-soft"
              >
                {strings.menu[item]}
              </button>
            </li>
          ))}
        </ul>
      )}
      {(
        [
          [libraryInput, 'image/*', 'avatar-library-input'],
          [fileInput, 'image/jpeg,image/png,image/webp', 'avatar-file-input'],
        ] as const
      ).map(([ref, accept, testId]) => (
        <input
          key={testId}
          ref={ref}
          type="file"
          accept={accept}
          hidden
          data-testid={testId}
          onChange={(event) => {
            pick(event.target.files?.[0])
            event.target.value = ''
          }}
        />
      ))}
      {progress !== null && (
        <div
          role="progressbar"
          aria-label={strings.uploading}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(progress * 100)}
          className="h-2 w-32 overflow-hidden rounded-full bg-sunken"
        >
          <div
            className="h-full bg-sakura-500 transition-[width]"
            style={{ width: `${progress * 100}%` }}
          />
        </div>
      )}
      {problem !== null && <Notice tone="error">{problem}</Notice>}
      {camera && (
        <CameraDialog
          onCancel={() => setCamera(false)}
          onCapture={(image) => {
            setCamera(false)
            setSource(image)
          }}
          onChooseFile={() => {
            setCamera(false)
            fileInput.current?.click()
          }}
        />
      )}
      {source !== null && progress === null && (
        <Suspense fallback={null}>
          <CropDialog
            source={source}
            onCancel={() => setSource(null)}
            onConfirm={(area) => void upload(area)}
          />
        </Suspense>
      )}
    </div>
  )
}

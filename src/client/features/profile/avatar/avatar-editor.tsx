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
import { errorMessage } from '@client/lib/http'
import { clearAvatarCache } from './avatar-cache'
import { AvatarFrame } from './avatar-frame'
import { AvatarImage } from './avatar-image'
import { CameraDialog } from './camera-dialog'
import { FilePickers } from './file-pickers'
import { thumbhashPlaceholder } from './thumbhash-placeholder'
import { AVATAR_CROP } from './crop'
import { deleteAvatar, uploadAvatar } from './upload'
import { UploadProgress } from './upload-progress'
import { useCroppedUpload } from './use-cropped-upload'
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
  const [happy, setHappy] = useState(false)
  const strings = useStrings('profile', PROFILE).avatar
  const picked = useCroppedUpload(AVATAR_CROP, uploadAvatar, onChanged, strings)
  const { source, setSource, pick, progress, problem, setProblem, upload } = picked
  const trigger = useRef<HTMLButtonElement>(null)
  const menu = useRef<HTMLUListElement>(null)
  const libraryInput = useRef<HTMLInputElement>(null)
  const fileInput = useRef<HTMLInputElement>(null)
  const happyTimer = useRef<number | undefined>(undefined)

  useEffect(() => () => window.clearTimeout(happyTimer.current), [])

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
      <FilePickers
        name="avatar"
        library={libraryInput}
        files={fileInput}
        onPick={(file) => void pick(file)}
      />
      {progress !== null && <UploadProgress label={strings.uploading} progress={progress} />}
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

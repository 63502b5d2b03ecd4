import { useState, type Ref } from 'react'
import { useStrings } from '@client/lib/i18n/i18n'
import { SHELL } from './strings'

interface MenuButtonProps {
  open: boolean
  onToggle: () => void
  ref: Ref<HTMLButtonElement>
}

/** The drawer's toggle below 640 px; bounces when tapped (hamburgerBounce effect). */
export function MenuButton({ open, onToggle, ref }: MenuButtonProps) {
  const [bounces, setBounces] = useState(0)
  const strings = useStrings('shell', SHELL)
  return (
    <button
      ref={ref}
      type="button"
      aria-controls="sidebar"
      aria-expanded={open}
      aria-label={open ? strings.closeMenu : strings.openMenu}
      onClick={() => {
        setBounces((count) => count + 1)
        onToggle()
      }}
      className="grid size-11 place-items-center rounded-full border border-line bg-raised text-ink shadow-sm sm:hidden"
    >
      <svg
        key={bounces}
        aria-hidden="true"
        viewBox="0 0 24 24"
        className={`size-6 ${bounces > 0 ? 'fx-bounce' : ''}`}
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
      >
        {open ? <path d="M6 6l12 12M18 6 6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
      </svg>
    </button>
  )
}

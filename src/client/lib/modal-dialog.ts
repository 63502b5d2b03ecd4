import { useEffect, useRef, type KeyboardEvent, type SyntheticEvent } from 'react'
import { wrapTabFocus } from './focus-wrap'

/**
 * Props for a <dialog> shown modally from its first render: focus stays inside, the page behind
 * is inert, and Esc calls `onCancel` instead of closing the element behind the app's back.
 * Opening it moves focus to its first control, or to the one marked `data-autofocus`: a control
 * rendered with the dialog cannot take focus by React's `autoFocus` before the dialog is open.
 */
export function useModalDialog(onCancel: () => void) {
  const ref = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const element = ref.current
    if (element === null || element.open) return
    element.showModal()
    element.querySelector<HTMLElement>('[data-autofocus]')?.focus()
  }, [])
  return {
    ref,
    onCancel: (event: SyntheticEvent) => {
      // A file picker closed without a choice fires a `cancel` of its own that bubbles up from
      // its input: that one is not the dialog's.
      if (event.target !== event.currentTarget) return
      event.preventDefault()
      onCancel()
    },
    onKeyDown: (event: KeyboardEvent<HTMLDialogElement>) =>
      wrapTabFocus(event.nativeEvent, event.currentTarget),
  }
}

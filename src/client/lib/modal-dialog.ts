import { useEffect, useRef, type KeyboardEvent, type SyntheticEvent } from 'react'
import { wrapTabFocus } from './focus-wrap'

/**
 * Props for a <dialog> shown modally from its first render: focus stays inside, the page behind
 * is inert, and Esc calls `onCancel` instead of closing the element behind the app's back.
 */
export function useModalDialog(onCancel: () => void) {
  const ref = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const element = ref.current
    if (element !== null && !element.open) element.showModal()
  }, [])
  return {
    ref,
    onCancel: (event: SyntheticEvent) => {
      event.preventDefault()
      onCancel()
    },
    onKeyDown: (event: KeyboardEvent<HTMLDialogElement>) =>
      wrapTabFocus(event.nativeEvent, event.currentTarget),
  }
}

import { useEffect, useRef, useState } from 'react'
import { HANDLE_MESSAGES, handleProblem } from '@shared/profile'
import { errorMessage } from '@client/lib/http'
import { checkHandle } from './profile-api'

/** Availability is asked this long after the last keystroke. */
const HANDLE_CHECK_DELAY_MS = 300

export type Availability =
  | { state: 'unchanged' }
  | { state: 'checking' }
  | { state: 'available' }
  /** Taken, reserved or too similar, with free handles to use instead (none until the server says). */
  | { state: 'refused'; message: string; suggestions: readonly string[] }
  | { state: 'invalid'; message: string }
  | { state: 'unknown'; message: string }

/**
 * Whether the typed handle (already normalized) is free, asked of the server a moment after the
 * last keystroke. The user's own saved handle is available without a question.
 */
export function useHandleAvailability(savedHandle: string) {
  const [availability, setAvailability] = useState<Availability>({ state: 'unchanged' })
  const latestCheck = useRef(0)
  const checkTimer = useRef<number | undefined>(undefined)

  useEffect(() => () => window.clearTimeout(checkTimer.current), [])

  /** Asks the server; `refusal` is what is already known to refuse the handle, if anything. */
  const ask = async (handle: string, question: number, refusal: string | null) => {
    try {
      const answer = await checkHandle(handle)
      // An older answer arriving after a newer question is ignored.
      if (question !== latestCheck.current) return
      setAvailability(
        answer.available
          ? { state: 'available' }
          : { state: 'refused', message: answer.message, suggestions: answer.suggestions },
      )
    } catch (error) {
      // A refusal known without the server stands; only the suggestions are missing.
      if (question !== latestCheck.current || refusal !== null) return
      setAvailability({ state: 'unknown', message: errorMessage(error) })
    }
  }

  const check = (handle: string) => {
    window.clearTimeout(checkTimer.current)
    const question = ++latestCheck.current
    // The user's own saved handle counts as available (the server agrees), with no need to ask.
    if (handle === savedHandle && handle !== '') {
      setAvailability({ state: 'available' })
      return
    }
    const problem = handle === '' ? null : handleProblem(handle)
    if (handle === '') {
      setAvailability({ state: 'unchanged' })
      return
    }
    if (problem !== null && problem !== HANDLE_MESSAGES.reserved) {
      setAvailability({ state: 'invalid', message: problem })
      return
    }
    setAvailability(
      problem === null
        ? { state: 'checking' }
        : { state: 'refused', message: problem, suggestions: [] },
    )
    checkTimer.current = window.setTimeout(
      () => void ask(handle, question, problem),
      HANDLE_CHECK_DELAY_MS,
    )
  }

  /** A save was refused (taken or too similar by then): say so, and ask for other handles. */
  const refuse = (handle: string, message: string) => {
    window.clearTimeout(checkTimer.current)
    const question = ++latestCheck.current
    setAvailability({ state: 'refused', message, suggestions: [] })
    void ask(handle, question, message)
  }

  return { availability, check, refuse }
}

/** The line under the ID field for each state. */
export function availabilityMessage(availability: Availability): string | null {
  switch (availability.state) {
    case 'checking':
      return HANDLE_MESSAGES.checking
    case 'available':
      return HANDLE_MESSAGES.available
    case 'refused':
    case 'invalid':
    case 'unknown':
      return availability.message
    case 'unchanged':
      return null
  }
}

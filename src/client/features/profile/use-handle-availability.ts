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
  | { state: 'taken' }
  | { state: 'invalid'; message: string }
  | { state: 'unknown'; message: string }

/**
 * Whether the typed handle (already normalized) is free, asked of the server a moment after the
 * last keystroke. The user's own saved handle is available without a question.
 */
export function useHandleAvailability(savedUsername: string) {
  const [availability, setAvailability] = useState<Availability>({ state: 'unchanged' })
  const latestCheck = useRef(0)
  const checkTimer = useRef<number | undefined>(undefined)

  useEffect(() => () => window.clearTimeout(checkTimer.current), [])

  const check = (username: string) => {
    window.clearTimeout(checkTimer.current)
    const question = ++latestCheck.current
    // The user's own saved handle counts as available (SPEC 5), with no need to ask.
    if (username === savedUsername && username !== '') {
      setAvailability({ state: 'available' })
      return
    }
    const problem = username === '' ? null : handleProblem(username)
    if (username === '' || problem !== null) {
      setAvailability(
        problem === null ? { state: 'unchanged' } : { state: 'invalid', message: problem },
      )
      return
    }
    setAvailability({ state: 'checking' })
    checkTimer.current = window.setTimeout(async () => {
      try {
        const answer = await checkHandle(username)
        // An older answer arriving after a newer question is ignored.
        if (question !== latestCheck.current) return
        setAvailability(answer.available ? { state: 'available' } : { state: 'taken' })
      } catch (error) {
        if (question !== latestCheck.current) return
        setAvailability({
          state: 'unknown',
          message: errorMessage(error),
        })
      }
    }, HANDLE_CHECK_DELAY_MS)
  }

  return { availability, check, markTaken: () => setAvailability({ state: 'taken' }) }
}

/** The line under the ID field for each state. */
export function availabilityMessage(availability: Availability): string | null {
  switch (availability.state) {
    case 'checking':
      return HANDLE_MESSAGES.checking
    case 'taken':
      return HANDLE_MESSAGES.taken
    case 'available':
      return HANDLE_MESSAGES.available
    case 'invalid':
    case 'unknown':
      return availability.message
    case 'unchanged':
      return null
  }
}

import { useEffect, useRef } from 'react'
import { publicConfig } from '@client/lib/public-config'
import {
  cancelPasskeyPrompt,
  passkeyAutofillAvailable,
  signInWithPasskey,
  type PasskeyOutcome,
} from '../passkey-api'

/**
 * Conditional UI: while the log-in view shows, the browser may offer the account's passkeys
 * among its suggestions for the e-mail field (autocomplete="username webauthn"). Picking one
 * signs in; `onOutcome` hears how it went. The waiting prompt ends with the view.
 */
export function usePasskeyAutofill(onOutcome: (outcome: PasskeyOutcome) => void) {
  const handler = useRef(onOutcome)
  useEffect(() => {
    handler.current = onOutcome
  })
  useEffect(() => {
    // Under a PUBLIC_URL on an IP address the browser would refuse it (docs/using.md "Passkeys").
    if (!publicConfig.passkeys) return
    let live = true
    let started = false
    void passkeyAutofillAvailable().then(async (available) => {
      if (!available || !live) return
      started = true
      const outcome = await signInWithPasskey(true)
      if (live) handler.current(outcome)
    })
    return () => {
      live = false
      if (started) void cancelPasskeyPrompt()
    }
  }, [])
}

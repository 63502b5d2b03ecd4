import { useSyncExternalStore } from 'react'
import { PUBLIC_CONFIG_ELEMENT_ID, type PublicConfig } from '@shared/public-config'

const FALLBACK: PublicConfig = {
  contactUrl: 'mailto:',
  gaMeasurementId: null,
  googleSignIn: false,
  neutralAuthErrors: false,
  passkeys: true,
}

/**
 * The server's public settings, embedded in the page it sends (absent under `vite` dev, and at
 * build time, when the pages are prerendered).
 */
function readPublicConfig(): PublicConfig {
  if (typeof document === 'undefined') return FALLBACK
  const text = document.getElementById(PUBLIC_CONFIG_ELEMENT_ID)?.textContent
  if (text === undefined || text === null) return FALLBACK
  try {
    const parsed: unknown = JSON.parse(text)
    if (typeof parsed !== 'object' || parsed === null) return FALLBACK
    const { contactUrl, gaMeasurementId, googleSignIn, neutralAuthErrors, passkeys } =
      parsed as Record<string, unknown>
    return {
      contactUrl: typeof contactUrl === 'string' ? contactUrl : FALLBACK.contactUrl,
      gaMeasurementId: typeof gaMeasurementId === 'string' ? gaMeasurementId : null,
      googleSignIn: googleSignIn === true,
      neutralAuthErrors: neutralAuthErrors === true,
      passkeys: passkeys !== false,
    }
  } catch {
    return FALLBACK
  }
}

export const publicConfig = readPublicConfig()

const unchanging = () => () => undefined

/**
 * The public settings for rendering: the prerendered page (built before any server knew them)
 * and hydration show the fallback, the server's values follow right after.
 */
export function usePublicConfig(): PublicConfig {
  return useSyncExternalStore(
    unchanging,
    () => publicConfig,
    () => FALLBACK,
  )
}

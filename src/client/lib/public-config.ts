import {
  PRERENDERED_CONTACT_URL,
  PUBLIC_CONFIG_ELEMENT_ID,
  type PublicConfig,
} from '@shared/public-config'

const FALLBACK: PublicConfig = {
  contactUrl: PRERENDERED_CONTACT_URL,
  gaMeasurementId: null,
  googleSignIn: false,
  neutralAuthErrors: false,
  passkeys: true,
}

/**
 * The server's public settings, embedded in the page it sends (absent under `vite` dev, and at
 * build time, when the pages are prerendered). The one that shows in prerendered markup, the
 * contact address, the server also writes into the page's HTML (PRERENDERED_CONTACT_URL), so the
 * first render in the browser matches the page it hydrates.
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

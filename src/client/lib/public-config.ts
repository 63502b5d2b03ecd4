import { PUBLIC_CONFIG_ELEMENT_ID, type PublicConfig } from '@shared/public-config'

const FALLBACK: PublicConfig = {
  contactUrl: 'mailto:',
  gaMeasurementId: null,
  googleSignIn: false,
  neutralAuthErrors: false,
}

/** The server's public settings, embedded in index.html (absent under `vite` dev). */
function readPublicConfig(): PublicConfig {
  const text = document.getElementById(PUBLIC_CONFIG_ELEMENT_ID)?.textContent
  if (text === undefined || text === null) return FALLBACK
  try {
    const parsed: unknown = JSON.parse(text)
    if (typeof parsed !== 'object' || parsed === null) return FALLBACK
    const { contactUrl, gaMeasurementId, googleSignIn, neutralAuthErrors } = parsed as Record<
      string,
      unknown
    >
    return {
      contactUrl: typeof contactUrl === 'string' ? contactUrl : FALLBACK.contactUrl,
      gaMeasurementId: typeof gaMeasurementId === 'string' ? gaMeasurementId : null,
      googleSignIn: googleSignIn === true,
      neutralAuthErrors: neutralAuthErrors === true,
    }
  } catch {
    return FALLBACK
  }
}

export const publicConfig = readPublicConfig()

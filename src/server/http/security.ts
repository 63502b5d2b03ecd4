import { secureHeaders } from 'hono/secure-headers'

const GOOGLE_TAG = 'https://www.googletagmanager.com'
const GOOGLE_ANALYTICS = ['https://*.google-analytics.com', 'https://*.analytics.google.com']

/**
 * Security headers on every response. The CSP allows only Mofu's own origin, plus Google's tag
 * manager when GA_MEASUREMENT_ID is set, and inline scripts only by the hash of their content. COOP allows popups so Google sign-in can report back.
 */
export function securityHeaders(options: {
  https: boolean
  analytics: boolean
  inlineScriptHashes: string[]
}) {
  const scriptSrc = [
    "'self'",
    ...options.inlineScriptHashes,
    ...(options.analytics ? [GOOGLE_TAG] : []),
  ]
  const connectSrc = ["'self'", ...(options.analytics ? [GOOGLE_TAG, ...GOOGLE_ANALYTICS] : [])]
  const imgSrc = ["'self'", 'data:', 'blob:', ...(options.analytics ? [GOOGLE_TAG] : [])]
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc,
      connectSrc,
      imgSrc,
      // React's style attributes and the crop widget's injected rules need inline styles.
      styleSrc: ["'self'", "'unsafe-inline'"],
      fontSrc: ["'self'"],
      mediaSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      ...(options.https ? { upgradeInsecureRequests: [] } : {}),
    },
    crossOriginOpenerPolicy: 'same-origin-allow-popups',
    referrerPolicy: 'strict-origin-when-cross-origin',
    strictTransportSecurity: options.https ? 'max-age=31536000; includeSubDomains' : false,
    xFrameOptions: 'DENY',
    permissionsPolicy: {
      camera: ['self'],
      microphone: [],
      geolocation: [],
      payment: [],
    },
    // A route that sets one of these headers itself knows better (avatars widen CORP).
    overwrite: false,
  })
}

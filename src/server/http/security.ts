const GOOGLE_TAG = 'https://www.googletagmanager.com'
const GOOGLE_ANALYTICS = ['https://*.google-analytics.com', 'https://*.analytics.google.com']

/** Sets each header a response does not carry already; a route that sets one knows better. */
export type ApplySecurityHeaders = (headers: Headers) => void

/**
 * Security headers on every response, built once at start: the same values answer every
 * request. The CSP allows only Mofu's own origin, plus Google's tag manager when
 * GA_MEASUREMENT_ID is set, and inline scripts only by the hash of their content. COOP allows
 * popups so Google sign-in can report back. Routes may widen one (avatars widen CORP).
 */
export function securityHeaders(options: {
  https: boolean
  analytics: boolean
  inlineScriptHashes: string[]
}): ApplySecurityHeaders {
  const { analytics } = options
  const csp = [
    ["default-src 'self'"],
    ["script-src 'self'", ...options.inlineScriptHashes, ...(analytics ? [GOOGLE_TAG] : [])],
    ["connect-src 'self'", ...(analytics ? [GOOGLE_TAG, ...GOOGLE_ANALYTICS] : [])],
    ["img-src 'self' data: blob:", ...(analytics ? [GOOGLE_TAG] : [])],
    // React's style attributes and the crop widget's injected rules need inline styles.
    ["style-src 'self' 'unsafe-inline'"],
    ["font-src 'self'"],
    ["media-src 'self' blob:"],
    ["object-src 'none'"],
    ["base-uri 'self'"],
    ["form-action 'self'"],
    ["frame-ancestors 'none'"],
    ...(options.https ? [['upgrade-insecure-requests']] : []),
  ]
  const headers: [string, string][] = [
    ['Content-Security-Policy', csp.map((directive) => directive.join(' ')).join('; ')],
    ['Cross-Origin-Opener-Policy', 'same-origin-allow-popups'],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ['Origin-Agent-Cluster', '?1'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ...(options.https
      ? [['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'] as [string, string]]
      : []),
    ['X-Content-Type-Options', 'nosniff'],
    ['X-DNS-Prefetch-Control', 'off'],
    ['X-Download-Options', 'noopen'],
    ['X-Frame-Options', 'DENY'],
    ['X-Permitted-Cross-Domain-Policies', 'none'],
    ['X-XSS-Protection', '0'],
    ['Permissions-Policy', 'camera=(self), microphone=(), geolocation=(), payment=()'],
  ]
  return (target) => {
    for (const [name, value] of headers) if (!target.has(name)) target.set(name, value)
  }
}

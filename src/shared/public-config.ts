/**
 * The only server settings the browser may see, embedded in index.html as JSON
 * (`<script id="mofu-config" type="application/json">`). Nothing secret belongs here.
 */
export interface PublicConfig {
  contactUrl: string
  gaMeasurementId: string | null
  /** Google sign-in is offered only when the operator configured it. */
  googleSignIn: boolean
  /** Sign-in failures show one neutral message (AUTH_NEUTRAL_ERRORS). */
  neutralAuthErrors: boolean
  /** Passkeys are offered only where browsers allow them: PUBLIC_URL's host is no IP address. */
  passkeys: boolean
}

export const PUBLIC_CONFIG_ELEMENT_ID = 'mofu-config'

/**
 * The contact link's address in the prerendered pages, built before any server knew its own: the
 * server writes the configured one in its place when it reads the pages, so the link works
 * before the page hydrates and without JavaScript.
 */
export const PRERENDERED_CONTACT_URL = 'mailto:'

export type LinkRefusal =
  /** The link, or a redirect's Location, is no URL. */
  | 'invalid-url'
  /** The link, or a redirect, is not https://. */
  | 'not-https'
  /** The host is, or its name resolves to, an address that is not globally routable unicast. */
  | 'forbidden-address'
  /** The name has no address, or the connection or TLS handshake failed. */
  | 'unreachable'
  /** The answer was neither a success nor a redirect with a Location. */
  | 'error-status'
  | 'too-many-redirects'
  /**
   * A redirect leads to another origin (scheme, host or port): that page speaks for its own
   * site, not for the link's, so it is not asked for.
   */
  | 'other-origin'
  /** The page is over the byte limit (declared or read). */
  | 'too-large'
  /** The whole check, look-ups and every hop included, went over the time limit. */
  | 'timeout'
  /** The page is not text/html, or comes compressed though none was asked for. */
  | 'not-html'
  /** The page has no <a> or <link> with rel="me" whose address is the profile's. */
  | 'no-link-back'

export class Refused extends Error {
  constructor(readonly reason: LinkRefusal) {
    super(reason)
    this.name = 'Refused'
  }
}

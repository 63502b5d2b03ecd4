import tls from 'node:tls'
import { LIMITS, type Limiter } from '../http/limiter'
import { linksBack, withoutFragment } from './link-back'
import { fetchOnce } from './link-fetch'
import { type LinkRefusal, Refused } from './link-refusals'

/**
 * Links that prove themselves: a profile link is verified when its page links back to the
 * profile's address with rel="me". The fetch is the only request Mofu sends to an address a user
 * chose, so whoever wrote the link may also control its DNS answers and the server behind it;
 * this file and the ones it calls (link-fetch, public-addresses, link-back) assume they do.
 */

export const LINK_CHECK_TIMEOUT_MS = 5_000
export const LINK_CHECK_MAX_BYTES = 1_048_576
export const LINK_CHECK_MAX_REDIRECTS = 3

/** Counted per user and for all users together, before anything is sent. */
export const LINK_CHECK_LIMITS = { perUser: LIMITS.linkCheckUser, global: LIMITS.linkCheck }

export type LinkCheck =
  | { verified: true }
  | { verified: false; reason: LinkRefusal }
  | { verified: false; reason: 'rate-limited'; retryAfterSeconds: number }

export interface LinkCheckOptions {
  /** Named in the User-Agent, so the operator of the linked site can tell who fetched it. */
  publicUrl: string
  /** Counted per user and for all users (LINK_CHECK_LIMITS) before anything is sent. */
  limits: { limiter: Limiter; userId: string }
  /**
   * Host names (exactly as the URL parser writes them) whose addresses are not checked, for
   * tests and intranets. An address literal never matches: only a name can be allowed.
   */
  allowHosts?: readonly string[]
  /** Certificates (PEM) trusted besides the usual roots, for an intranet's own CA. */
  ca?: string
  /** DNS servers (`1.2.3.4`, `1.2.3.4:53`, `[::1]:53`) asked for A and AAAA instead of the system. */
  dnsServers?: readonly string[]
  timeoutMs?: number
  maxBytes?: number
}

/** What an operator may open the check up to (LINK_CHECK_*), the same for every check. */
export type LinkCheckSettings = Pick<LinkCheckOptions, 'allowHosts' | 'ca' | 'dnsServers'>

/** Checks a link of a profile whose public page is `profileUrl`: never throws for the link's sake. */
export async function checkLink(
  link: string,
  profileUrl: string,
  options: LinkCheckOptions,
): Promise<LinkCheck> {
  const profile = withoutFragment(new URL(profileUrl))
  const settings = {
    allowHosts: new Set(options.allowHosts ?? []),
    ca: options.ca === undefined ? undefined : [...tls.rootCertificates, options.ca],
    dnsServers: options.dnsServers,
    maxBytes: options.maxBytes ?? LINK_CHECK_MAX_BYTES,
    userAgent: `Mofu link check (+${options.publicUrl})`,
  }
  let url: URL
  try {
    url = httpsUrl(link)
  } catch (error) {
    if (error instanceof Refused) return { verified: false, reason: error.reason }
    throw error
  }

  const { limiter, userId } = options.limits
  const mine = await limiter.hit(LINK_CHECK_LIMITS.perUser, userId)
  if (!mine.allowed) {
    return { verified: false, reason: 'rate-limited', retryAfterSeconds: mine.retryAfterSeconds }
  }
  const everyone = await limiter.hit(LINK_CHECK_LIMITS.global, 'all')
  if (!everyone.allowed) {
    // The user's own count is for checks that went out; this one did not.
    await limiter.giveBack(LINK_CHECK_LIMITS.perUser, userId)
    return {
      verified: false,
      reason: 'rate-limited',
      retryAfterSeconds: everyone.retryAfterSeconds,
    }
  }

  const deadline = AbortSignal.timeout(options.timeoutMs ?? LINK_CHECK_TIMEOUT_MS)
  try {
    for (let redirects = 0; ; redirects += 1) {
      const answer = await fetchOnce(url, settings, deadline)
      if (answer.kind === 'page') {
        return linksBack(answer.html, url, profile)
          ? { verified: true }
          : { verified: false, reason: 'no-link-back' }
      }
      if (redirects === LINK_CHECK_MAX_REDIRECTS) throw new Refused('too-many-redirects')
      const next = httpsUrl(answer.location, url)
      // Otherwise an open redirect on one site would lend another site's link back to it.
      if (next.origin !== url.origin) throw new Refused('other-origin')
      url = next
    }
  } catch (error) {
    if (deadline.aborted) return { verified: false, reason: 'timeout' }
    if (error instanceof Refused) return { verified: false, reason: error.reason }
    return { verified: false, reason: 'unreachable' }
  }
}

function httpsUrl(text: string, base?: URL): URL {
  let url: URL
  try {
    url = new URL(text, base)
  } catch {
    throw new Refused('invalid-url')
  }
  if (url.protocol !== 'https:') throw new Refused('not-https')
  return url
}

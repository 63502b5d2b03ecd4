import { NETWORK_TIMEOUT_DESKTOP_MS, NETWORK_TIMEOUT_MOBILE_MS } from '@shared/constants'

/** Touch-first devices are often on slower networks: they get the spec's longer timeout. */
export function requestTimeoutMs(): number {
  return window.matchMedia('(pointer: coarse)').matches
    ? NETWORK_TIMEOUT_MOBILE_MS
    : NETWORK_TIMEOUT_DESKTOP_MS
}

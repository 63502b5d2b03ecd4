import { NETWORK_TIMEOUT_DESKTOP_MS, NETWORK_TIMEOUT_MOBILE_MS } from '@shared/constants'

/** Touch-first devices are often on slower networks: they get the longer timeout, 60 s not 30 s. */
export function requestTimeoutMs(): number {
  return window.matchMedia('(pointer: coarse)').matches
    ? NETWORK_TIMEOUT_MOBILE_MS
    : NETWORK_TIMEOUT_DESKTOP_MS
}

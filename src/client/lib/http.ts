import { NETWORK_TIMEOUT_DESKTOP_MS, NETWORK_TIMEOUT_MOBILE_MS } from '@shared/constants'

/** Touch-first devices are often on slower networks: they get the spec's longer timeout. */
export function requestTimeoutMs(): number {
  return window.matchMedia('(pointer: coarse)').matches
    ? NETWORK_TIMEOUT_MOBILE_MS
    : NETWORK_TIMEOUT_DESKTOP_MS
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
  ) {
    super(message)
  }
}

/** A JSON request to Mofu's API with the spec's timeout; failures become ApiError. */
export async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(path, {
    ...init,
    headers: { 'Content-Type': 'application/json', ...init.headers },
    signal: AbortSignal.timeout(requestTimeoutMs()),
  })
  if (response.status === 204) return undefined as T
  const body = (await response.json().catch(() => ({}))) as { error?: string; code?: string }
  if (!response.ok) {
    throw new ApiError(
      response.status,
      body.error ?? 'Something went wrong. Please try again.',
      body.code,
    )
  }
  return body as T
}

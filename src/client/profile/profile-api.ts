import type { HandleAvailability, Profile, ProfilePatch, PublicProfile } from '../../shared/profile'
import { requestTimeoutMs } from '../account/auth-client'

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
async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
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

export const fetchProfile = () => api<Profile>('/api/me/profile')

export const saveProfile = (patch: ProfilePatch) =>
  api<Profile>('/api/me/profile', { method: 'PATCH', body: JSON.stringify(patch) })

export const checkHandle = (username: string) =>
  api<HandleAvailability>(`/api/handles/${encodeURIComponent(username)}`)

export const fetchPublicProfile = (handle: string) =>
  api<PublicProfile>(`/api/profiles/${encodeURIComponent(handle)}`)

export const deleteAccount = () => api<undefined>('/api/me', { method: 'DELETE' })

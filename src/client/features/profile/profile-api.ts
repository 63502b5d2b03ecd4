import type { HandleAvailability, Profile, ProfilePatch, PublicProfile } from '@shared/profile'
import { api } from '@client/lib/http'

export const fetchProfile = () => api<Profile>('/api/me/profile')

export const saveProfile = (patch: ProfilePatch) =>
  api<Profile>('/api/me/profile', { method: 'PATCH', body: JSON.stringify(patch) })

export const checkHandle = (username: string) =>
  api<HandleAvailability>(`/api/handles/${encodeURIComponent(username)}`)

export const fetchPublicProfile = (handle: string) =>
  api<PublicProfile>(`/api/profiles/${encodeURIComponent(handle)}`)

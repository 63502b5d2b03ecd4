import { HandleAvailabilitySchema, ProfileSchema, type ProfilePatch } from '@shared/profile'
import { requestJson } from '@client/lib/http'

export const fetchProfile = () => requestJson('/api/me/profile', ProfileSchema)

export const saveProfile = (patch: ProfilePatch) =>
  requestJson('/api/me/profile', ProfileSchema, { method: 'PATCH', json: patch })

/** Fetches each link's page for a link back to the profile (docs/api.md "Verified links"). */
export const checkProfileLinks = () =>
  requestJson('/api/me/profile/links/check', ProfileSchema, { method: 'POST', json: {} })

export const checkHandle = (handle: string) =>
  requestJson(`/api/handles/${encodeURIComponent(handle)}`, HandleAvailabilitySchema)

import { safeParse } from 'zod/mini'
import type { $ZodType } from 'zod/v4/core'
import { AvatarAnswerSchema } from '@shared/avatar'
import { BannerAnswerSchema } from '@shared/banner'
import { AVATAR_RESUMABLE_THRESHOLD_BYTES } from '@shared/constants'
import { ApiError, failureOf, requestJson } from '@client/lib/http'
import { requestTimeoutMs } from '@client/lib/request-timeout'

/** Where each of the profile's images is uploaded (docs/api.md "Avatars", "Banners"). */
const AVATAR_PATH = '/api/me/avatar'
const BANNER_PATH = '/api/me/banner'
const RETRY_DELAYS_MS = [1_000, 3_000, 8_000]
const NOT_SAVED = 'The image could not be saved.'

/** XHR rather than fetch: only XHR reports upload progress. */
function putOnce<T>(
  path: string,
  schema: $ZodType<T>,
  body: Blob,
  onProgress: (fraction: number) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('PUT', path)
    xhr.setRequestHeader('Content-Type', 'image/jpeg')
    xhr.timeout = requestTimeoutMs()
    xhr.responseType = 'json'
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total)
    }
    xhr.onload = () => {
      const failure = failureOf(path, xhr.status, xhr.response)
      if (failure !== null) return reject(failure)
      const answer = safeParse(schema, xhr.response)
      if (answer.success) resolve(answer.data)
      else reject(new ApiError(xhr.status, 'UNEXPECTED_ANSWER', NOT_SAVED))
    }
    // Dropped connections and timeouts are worth another try; refusals are not.
    xhr.onerror = () => reject(new TypeError('network'))
    xhr.ontimeout = () => reject(new TypeError('timeout'))
    xhr.send(body)
  })
}

/**
 * Uploads a cropped image with progress. Above AVATAR_RESUMABLE_THRESHOLD_BYTES (262144 bytes,
 * docs/using.md "Avatars") a dropped connection does not lose the upload: it is sent again on its
 * own, a few times.
 */
async function uploadImage<T>(
  path: string,
  schema: $ZodType<T>,
  body: Blob,
  onProgress: (fraction: number) => void,
): Promise<T> {
  const retries = body.size > AVATAR_RESUMABLE_THRESHOLD_BYTES ? RETRY_DELAYS_MS : []
  for (let attempt = 0; ; attempt++) {
    try {
      return await putOnce(path, schema, body, onProgress)
    } catch (error) {
      const delay = retries[attempt]
      if (!(error instanceof TypeError) || delay === undefined) {
        throw error instanceof ApiError
          ? error
          : new ApiError(0, 'NETWORK', 'The connection dropped. Please try again.')
      }
      onProgress(0)
      await new Promise((resolve) => setTimeout(resolve, delay))
    }
  }
}

export const uploadAvatar = (body: Blob, onProgress: (fraction: number) => void) =>
  uploadImage(AVATAR_PATH, AvatarAnswerSchema, body, onProgress)
export const deleteAvatar = () => requestJson(AVATAR_PATH, AvatarAnswerSchema, { method: 'DELETE' })

export const uploadBanner = (body: Blob, onProgress: (fraction: number) => void) =>
  uploadImage(BANNER_PATH, BannerAnswerSchema, body, onProgress)
export const deleteBanner = () => requestJson(BANNER_PATH, BannerAnswerSchema, { method: 'DELETE' })

/** What an editor says under the image when an upload failed: the server's words when it gave any. */
export function uploadProblem(error: unknown, words: { notSaved: string; dropped: string }) {
  if (!(error instanceof ApiError) || error.code === 'UNEXPECTED_ANSWER') return words.notSaved
  return error.code === 'NETWORK' ? words.dropped : error.message
}

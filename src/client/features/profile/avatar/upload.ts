import { AvatarAnswerSchema, type AvatarAnswer } from '@shared/avatar'
import { AVATAR_RESUMABLE_THRESHOLD_BYTES } from '@shared/constants'
import { ApiError, failureOf, requestJson } from '@client/lib/http'
import { requestTimeoutMs } from '@client/lib/request-timeout'

const AVATAR_PATH = '/api/me/avatar'
const RETRY_DELAYS_MS = [1_000, 3_000, 8_000]
const NOT_SAVED = 'The avatar could not be saved.'

/** XHR rather than fetch: only XHR reports upload progress. */
function putOnce(body: Blob, onProgress: (fraction: number) => void): Promise<AvatarAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('PUT', AVATAR_PATH)
    xhr.setRequestHeader('Content-Type', 'image/jpeg')
    xhr.timeout = requestTimeoutMs()
    xhr.responseType = 'json'
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total)
    }
    xhr.onload = () => {
      const failure = failureOf(AVATAR_PATH, xhr.status, xhr.response)
      if (failure !== null) return reject(failure)
      const answer = AvatarAnswerSchema.safeParse(xhr.response)
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
 * Uploads the cropped avatar with progress. Above AVATAR_RESUMABLE_THRESHOLD_BYTES (262144 bytes,
 * docs/using.md "Avatars") a dropped connection does not lose the upload: it is sent again on its
 * own, a few times.
 */
export async function uploadAvatar(body: Blob, onProgress: (fraction: number) => void) {
  const retries = body.size > AVATAR_RESUMABLE_THRESHOLD_BYTES ? RETRY_DELAYS_MS : []
  for (let attempt = 0; ; attempt++) {
    try {
      return await putOnce(body, onProgress)
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

export const deleteAvatar = () => requestJson(AVATAR_PATH, AvatarAnswerSchema, { method: 'DELETE' })

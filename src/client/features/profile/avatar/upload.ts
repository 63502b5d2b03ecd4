import { AVATAR_RESUMABLE_THRESHOLD_BYTES } from '@shared/constants'
import { requestTimeoutMs } from '@client/lib/http'

export class UploadError extends Error {}

const RETRY_DELAYS_MS = [1_000, 3_000, 8_000]

function putOnce(body: Blob, onProgress: (fraction: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open('PUT', '/api/me/avatar')
    request.setRequestHeader('Content-Type', 'image/jpeg')
    request.timeout = requestTimeoutMs()
    request.responseType = 'json'
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total)
    }
    request.onload = () => {
      const answer = request.response as { avatar?: string; error?: string } | null
      if (request.status === 200 && typeof answer?.avatar === 'string') resolve(answer.avatar)
      else reject(new UploadError(answer?.error ?? 'The avatar could not be saved.'))
    }
    // Dropped connections and timeouts are worth another try; refusals are not.
    request.onerror = () => reject(new TypeError('network'))
    request.ontimeout = () => reject(new TypeError('timeout'))
    request.send(body)
  })
}

/**
 * Uploads the cropped avatar with progress. Above the spec's resumable threshold (262144 bytes)
 * a dropped connection does not lose the upload: it is sent again on its own, a few times.
 */
export async function uploadAvatar(body: Blob, onProgress: (fraction: number) => void) {
  const retries = body.size > AVATAR_RESUMABLE_THRESHOLD_BYTES ? RETRY_DELAYS_MS : []
  for (let attempt = 0; ; attempt++) {
    try {
      return await putOnce(body, onProgress)
    } catch (error) {
      const delay = retries[attempt]
      if (!(error instanceof TypeError) || delay === undefined) {
        throw error instanceof UploadError
          ? error
          : new UploadError('The connection dropped. Please try again.')
      }
      onProgress(0)
      await new Promise((resolve) => setTimeout(resolve, delay))
    }
  }
}

export async function deleteAvatar(): Promise<void> {
  const response = await fetch('/api/me/avatar', {
    method: 'DELETE',
    signal: AbortSignal.timeout(requestTimeoutMs()),
  })
  if (!response.ok) throw new UploadError('The avatar could not be reset.')
}

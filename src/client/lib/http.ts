import { safeParse } from 'zod/mini'
import type { $ZodType } from 'zod/v4/core'
import { ApiErrorSchema, type ApiErrorBody } from '@shared/api-error'
import { AUTH_MESSAGES } from '@shared/auth-messages'
import { requestTimeoutMs } from './request-timeout'

/** A failed call to Mofu's API: the server's `{ code, message }`, or one made up here. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly issues: ApiErrorBody['issues'] = undefined,
  ) {
    super(message)
  }
}

let onSessionEnded: () => void = () => undefined

/** What to do when the server says the session behind an /api/me call is gone. */
export function whenSessionEnds(handler: () => void) {
  onSessionEnded = handler
}

/** The sentence to show a person for any failure of an API call. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message
  if (error instanceof DOMException && error.name === 'TimeoutError') return AUTH_MESSAGES.timeout
  return AUTH_MESSAGES.offline
}

/**
 * The status and body of a finished request as an error, or null when it succeeded. A 401 from
 * an /api/me route means the session ended elsewhere (expired, logged out in another browser).
 */
export function failureOf(path: string, status: number, body: unknown): ApiError | null {
  if (status >= 200 && status < 300) return null
  if (status === 401 && path.startsWith('/api/me')) onSessionEnded()
  const parsed = ApiErrorSchema.safeParse(body)
  return parsed.success
    ? new ApiError(status, parsed.data.code, parsed.data.message, parsed.data.issues)
    : new ApiError(status, 'UNKNOWN', AUTH_MESSAGES.somethingWrong)
}

interface Call {
  method?: string
  /** Sent as the JSON body. */
  json?: unknown
}

/** One request with the client's timeout; a refusal throws ApiError, the network its own error. */
async function fetchOk(path: string, { method = 'GET', json }: Call): Promise<Response> {
  const response = await fetch(path, {
    method,
    headers: json === undefined ? {} : { 'Content-Type': 'application/json' },
    body: json === undefined ? null : JSON.stringify(json),
    signal: AbortSignal.timeout(requestTimeoutMs()),
  })
  const body: unknown = response.ok ? null : await response.json().catch(() => null)
  const failure = failureOf(path, response.status, body)
  if (failure !== null) throw failure
  return response
}

async function call(path: string, init: Call): Promise<unknown> {
  const response = await fetchOk(path, init)
  return response.status === 204 ? null : await response.json().catch(() => null)
}

/** A file to save, such as the account's data archive. */
export async function requestFile(path: string): Promise<Blob> {
  return (await fetchOk(path, {})).blob()
}

/** An answer that must match `schema`; anything else is a failure too. */
function matching<T>(schema: $ZodType<T>, body: unknown): T {
  const answer = safeParse(schema, body)
  if (!answer.success) throw new ApiError(200, 'UNEXPECTED_ANSWER', AUTH_MESSAGES.somethingWrong)
  return answer.data
}

/** A call whose answer must match `schema`; anything else is a failure too. */
export async function requestJson<T>(path: string, schema: $ZodType<T>, init: Call = {}) {
  return matching(schema, await call(path, init))
}

/** The answer to a request made without this module, read as requestJson reads one. */
export function answerOf<T>(path: string, status: number, body: unknown, schema: $ZodType<T>) {
  const failure = failureOf(path, status, body)
  if (failure !== null) throw failure
  return matching(schema, body)
}

/** A call whose answer carries nothing to read (204). */
export async function send(path: string, init: Call): Promise<void> {
  await call(path, init)
}

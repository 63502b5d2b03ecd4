import { SERVER_MESSAGES } from '../http/messages'

/** The two encodings Better Auth reads a body in (better-call's getBody), by media type. */
const JSON_TYPE = 'application/json'
const FORM_TYPE = 'application/x-www-form-urlencoded'

/**
 * How deep a JSON body may nest. Better Auth's deepest (a passkey's answer) has 4 levels; the
 * bound keeps re-serialising a body (recursive in V8) far from the end of the stack.
 */
const MAX_JSON_DEPTH = 16

/** A body as Mofu read it, and the request that hands Better Auth exactly that; or a refusal. */
export type AuthBody = { body: unknown; request: Request } | { refused: string }

type Read = { body: unknown; text: string } | { refused: string }

/**
 * Reads an /api/auth request's body once, at Mofu's edge, for Mofu's own checks (the per-account
 * lock on log-ins) and for Better Auth alike: the request handed on carries the body written
 * again from what was read, under its bare media type, so no field can read one way here and
 * another there (a field given twice, a JSON body under a form's type, a parameter after the
 * type). A body is read by its media type before any `;`, as better-call reads it, and only as
 * JSON or a URL-encoded form; anything else, a field given twice, U+0000 (which PostgreSQL
 * cannot store) or a body that does not parse is refused. A request without a body passes as it
 * came.
 */
export async function readAuthBody(request: Request): Promise<AuthBody> {
  if (request.body === null) return { body: undefined, request }
  const mediaType =
    (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
  const text = await request.text()
  const read =
    mediaType === JSON_TYPE
      ? readJson(text)
      : mediaType === FORM_TYPE
        ? readForm(text)
        : { refused: SERVER_MESSAGES.notJson }
  if ('refused' in read) return read
  const refused = refusalOfValues(read.body)
  if (refused !== null) return { refused }
  const headers = new Headers(request.headers)
  headers.set('content-type', mediaType)
  headers.delete('content-length')
  return { body: read.body, request: new Request(request, { headers, body: read.text }) }
}

function readJson(text: string): Read {
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return { refused: SERVER_MESSAGES.unreadableJson }
  }
  const shape = jsonShape(text)
  if (shape !== 'plain') {
    return {
      refused:
        shape === 'repeated' ? SERVER_MESSAGES.repeatedField : SERVER_MESSAGES.unreadableJson,
    }
  }
  return { body, text: JSON.stringify(body) }
}

/**
 * Whether valid JSON text repeats a name within one object (JSON.parse keeps the last, another
 * reader the first), compared as read (`"a"` and `"\u0061"` are one name), or nests too deep.
 */
function jsonShape(text: string): 'plain' | 'repeated' | 'too deep' {
  // Per open container: the names of an object so far, or 'array'.
  const open: (Set<string> | 'array')[] = []
  let nameNext = false
  for (let at = 0; at < text.length; at++) {
    const char = text[at]
    if (char === '{' || char === '[') {
      open.push(char === '{' ? new Set() : 'array')
      if (open.length > MAX_JSON_DEPTH) return 'too deep'
      nameNext = char === '{'
    } else if (char === '}' || char === ']') {
      open.pop()
      nameNext = false
    } else if (char === ',') {
      nameNext = open.at(-1) instanceof Set
    } else if (char === '"') {
      let end = at + 1
      while (text[end] !== '"') end += text[end] === '\\' ? 2 : 1
      const names = open.at(-1)
      if (nameNext && names instanceof Set) {
        const name = String(JSON.parse(text.slice(at, end + 1)))
        if (names.has(name)) return 'repeated'
        names.add(name)
        nameNext = false
      }
      at = end
    }
  }
  return 'plain'
}

/** A URL-encoded form, its fields gathered as better-call gathers them (the last one wins). */
function readForm(text: string): Read {
  const fields = new URLSearchParams(text)
  const body: Record<string, string> = {}
  const names = new Set<string>()
  for (const [name, value] of fields) {
    if (names.has(name)) return { refused: SERVER_MESSAGES.repeatedField }
    names.add(name)
    body[name] = value
  }
  return { body, text: fields.toString() }
}

/**
 * What a read body's values earn: U+0000 anywhere, names included, is refused, and so is a
 * number past what a double holds (read as Infinity, which JSON would write back as null).
 */
function refusalOfValues(body: unknown): string | null {
  const pending = [body]
  while (pending.length > 0) {
    const value = pending.pop()
    if (typeof value === 'string' && value.includes('\u0000')) {
      return SERVER_MESSAGES.controlCharacters
    }
    if (typeof value === 'number' && !Number.isFinite(value)) return SERVER_MESSAGES.unreadableJson
    if (typeof value === 'object' && value !== null) {
      for (const [name, inner] of Object.entries(value)) pending.push(name, inner)
    }
  }
  return null
}

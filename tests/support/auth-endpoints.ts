import { z } from 'zod'
import type { Auth } from '../../src/server/auth/auth'

/** Where the app mounts Better Auth. */
export const AUTH_BASE = '/api/auth'

/** One of Better Auth's endpoints, as its router serves it. */
export interface AuthEndpoint {
  /** Below AUTH_BASE, with :params. */
  path: string
  methods: string[]
  /** Its body schema, undefined for an endpoint that declares none. */
  body: unknown
  query: unknown
}

interface ApiEndpoint {
  path?: string
  options: {
    method: string | string[]
    body?: unknown
    query?: unknown
    metadata?: { SERVER_ONLY?: boolean }
  }
}

/**
 * Every endpoint Better Auth answers over HTTP, read from its own list: a route it adds is
 * covered by the tests that walk these without anyone adding it to them.
 */
export function authEndpoints(auth: Auth): AuthEndpoint[] {
  return (Object.values(auth.api) as ApiEndpoint[]).flatMap(({ path, options }) =>
    path === undefined || options.metadata?.SERVER_ONLY === true
      ? []
      : [{ path, methods: [options.method].flat(), body: options.body, query: options.query }],
  )
}

/** The fields of a schema by name: through optional and intersection; undefined for any names. */
export function shapeOf(schema: unknown): Record<string, unknown> | undefined {
  if (schema === undefined) return {}
  // zod's core classes: Better Auth's schemas are zod's classic API, some of Mofu's zod/mini.
  if (schema instanceof z.core.$ZodOptional) return shapeOf(schema._zod.def.innerType)
  if (schema instanceof z.core.$ZodObject) return schema._zod.def.shape
  if (schema instanceof z.core.$ZodIntersection) {
    const { left, right } = schema._zod.def
    return { ...shapeOf(left), ...shapeOf(right) }
  }
  return undefined
}

/** The field names of a schema; undefined for any names. */
export function fieldsOf(schema: unknown): string[] | undefined {
  const shape = shapeOf(schema)
  return shape === undefined ? undefined : Object.keys(shape)
}

/** Whether a field's schema takes a string: the only fields a form can carry. */
export function takesString(schema: unknown): boolean {
  if (
    schema instanceof z.core.$ZodOptional ||
    schema instanceof z.core.$ZodDefault ||
    schema instanceof z.core.$ZodNullable
  ) {
    return takesString(schema._zod.def.innerType)
  }
  return schema instanceof z.core.$ZodString
}

/** The endpoint's path under the app, each parameter filled in with `param`. */
export const authPath = (endpoint: Pick<AuthEndpoint, 'path'>, param: string) =>
  `${AUTH_BASE}${endpoint.path.replace(/:\w+/g, () => param)}`

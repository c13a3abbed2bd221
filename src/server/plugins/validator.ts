import type { FastifySchemaCompiler } from 'fastify'
import { validatorCompiler } from 'fastify-type-provider-zod'
import { z } from 'zod'

/** What the refusal's log line says of the field (the visitor's text names the field only). */
const NUL_MESSAGE = 'NUL character'

/** Deepest nesting searched: request schemas nest a few levels; deeper is refused by them anyway. */
const MAX_DEPTH = 32

/**
 * The path of the first string holding a NUL character in a request part (body, query, params),
 * or null. PostgreSQL cannot store a NUL in text where SQLite can: without this one rule a name,
 * a note or a buyer's address with one was stored on SQLite and refused on PostgreSQL only by the
 * error net's generic "bad request" (plugins/known-failures.ts). What it costs: one pass over the
 * request's strings (`includes` over a drawing's text: milliseconds for tens of megabytes); it
 * runs on every request, buyers' holds in a rush included, so it allocates nothing unless it
 * finds one (the path is built on the way back up).
 */
export function nulPath(value: unknown, depth = 0): (string | number)[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? [] : null
  if (depth > MAX_DEPTH || typeof value !== 'object' || value === null) return null
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nulPath(value[i], depth + 1)
      if (found) return (found.unshift(i), found)
    }
    return null
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue
    // A key with a NUL is the field's own path: it names no field the schemas know.
    if (key.includes('\u0000')) return [key.replaceAll('\u0000', '')]
    const found = nulPath((value as Record<string, unknown>)[key], depth + 1)
    if (found) return (found.unshift(key), found)
  }
  return null
}

/**
 * The server's one request validator: the contract's zod schemas (fastify-type-provider-zod),
 * after one rule every route shares, whatever its schema says: no NUL character in any string
 * of the body, query or params. Refused as the schemas refuse (400 -1002 "Invalid request: check
 * <field>", plugins/error-handler.ts), on both databases alike, before any handler runs.
 */
export const requestValidator: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = validatorCompiler(route)
  return (data: unknown) => {
    const path = nulPath(data)
    if (path === null) return validate(data)
    // The refusal built by the same library from a zod issue at that path, so the error handler reads it as any other.
    const refusal = z.unknown().superRefine((_, ctx) => ctx.addIssue({ code: 'custom', message: NUL_MESSAGE, path }))
    return validatorCompiler({ ...route, schema: refusal })(data)
  }
}

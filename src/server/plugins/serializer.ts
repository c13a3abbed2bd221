import fastJsonStringify from 'fast-json-stringify'
import type { FastifySerializerCompiler } from 'fastify'
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod'
import { z } from 'zod'

type Serialize = (data: unknown) => string

/**
 * The JSON Schema of a contract answer as zod writes it for OpenAPI (io 'output'), or null when
 * the schema has a part JSON Schema cannot say (a transform, a custom check): those keep zod.
 */
export function answerJsonSchema(schema: z.ZodType): Record<string, unknown> | null {
  try {
    return z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw', target: 'draft-7' }) as Record<string, unknown>
  } catch {
    return null
  }
}

/**
 * Serializer of a contract answer (src/contract: the zod `response` of each call stays the one
 * home of the shape; OpenAPI and the client read the same object). The answer is written by
 * fast-json-stringify from the JSON Schema derived from that zod schema at start, instead of
 * zod's encode (a full parse of the answer) and JSON.stringify: measured on real answers, 12
 * against 38 µs for a one-seat hold's answer and 27 against 102 µs for a session list (docs/benchmark-log.md,
 * "On-sale rush"). Same JSON values (keys in the schema's order); properties the
 * schema does not name are left out, as zod strips them.
 *
 * What it costs: the answer is no longer checked against the schema on the way out. A value of
 * the wrong type is coerced (fast-json-stringify writes the number the schema asks for) where zod
 * threw a 500; a missing required property still throws. Every handler's answer is typed by the
 * same schema at compile time, and tests/integration/serializer.test.ts parses real answers with
 * the contract's zod schema. A schema JSON Schema cannot express keeps zod's serializer.
 */
export const contractSerializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) => {
  const schema = route.schema
  const json = schema instanceof z.ZodType ? answerJsonSchema(schema) : null
  if (!json) return zodSerializerCompiler(route as never)
  return fastJsonStringify(json as never) as Serialize
}

/** The serializer the routes use for answers of `schema`, for an answer written once and sent many times (routes/listing-answer.ts). */
export function answerSerializer(schema: z.ZodType): Serialize {
  return contractSerializerCompiler({ schema, method: 'GET', url: '', httpStatus: '200' }) as Serialize
}

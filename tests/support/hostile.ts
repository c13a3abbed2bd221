import type { z } from 'zod'

/**
 * Hostile values shaped like a schema: the fuzzing test (issue 18.6) sends requests that pass
 * (or nearly pass) a call's own validation but carry what breaks a database: integers beyond
 * PostgreSQL's int4 and past JS's safe range, NUL characters, negative and empty values, very
 * long strings. A value the schema refuses is fine too: the answer must still be a 4xx.
 */
export type HostileMode = 'int4-overflow' | 'huge' | 'nul' | 'negative' | 'long'
export const HOSTILE_MODES: HostileMode[] = ['int4-overflow', 'huge', 'nul', 'negative', 'long']

const NUMBER: Record<HostileMode, number> = {
  'int4-overflow': 2 ** 31,
  huge: Number.MAX_SAFE_INTEGER,
  nul: 1,
  negative: -(2 ** 31) - 1,
  long: 1e300,
}
const STRING: Record<HostileMode, string> = {
  'int4-overflow': String(2 ** 31),
  huge: '9'.repeat(40),
  nul: 'a\u0000b',
  negative: '-2147483649',
  long: 'x'.repeat(100_000),
}

/** A string of the hostile kind for a path parameter. */
export const hostileString = (mode: HostileMode) => STRING[mode]

interface Def {
  type: string
  shape?: Record<string, z.ZodType>
  element?: z.ZodType
  innerType?: z.ZodType
  options?: z.ZodType[]
  values?: unknown[]
  entries?: Record<string, unknown>
  in?: z.ZodType
  items?: z.ZodType[]
  valueType?: z.ZodType
  getter?: () => z.ZodType
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def

/** A value shaped like `schema`, hostile in `mode`. */
export function hostileValue(schema: z.ZodType, mode: HostileMode, depth = 0): unknown {
  if (depth > 8) return null
  const def = defOf(schema)
  switch (def.type) {
    case 'object':
      return Object.fromEntries(Object.entries(def.shape ?? {}).map(([k, v]) => [k, hostileValue(v, mode, depth + 1)]))
    case 'array':
      return [hostileValue(def.element!, mode, depth + 1)]
    case 'tuple':
      return (def.items ?? []).map((i) => hostileValue(i, mode, depth + 1))
    case 'record':
      return { [STRING[mode].slice(0, 64)]: hostileValue(def.valueType!, mode, depth + 1) }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return hostileValue(def.innerType!, mode, depth + 1)
    case 'pipe':
      return hostileValue(def.in!, mode, depth + 1)
    case 'lazy':
      return hostileValue(def.getter!(), mode, depth + 1)
    case 'union':
      return hostileValue(def.options![0], mode, depth + 1)
    case 'literal':
      return def.values![0]
    case 'enum':
      return Object.values(def.entries ?? {})[0]
    case 'number':
    case 'int':
    case 'bigint':
      return NUMBER[mode]
    case 'boolean':
      return true
    case 'string':
      return STRING[mode]
    default:
      return STRING[mode]
  }
}

/** Query parameters from a hostile value (objects and arrays as JSON, as a careless client would). */
export function toQuery(value: unknown): string {
  if (typeof value !== 'object' || value === null) return ''
  const params = new URLSearchParams()
  for (const [k, v] of Object.entries(value)) params.set(k, typeof v === 'object' ? JSON.stringify(v) : String(v))
  return params.toString()
}

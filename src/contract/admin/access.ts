import { z } from 'zod'
import { MAX_DB_ID, noNulText } from '../entities/common'
import { langSchema } from '../lang'
import { roleSchema } from './roles'

/** Shortest password an operator may set; argon2id makes guessing slow, length makes it hopeless. */
export const MIN_PASSWORD_LENGTH = 10
export const MAX_PASSWORD_LENGTH = 200

const email = z.string().trim().toLowerCase().email().max(200)
const password = z.string().min(MIN_PASSWORD_LENGTH).max(MAX_PASSWORD_LENGTH)
const idParam = z.object({ id: z.coerce.number().int().positive().max(MAX_DB_ID) })
export const adminIdParamsSchema = idParam

export const operatorSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: roleSchema,
  lang: langSchema,
  active: z.number().int(),
  locked_until: z.number().nullable(),
  created_at: z.number(),
})
export type Operator = z.infer<typeof operatorSchema>

/** POST /api/admin/login. `lang` (optional) is the language of the answer and of errors. */
export const loginRequestSchema = z.object({ email, password: z.string().min(1).max(MAX_PASSWORD_LENGTH), lang: langSchema.optional() })
/**
 * The signed-in operator and the CSRF token every console POST sends as X-CSRF-TOKEN, and the
 * venue's IANA time zone (VENUE_TIME_ZONE): the console shows and reads its date-time inputs on
 * that zone's wall clock, whatever the operator's computer's own zone.
 */
export const meResponseSchema = z.object({ operator: operatorSchema, csrf: z.string(), time_zone: z.string() })
export type MeResponse = z.infer<typeof meResponseSchema>
export const okResponseSchema = z.object({ ok: z.literal(true) })

export const operatorListResponseSchema = z.object({ operators: z.array(operatorSchema) })
/** An operator's name: NUL refused on both databases alike (noNulText). */
const operatorName = noNulText().trim().max(200)
export const operatorCreateRequestSchema = z.object({ email, name: operatorName.default(''), role: roleSchema, password, lang: langSchema.default('ru') })
export const operatorUpdateRequestSchema = z.object({
  name: operatorName.optional(),
  role: roleSchema.optional(),
  lang: langSchema.optional(),
  active: z.union([z.literal(0), z.literal(1)]).optional(),
  password: password.optional(),
  /** 1 clears a lock-out before its time. */
  unlock: z.literal(1).optional(),
})

export const apiTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  role: roleSchema,
  prefix: z.string(),
  created_at: z.number(),
  last_used_at: z.number().nullable(),
  revoked_at: z.number().nullable(),
  /** When the token stops working (refused then as a revoked one is); null: made before tokens expired, it never does. */
  expires_at: z.number().nullable(),
})
export const tokenListResponseSchema = z.object({ tokens: z.array(apiTokenSchema) })
/** An API token's lifetime when its maker chooses none, in days. */
export const DEFAULT_TOKEN_DAYS = 90
/** The longest lifetime a token may be given (a year): a forgotten integration's token ends some day. */
export const MAX_TOKEN_DAYS = 365
export const tokenCreateRequestSchema = z.object({
  name: noNulText().trim().min(1).max(100),
  role: roleSchema,
  /** Days the token works from its making (1 to MAX_TOKEN_DAYS; DEFAULT_TOKEN_DAYS when left out). */
  expires_in_days: z.number().int().min(1).max(MAX_TOKEN_DAYS).default(DEFAULT_TOKEN_DAYS),
})
/** The token itself is shown once, here; the server keeps only its SHA-256. */
export const tokenCreateResponseSchema = z.object({ token: z.string(), api_token: apiTokenSchema })

export const auditEntrySchema = z.object({
  id: z.number().int(),
  actor: z.string(),
  operator_id: z.number().nullable(),
  api_token_id: z.number().nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string(),
  created_at: z.number(),
})
export type AuditEntry = z.infer<typeof auditEntrySchema>
export const auditQuerySchema = z.object({
  entity: z.string().max(50).optional(),
  entity_id: z.string().max(50).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  lang: langSchema.optional(),
})
export const auditResponseSchema = z.object({ entries: z.array(auditEntrySchema) })

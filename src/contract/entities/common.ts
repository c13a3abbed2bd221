import { z } from 'zod'
import { localized } from '../lang'

/**
 * Small building blocks shared by the entity schemas. Only plain zod (no transforms) so every
 * answer converts to JSON Schema for OpenAPI.
 *
 * Wire formats we chose where the spec shows none: dates as 'YYYY-MM-DD', times as 'HH:MM',
 * date-times as 'YYYY-MM-DD HH:MM:SS' in the venue's time zone; ids and amounts as JSON numbers;
 * 0/1 flags as the numbers 0 and 1 (as the spec writes "= 1").
 */

/** A 0/1 flag. */
export const flagSchema = z.number().int().min(0).max(1)
/**
 * Largest id an integer column holds on PostgreSQL. A larger one names no row on either database,
 * but PostgreSQL refuses it as out of range where SQLite looks it up: the contract refuses it
 * first, so both answer alike.
 */
export const MAX_DB_ID = 2 ** 31 - 1
/** A database id (positive integer, at most MAX_DB_ID). */
export const idSchema = z.number().int().positive().max(MAX_DB_ID)
/**
 * Text without NUL characters: PostgreSQL cannot store one in text where SQLite can, so the
 * contract refuses it and both databases answer alike. A pattern, not a refinement, so it shows in
 * the JSON Schema.
 */
// eslint-disable-next-line no-control-regex -- the NUL is the point
export const noNulText = () => z.string().regex(/^[^\u0000]*$/)
/** A count of tickets or places (may be 0). */
export const countSchema = z.number().int().min(0)
/** An amount of money (2 decimals on screen). */
export const moneySchema = z.number()
/** 'YYYY-MM-DD'. */
export const daySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/)
/** 'HH:MM'. */
export const timeSchema = z.string().regex(/^\d{2}:\d{2}$/)
/** The opaque public hash of an event, order or ticket (letters, digits, '-' and '_'). */
export const hashSchema = z.string().min(1).max(128).regex(/^[A-Za-z0-9_-]+$/)

/** An agreement checkbox offered with a form (000 §3): filling = 1 means it must be ticked. */
export const checkboxItemSchema = z.object({
  id: idSchema,
  filling: flagSchema,
  ...localized('name'),
})
export type CheckboxItem = z.infer<typeof checkboxItemSchema>

/** An agreement checkbox as the client sends it back: checked 0 or 1. */
export const checkboxAnswerSchema = z.object({
  id: idSchema,
  checked: flagSchema,
})
export type CheckboxAnswer = z.infer<typeof checkboxAnswerSchema>

/** `{errorCode: '0', errorText}` part of a success answer that carries a code. */
export const okShape = {
  errorCode: z.literal('0'),
  errorText: z.string(),
}

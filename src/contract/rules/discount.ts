import { z } from 'zod'
import { PROMO_MIN_LENGTH } from '../constants'
import { RuleError } from './errors'

/** Promo code and bonus rules (001 §5). */

/** Promo codes are shown and sent upper-cased and trimmed. */
export function normalizePromo(s: string): string {
  return s.trim().toUpperCase()
}
/** OK is enabled only with at least 3 characters. */
export function isPromoValid(s: string): boolean {
  return normalizePromo(s).length >= PROMO_MIN_LENGTH
}
export const promoSchema = z.string().transform(normalizePromo).pipe(z.string().min(PROMO_MIN_LENGTH, RuleError.PROMO))

/** Parses the bonuses field: an integer written in digits, or null. */
export function parseBonuses(s: string): number | null {
  const t = s.trim()
  return /^\d+$/.test(t) ? Number(t) : null
}
/** Why the typed bonuses cannot be applied (001 §5 "Bonuses: integer"), or null when they can. */
export type BonusInputError = 'bonus-not-integer' | 'bonus-negative' | 'bonus-too-many'
export function bonusInputError(s: string, available: number): BonusInputError | null {
  const t = s.trim()
  if (t === '' || /^\d+$/.test(t)) return t !== '' && Number(t) > available ? 'bonus-too-many' : null
  if (/^-/.test(t)) return 'bonus-negative'
  return 'bonus-not-integer'
}
/** Apply is enabled only for an integer above 0 and not above the available bonuses. */
export function canApplyBonuses(value: number | null, available: number): boolean {
  return value !== null && Number.isInteger(value) && value > 0 && value <= available
}
/** Remaining bonuses shown under the field: available minus entered (never below 0). */
export function bonusesLeft(value: number | null, available: number): number {
  return Math.max(0, available - (value ?? 0))
}

import type { ActionOutcome } from './action'

/** The promo field once an apply has ended: whether its text is cleared, and its error (a key under `order.`), if any. */
export interface PromoField {
  clear: boolean
  error: 'promo-invalid' | 'promo-unreachable' | null
}

/**
 * The promo field after an apply (001 §5). Only a code the server took (`answered`, the
 * answer's promoCode, not empty) clears the field. Any other end keeps what was typed: a code the
 * server calls invalid (an empty promoCode) with 'Invalid promo code'; a request that got no
 * answer with a message saying the code was not applied (nothing else tells the visitor: the
 * action only logs it); a refusal (its text is in the error modal) or a skipped apply with none.
 */
export function promoAfterApply(outcome: ActionOutcome, answered: string | null): PromoField {
  if (outcome === 'done' && answered !== null && answered !== '') return { clear: true, error: null }
  if (outcome === 'done') return { clear: false, error: 'promo-invalid' }
  if (outcome === 'unreachable') return { clear: false, error: 'promo-unreachable' }
  return { clear: false, error: null }
}

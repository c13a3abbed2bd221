/**
 * Whether a session is on sale (the storefront's rule, one home for the server and the console):
 * switched on (`active`), not started yet, and inside its on-sale window (`sale_from` inclusive,
 * `sale_to` exclusive; null = no bound). The listing and the event page apply the same rule as
 * SQL (server/domain/events/sale-window.ts inSaleWindow, with `active` and `starts_at`), the
 * seat map and the cart (scheme/repository.ts judgeSession) by this function, and the console's
 * session list shows its answer.
 */
export interface SessionSaleFields {
  active: number
  starts_at: number
  sale_from: number | null
  sale_to: number | null
}

/** Why a session is or is not on sale, in the order the storefront checks it. */
export type SessionSaleState = 'on-sale' | 'switched-off' | 'started' | 'not-yet' | 'sale-ended'

/** Only 'on-sale' sells; every other state is refused by the storefront (session-not-on-sale). */
export function sessionSaleState(s: SessionSaleFields, now: number): SessionSaleState {
  if (s.active !== 1) return 'switched-off'
  if (s.starts_at <= now) return 'started'
  if (s.sale_from !== null && s.sale_from > now) return 'not-yet'
  if (s.sale_to !== null && s.sale_to <= now) return 'sale-ended'
  return 'on-sale'
}

/**
 * What an order counts against its per-order limit (demquantlimit, 000 §3): a group excursion
 * ticket (passagequant > 0) counts as its passes, every other ticket as one. Where the spec is
 * silent this is our rule (README, "Rules we chose"): a group of 10 is 10 visitors at the door,
 * so 1 group ticket of 10 passes and 1 adult ticket is 11 towards a limit of 10. Session stock
 * still counts a group ticket once (it is one sale of the row).
 */
export function ticketsCounted(lines: readonly { quantity: number; passagequant: number }[]): number {
  return lines.reduce((n, l) => n + Math.max(0, l.quantity) * Math.max(1, l.passagequant), 0)
}

/**
 * Whether an order may hold `quantity` tickets of a price row whose minimum is `needprice` (0 or
 * 1: none): none of it, or at least the minimum (admission/plan.ts refuses fewer: line-needprice).
 */
export function meetsRowMinimum(needprice: number, quantity: number): boolean {
  return quantity === 0 || quantity >= needprice
}

/**
 * Most tickets of one price row (of `passagequant` passes per ticket) an order may hold beside
 * `others` under the per-order limit `demquantlimit`, counted as the server counts it
 * (ticketsCounted; admission/plan.ts refuses more with order-limit): what a quantity list may
 * offer, so that it offers nothing the server would refuse (the box office's general admission).
 */
export function mostOfRowWithinLimit(demquantlimit: number, others: readonly { quantity: number; passagequant: number }[], passagequant: number): number {
  return Math.max(0, Math.floor((demquantlimit - ticketsCounted(others)) / Math.max(1, passagequant)))
}

/**
 * Tickets an order holds as the session's stock, a subscription's remaining tickets and the gift
 * card's one ticket (000 §4, §9) count them: every ticket once, a group excursion ticket too (one
 * sale of its row, however many passes it carries). Only the per-order limit counts passes
 * (ticketsCounted). The server refuses an order by this count (gift-one-ticket,
 * subscription-left, session-sold-out); the event page stops "+" by the same count, so a
 * visitor never fills the form for an order the server would refuse.
 */
export function ticketsInOrder(lines: readonly { quantity: number }[]): number {
  return lines.reduce((n, l) => n + Math.max(0, l.quantity), 0)
}

import { GIFT_CARD_TICKET_LIMIT } from '../../../../contract/constants'
import { meetsRowMinimum, ticketsCounted, ticketsInOrder } from '../../../../contract/rules/limits'

/**
 * Ticket limits of one order (000 §4, §5, §9). The server checks all of them again; these only
 * keep the controls honest.
 */
export interface LimitInput {
  /** The action's demquantlimit (maximum tickets per order); 0 = the event sets none. */
  demquantlimit: number
  /** Tickets the chosen time still has. */
  timeQuantity: number
  /** The client's remaining subscription tickets when buying by subscription, else null. */
  subscriptionQuant: number | null
  /** The gift card is chosen: 1 ticket per order. */
  giftCard: boolean
}

/** Tickets the whole order may hold: the time's quantity capped by every rule that applies. */
export function orderLimit(input: LimitInput): number {
  let limit = input.timeQuantity
  if (input.demquantlimit > 0) limit = Math.min(limit, input.demquantlimit)
  if (input.subscriptionQuant !== null) limit = Math.min(limit, input.subscriptionQuant)
  if (input.giftCard) limit = Math.min(limit, GIFT_CARD_TICKET_LIMIT)
  return Math.max(0, limit)
}

/** A price row as the quantity rules see it. */
export interface QuantityRow {
  /** Tickets the row still has. */
  quantity: number
  /** Minimum quantity when the row is chosen at all (0 = none). */
  needprice: number
}

/** Most this row may hold now: its own stock and what the order limit leaves after other rows. */
export function rowMax(row: QuantityRow, current: number, orderTotal: number, limit: number): number {
  const others = orderTotal - current
  return Math.max(0, Math.min(row.quantity, limit - others))
}

/** Quantity after "+": needprice rows jump from 0 to their minimum; null when it would exceed max. */
export function increment(row: QuantityRow, current: number, max: number): number | null {
  const next = current === 0 && row.needprice > 1 ? row.needprice : current + 1
  return next > max ? null : next
}

/** Quantity after "−": never below 0, and a needprice row below its minimum drops to 0. */
export function decrement(row: QuantityRow, current: number): number {
  const next = Math.max(0, current - 1)
  return row.needprice > 0 && next < row.needprice ? 0 : next
}

/** The plus control is blocked when the maximum is 0 or the next step would pass it. */
export function canIncrement(row: QuantityRow, current: number, max: number): boolean {
  return max > 0 && increment(row, current, max) !== null
}

/** A typed-in quantity clamped to the rules: 0, or between needprice and max. */
export function clampQuantity(row: QuantityRow, wanted: number, max: number): number {
  if (!Number.isFinite(wanted) || wanted <= 0) return 0
  const q = Math.min(Math.floor(wanted), max)
  return meetsRowMinimum(row.needprice, q) ? q : 0
}

// ── group excursions (ticketPrice rows with passagequant > 0) ─────────────────────────────

/** Passes a set of group tickets uses: quantity × passes per ticket. */
export function passesUsed(lines: readonly { quantity: number; passagequant: number }[]): number {
  return lines.reduce((sum, l) => sum + l.quantity * l.passagequant, 0)
}

/**
 * Whether one more group ticket fits: the row's stock and the session's remaining passes
 * (passageleft; null when the session states none). Over the limit the caller shows
 * modal.error-limit and keeps the old quantity (000 §5).
 */
export function groupIncrementAllowed(
  row: { quantity: number; passagequant: number },
  current: number,
  usedPasses: number,
  passageLeft: number | null,
): boolean {
  if (current + 1 > row.quantity) return false
  return passageLeft === null || usedPasses + row.passagequant <= passageLeft
}

/**
 * Room left under the per-order limit (demquantlimit; 0 = none) once the chosen tickets are
 * counted, a group ticket as its passes (contract/rules/limits.ts, the server's rule).
 */
export function perOrderRoom(demquantlimit: number, lines: readonly { quantity: number; passagequant: number }[]): number {
  if (demquantlimit <= 0) return Number.POSITIVE_INFINITY
  return Math.max(0, demquantlimit - ticketsCounted(lines))
}

// ── the whole order: normal and group tickets under one limit ────────────────────────────

/** Where the chosen tickets stand against the order's limits. */
export interface OrderFill {
  /** Tickets chosen, a group ticket counted once (ticketsInOrder, the server's count). */
  tickets: number
  /** What demquantlimit leaves, a group ticket counted as its passes (perOrderRoom). */
  room: number
  /** Most tickets the order may reach by adding normal tickets (each is 1 of both counts). */
  max: number
}

/**
 * The chosen normal and group tickets against the order's limits. `limit` (orderLimit: the
 * session's tickets, the subscription's, the gift card's 1) takes every ticket of the order,
 * group tickets too, as the server counts them (gift-one-ticket, subscription-left,
 * session-sold-out); demquantlimit alone counts a group ticket as its passes.
 */
export function orderFill(limit: number, demquantlimit: number, normalCount: number, group: readonly { quantity: number; passagequant: number }[]): OrderFill {
  const lines = [...group, { quantity: normalCount, passagequant: 0 }]
  const tickets = ticketsInOrder(lines)
  const room = perOrderRoom(demquantlimit, lines)
  return { tickets, room, max: Math.max(0, Math.min(limit, tickets + room)) }
}

/**
 * Whether one more group ticket fits the order: its row's stock and the session's passes
 * (groupIncrementAllowed), its passes within demquantlimit, and one more ticket within the
 * order's limit. When not, the caller shows modal.error-limit (000 §5).
 */
export function groupAddAllowed(
  row: { quantity: number; passagequant: number },
  current: number,
  fill: OrderFill,
  usedPasses: number,
  passageLeft: number | null,
): boolean {
  return groupIncrementAllowed(row, current, usedPasses, passageLeft) && row.passagequant <= fill.room && fill.tickets < fill.max
}

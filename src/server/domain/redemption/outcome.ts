/**
 * What a door scan answers (issue 19.4). `valid` lets the holder through (in) or out; the rest
 * refuse: `already_used` (inside already, with when and at which gate it entered), `not_inside`
 * (an exit of a ticket that is not in), `wrong_session`, `refunded` (returned, or the order was
 * cancelled), `replaced` (a signed code whose ticket has since been reseated: the newer code
 * admits), `unknown` (no such ticket, or its order is not paid) and `forged` (a signed code
 * whose signature fails or whose key is not listed).
 */
export const REDEEM_RESULTS = ['valid', 'already_used', 'not_inside', 'wrong_session', 'refunded', 'replaced', 'unknown', 'forged'] as const
export type RedeemResult = (typeof REDEEM_RESULTS)[number]
export type Direction = 'in' | 'out'

/** Results that come from the ticket's entry/exit history (and may change when an earlier offline scan arrives). */
export const HISTORY_RESULTS: readonly RedeemResult[] = ['valid', 'already_used', 'not_inside']

/** One scan as a device sends it. */
export interface Scan {
  /** The QR token or the typed/barcode ticket code. */
  code: string
  /** The session (calendar date) the device checks in for. */
  sessionId: number
  gate: string
  /** Unique per scan, made by the device: a re-upload with the same nonce is answered, never counted again. */
  nonce: string
  direction?: Direction
  /** Offline only: when the device scanned (epoch ms); online scans are timed by the server. Later than now counts as now. */
  scannedAt?: number
  /** The device decided on its own (no network) and uploads later. */
  offline?: boolean
  /** Offline only: whether the device let the holder through (default true). Online scans admit when the answer is valid. */
  admitted?: boolean
}

/** Door policy of the check-in list (the console will set it per list; until then per call). */
export interface RedeemPolicy {
  /** After a scanned exit, may the ticket enter again? */
  reentry: boolean
}
export const DEFAULT_POLICY: RedeemPolicy = { reentry: true }

/** The ticket as the door shows it: seat or category and the holder of a named ticket. */
export interface DoorTicket {
  id: number
  sessionId: number
  /** The printed 12-digit ticket code. */
  code: string
  seat: { sector: string; row: string; seat: string } | null
  standing: string | null
  category: { ru: string; en: string; kz: string; ch: string }
  holder: string
  /** People one ticket admits (a group excursion ticket admits its group). */
  quantity: number
}

export interface RedeemAnswer {
  result: RedeemResult
  scanId: number
  nonce: string
  gate: string
  direction: Direction
  scannedAt: number
  /** The nonce was seen before: this is the stored scan (as reconciled since), counted once. */
  replayed: boolean
  /** The device admitted the holder, yet the reconciled history says it should not have. */
  flagged: boolean
  ticket: DoorTicket | null
  /** already_used: the entry that counts (earliest by scan time). */
  firstUse: { at: number; gate: string } | null
  /** Other scans of this ticket whose result this one changed (an earlier offline scan arriving late demotes a later entry). */
  conflicts: number[]
}

import type { Direction, DoorTicket, RedeemResult } from '../../../contract/admin/door'

export { REDEEM_RESULTS, type Direction, type DoorTicket, type RedeemResult } from '../../../contract/admin/door'

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
  /**
   * Offline only: whether the device let the holder through (default true). Online scans admit
   * when the answer is valid. A scan the device refused moved nobody: it is logged, not counted.
   */
  admitted?: boolean
  /** Offline only: the result the device showed, logged for a scan it refused (else `unknown`). */
  shown?: RedeemResult
  /**
   * Offline only: the server time its device last heard (its stamp verified: clock.ts provenClock)
   * and the device's clock then; the scan is timed by the server's clock from it (judgedScanTime).
   */
  clock?: { at: number; deviceAt: number }
}

/** Door policy: the scan's check-in list's rules (DOOR_TOKEN calls without a list: per call). */
export interface RedeemPolicy {
  /** After a scanned exit, may the ticket enter again? */
  reentry: boolean
  /** The check-in list scanned for: its id is logged, its filters decide `not_on_list`. */
  list?: { id: number; categoryIds: readonly number[]; sectorIds: readonly number[] }
}
export const DEFAULT_POLICY: RedeemPolicy = { reentry: true }

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
  /** not_inside: the exit that left the ticket outside (null when it never entered). */
  lastExit: { at: number; gate: string } | null
  /** Other scans of this ticket whose result this one changed (an earlier offline scan arriving late demotes a later entry). */
  conflicts: number[]
}

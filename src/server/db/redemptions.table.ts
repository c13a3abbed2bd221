import type { ColumnType, Generated } from 'kysely'

type Def<T> = ColumnType<T, T | undefined, T>

/** A door scan (migration 2026_11_24_19_01_01_create_ticket_redemptions). */
export interface TicketRedemptionsTable {
  id: Generated<number>
  nonce: string
  order_line_id: number | null
  calendar_id: number
  gate: string
  direction: string
  code: string
  result: string
  counted: Def<number>
  offline: Def<number>
  admitted: Def<number>
  flagged: Def<number>
  scanned_at: number
  received_at: number
  /** Migration 2026_11_24_19_01_02: the check-in list (gate) the device scanned for; null for DOOR_TOKEN scans without one. */
  list_id: Def<number | null>
}

/** A gate of a session: which tickets it admits and its door rules (migration 2026_11_24_19_01_02). */
export interface CheckinListsTable {
  id: Generated<number>
  calendar_id: number
  name: string
  /** JSON array of client category ids; [] = any. */
  category_ids: Def<string>
  /** JSON array of sector ids; [] = any (a non-empty list admits seated tickets of those sectors only). */
  sector_ids: Def<string>
  exits: Def<number>
  reentry: Def<number>
  archived: Def<number>
  created_at: number
}

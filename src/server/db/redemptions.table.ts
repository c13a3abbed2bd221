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
}

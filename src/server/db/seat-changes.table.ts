import type { Generated } from 'kysely'

/** Row of seat_changes (migration 2026_11_22_00_00_01): one seat or standing place changing status. */
export interface SeatChangesTable {
  id: Generated<number>
  calendar_id: number
  seat_id: number | null
  standing_place_id: number | null
  status: 'free' | 'held' | 'sold'
  created_at: number
}

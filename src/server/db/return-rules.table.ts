/** Row of event_return_rules (migration 2026_11_22_02_00_01): when an event's returns close. */
export interface EventReturnRulesTable {
  event_id: number
  /** Minutes before a session starts after which its tickets can no longer be returned. */
  close_minutes: number
}

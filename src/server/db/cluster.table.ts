import type { Generated } from 'kysely'

/** Cluster coordination tables (issue 18.1 and 18.2). */

/** A lease on a piece of background work (migration 2026_11_24_18_07_01, background/leader.ts). */
export interface JobLeasesTable {
  name: string
  /** Random id of the process holding the lease. */
  holder: string
  /** Epoch ms after which another process may take the lease. */
  expires_at: number
}

/** A fixed-window counter of one key (migration 2026_11_24_18_08_01, security/counter-store.ts). */
export interface GuardCountersTable {
  key: string
  window_start: number
  count: number
  /** window_start + the window: the row is useless after this and is pruned. */
  expires_at: number
}

/** A session's waiting room (migration 2026_11_24_18_10_01, domain/waiting). */
export interface WaitingRoomsTable {
  calendar_id: number
  enabled: number
  opens_at: number
  admit_per_minute: number
  /** When the early visitors were drawn in random order (null: not yet). */
  drawn_at: number | null
  /** Last place handed out. */
  next_position: number
  updated_at: number
  /** Buying calls a minute above which a room that is off switches itself on (null: never; migration 2026_11_24_18_11_01). */
  auto_per_minute: number | null
  /** Places admitted so far: the admission watermark (migration 2026_12_01_21_wr1_01, domain/waiting/admission.ts; 0 on insert). */
  admitted: Generated<number>
  /** Epoch ms (with its fraction) up to which the rate's slots are spent; credit accrues from here (0 on insert). */
  admitted_until: Generated<number>
}

/** A visitor (session) in a waiting room. */
export interface WaitingVisitorsTable {
  calendar_id: number
  session_id: string
  joined_at: number
  /** Random key drawn at join: the on-sale draw orders early visitors by it. */
  draw_key: number
  /** Place in the queue from 1; null until the draw (or until a late visitor is placed). */
  position: number | null
  /** When he last asked where he stands (epoch ms; migration 2026_12_02_21_wr1_01): admission passes places silent for ASK_SILENT_MS. */
  asked_at: number
}

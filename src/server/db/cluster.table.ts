/** Cluster coordination tables (issue 18.1 and 18.2). */

/** A lease on a piece of background work (migration 2026_11_24_18_07_01, cluster/leader.ts). */
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

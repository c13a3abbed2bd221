import type { Def, Id, Loc } from './columns'

/** Venue drawings (map versions) and what they hold: zones, sectors, seats and standing places. */

export interface VenueDrawingsTable {
  id: Id
  venue_id: number
  name: string
  svg: string
  view_box: Def<string>
  rules_json: Def<string>
  source_file: Def<string>
  seat_count: Def<number>
  standing_count: Def<number>
  warnings_json: Def<string>
  created_at: number
  /** Map versions (migration 2026_11_24_17_02_01): the drawing this one was edited from, and its number among the venue's. */
  parent_id: Def<number | null>
  version: Def<number>
}
/** Migration 2026_11_24_17_d9_01: a map version's draft state; no row = sealed 0, revision 0. */
export interface DrawingStatesTable {
  drawing_id: number
  /** 1 once a session has been put on the version (trigger on calendars); then never edited in place. */
  sealed: Def<number>
  /** Studio saves that changed this version in place (a draft, admin/studio/edit.ts). */
  revision: Def<number>
}
/** Migration 2026_11_24_17_a10_01: a studio save's copy of a version, still in progress (admin/studio/copy-job.ts). */
export interface DrawingCopiesTable {
  drawing_id: number
  source_id: number
  svg_copied: Def<number>
  after_seat_id: Def<number>
  last_seat_id: Def<number>
  copied: Def<number>
  total: Def<number>
  ops_json: string
  zone_ids_json: string
  actor_json: string
  /** The session moved onto the version once copied (a save for one session), or null. */
  move_calendar_id: Def<number | null>
  created_at: number
}
export type ZonesTable = { id: Id; drawing_id: number | null; zone_key: Def<string>; color: Def<string>; sortnum: Def<number>; archived_at: Def<number | null> } & Loc<'name'> & Loc<'descript'>
export interface SectorsTable { id: Id; drawing_id: number; sector_index: number; name: Def<string>; kind: Def<number>; seat_count: Def<number> }
export interface SeatsTable {
  id: Id
  drawing_id: number
  sector_id: number
  zone_id: number | null
  seat_key: string
  row_label: Def<string>
  number_label: Def<string>
  x: Def<number>
  y: Def<number>
  /** Operator's best-available ranking 0..1; null = the geometry's default. */
  quality: number | null
  /** Migration 2026_11_24_20_w3_01: 'wheelchair' | 'companion' | 'transfer' | 'restricted' | 'signlang'; null = ordinary. */
  access_type: Def<string | null>
  /** A companion seat's wheelchair space (its seat key in the same drawing). */
  companion_of: Def<string | null>
  /** 1: off sale in every session of this version (issue 17; each session gets a 'blocked' hold). */
  blocked: Def<number>
}
export interface StandingPlacesTable {
  id: Id
  drawing_id: number
  sector_id: number
  zone_id: number | null
  place_key: string
  name: Def<string>
  capacity: number
}

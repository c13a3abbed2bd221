import { Migrator, type Kysely, type Migration, type MigrationResultSet } from 'kysely'
import { DatabaseUnreachableError, isUnreachableDatabase } from '../db/unreachable'
import * as m01 from './2026_11_21_00_00_01_create_setup'
import * as m02 from './2026_11_21_00_00_02_create_catalog'
import * as m03 from './2026_11_21_00_00_03_create_visitors'
import * as m04 from './2026_11_21_00_00_04_create_venue_maps'
import * as m05 from './2026_11_21_00_00_05_create_sales'
import * as m06 from './2026_11_21_00_00_06_create_orders'
import * as m07 from './2026_11_21_00_00_07_create_money'
import * as m08 from './2026_11_22_00_00_01_create_seat_changes'
import * as m09 from './2026_11_22_01_00_01_payment_flow'
import * as m10 from './2026_11_22_02_00_01_return_rules'
import * as m11 from './2026_11_24_13_02_13_add_payment_type_image'
import * as m17a from './2026_11_24_17_01_01_operators'
import * as m17b from './2026_11_24_17_01_02_publishing'
import * as m17c from './2026_11_24_17_02_01_console_studio'
import * as m18a from './2026_11_24_18_06_01_mail_retries'
import * as m18b from './2026_11_24_18_07_01_job_leases'
import * as m18c from './2026_11_24_18_08_01_guard_counters'
import * as m18d from './2026_11_24_18_09_01_seat_changes_notify_after_commit'
import * as m18e from './2026_11_24_18_10_01_waiting_rooms'
import * as m18f from './2026_11_24_18_11_01_waiting_room_auto'
import * as m19t01 from './2026_11_24_19_01_01_create_ticket_redemptions'
import * as m19t02 from './2026_11_24_19_01_02_create_checkin_lists'
import * as m20a from './2026_11_24_20_01_01_seat_choice'
import * as m20b from './2026_11_24_20_02_01_hold_extensions'
import * as m19b1 from './2026_11_24_19_b1_01_box_office'
import * as m16a from './2026_11_24_16_01_01_compiled_venues'
import * as m20w3a from './2026_11_24_20_w3_01_accessible_seating'
import * as m17s1 from './2026_11_24_17_s1_01_blocked_seats'
import * as m17h1 from './2026_11_24_17_h1_01_archive_tags_menus'
import * as m17l1 from './2026_11_25_17_l1_01_archive_kinds'
import * as m17a9 from './2026_11_24_17_a9_01_archive_more'
import * as m19c1 from './2026_11_24_19_c1_01_outbox_order'
import * as m16c10 from './2026_11_24_16_c10_01_compiled_venue_revision'
import * as m17d9 from './2026_11_24_17_d9_01_draft_versions'
import * as m17a10 from './2026_11_24_17_a10_01_map_copies'
import * as m17b10 from './2026_11_24_17_b10_01_drawing_versions_index'
import * as m18e10 from './2026_11_24_18_e10_01_hold_cart_seats'
import * as m18e1 from './2026_11_25_18_e1_01_hold_cart_seats_row_holds'
import * as m17a1 from './2026_11_25_17_a1_01_copy_session_move'
import * as m18wh1 from './2026_11_26_18_wh1_01_cart_live_holds_index'
import * as m18sl1 from './2026_11_29_18_sl1_01_hold_cart_seats_seat_lookups'
import * as m18sl2 from './2026_11_29_18_sl1_02_order_live_holds_index'
import * as m18sl3 from './2026_11_29_18_sl1_03_session_delete_indexes'
import * as m18sl4 from './2026_11_29_18_sl1_04_pending_expiry_indexes'
import * as m17ol1 from './2026_11_29_17_ol1_01_order_lines_page_indexes'
import * as m17ol2 from './2026_11_29_17_ol1_02_seat_delete_indexes'
import * as m17ol3 from './2026_11_29_17_ol1_03_order_reads_indexes'
import * as m17rf1 from './2026_11_30_17_rf1_01_refunds_payment_index'
import * as m18sc1 from './2026_11_30_18_sc1_01_hold_cart_seats_session_check'
import * as m17sm1 from './2026_12_01_17_sm1_01_hold_cart_seats_map_check'
import * as m18ph1 from './2026_12_01_18_ph1_01_hold_price_indexes'
import * as m19rw1 from './2026_12_01_19_rw1_01_waiting_return_requests_index'
import * as m20ci1 from './2026_12_01_20_ci1_01_drop_cart_items'
import * as m21wr1 from './2026_12_01_21_wr1_01_waiting_admission_watermark'
import * as m22tm1 from './2026_12_01_22_tm1_01_outbox_ticket_template'
import * as m22tm2 from './2026_12_01_22_tm2_01_outbox_render_at'
import * as m18pl1 from './2026_12_02_18_pl1_01_order_lines_price_index'
import * as m19ro1 from './2026_12_02_19_ro1_01_refund_outbox'
import * as m20pd1 from './2026_12_02_20_pd1_01_order_discount_terms'
import * as m21wr2 from './2026_12_02_21_wr1_01_waiting_visitor_asked_at'
import * as m02au1 from './2026_12_03_02_au1_01_sign_in_failures'
import * as m03sc1 from './2026_12_03_03_sc1_01_session_cancelled'
import * as m04tk1 from './2026_12_03_04_tk1_01_api_token_expiry'
import * as m05rf1 from './2026_12_03_05_rf1_01_settlement_refund_flag'
import * as m06rt1 from './2026_12_03_06_rt1_01_orders_follow_return_setup'
import * as m07rt2 from './2026_12_03_07_rt2_01_line_refunded_amount'
import * as m08kd1 from './2026_12_03_08_kd1_01_operator_devices_from'
import * as m09ev1 from './2026_12_04_09_ev1_01_event_version'
import * as m19mk1 from './2026_12_05_19_mk1_01_outbox_mail_kind'
import * as m01mm1 from './2026_12_06_01_mm1_01_venue_map_meta'
import * as m09bw1 from './2026_12_06_09_bw1_01_refund_bonus_withheld'
import * as m23sv1 from './2026_12_06_23_sv1_01_setup_version'

/**
 * Every migration, in order. An in-code provider (instead of reading the folder) works the same
 * under tsx, vitest and a bundled build. Names sort by time; add new ones at the end.
 */
export const migrations: Record<string, Migration> = {
  '2026_11_21_00_00_01_create_setup': m01,
  '2026_11_21_00_00_02_create_catalog': m02,
  '2026_11_21_00_00_03_create_visitors': m03,
  '2026_11_21_00_00_04_create_venue_maps': m04,
  '2026_11_21_00_00_05_create_sales': m05,
  '2026_11_21_00_00_06_create_orders': m06,
  '2026_11_21_00_00_07_create_money': m07,
  '2026_11_22_00_00_01_create_seat_changes': m08,
  '2026_11_22_01_00_01_payment_flow': m09,
  '2026_11_22_02_00_01_return_rules': m10,
  '2026_11_24_13_02_13_add_payment_type_image': m11,
  '2026_11_24_17_01_01_operators': m17a,
  '2026_11_24_17_01_02_publishing': m17b,
  '2026_11_24_17_02_01_console_studio': m17c,
  '2026_11_24_18_06_01_mail_retries': m18a,
  '2026_11_24_19_01_01_create_ticket_redemptions': m19t01,
  '2026_11_24_20_01_01_seat_choice': m20a,
  '2026_11_24_19_01_02_create_checkin_lists': m19t02,
  '2026_11_24_20_02_01_hold_extensions': m20b,
  '2026_11_24_19_b1_01_box_office': m19b1,
  '2026_11_24_16_01_01_compiled_venues': m16a,
  '2026_11_24_18_07_01_job_leases': m18b,
  '2026_11_24_18_08_01_guard_counters': m18c,
  '2026_11_24_18_09_01_seat_changes_notify_after_commit': m18d,
  '2026_11_24_18_10_01_waiting_rooms': m18e,
  '2026_11_24_18_11_01_waiting_room_auto': m18f,
  '2026_11_24_20_w3_01_accessible_seating': m20w3a,
  '2026_11_24_17_s1_01_blocked_seats': m17s1,
  '2026_11_24_17_h1_01_archive_tags_menus': m17h1,
  '2026_11_24_17_a9_01_archive_more': m17a9,
  '2026_11_24_19_c1_01_outbox_order': m19c1,
  '2026_11_24_17_d9_01_draft_versions': m17d9,
  '2026_11_24_17_a10_01_map_copies': m17a10,
  '2026_11_24_16_c10_01_compiled_venue_revision': m16c10,
  '2026_11_24_17_b10_01_drawing_versions_index': m17b10,
  '2026_11_24_18_e10_01_hold_cart_seats': m18e10,
  '2026_11_25_17_l1_01_archive_kinds': m17l1,
  '2026_11_25_18_e1_01_hold_cart_seats_row_holds': m18e1,
  '2026_11_25_17_a1_01_copy_session_move': m17a1,
  '2026_11_26_18_wh1_01_cart_live_holds_index': m18wh1,
  '2026_11_29_18_sl1_01_hold_cart_seats_seat_lookups': m18sl1,
  '2026_11_29_18_sl1_02_order_live_holds_index': m18sl2,
  '2026_11_29_18_sl1_03_session_delete_indexes': m18sl3,
  '2026_11_29_18_sl1_04_pending_expiry_indexes': m18sl4,
  '2026_11_29_17_ol1_01_order_lines_page_indexes': m17ol1,
  '2026_11_29_17_ol1_02_seat_delete_indexes': m17ol2,
  '2026_11_29_17_ol1_03_order_reads_indexes': m17ol3,
  '2026_11_30_17_rf1_01_refunds_payment_index': m17rf1,
  '2026_11_30_18_sc1_01_hold_cart_seats_session_check': m18sc1,
  '2026_12_01_17_sm1_01_hold_cart_seats_map_check': m17sm1,
  '2026_12_01_18_ph1_01_hold_price_indexes': m18ph1,
  '2026_12_01_19_rw1_01_waiting_return_requests_index': m19rw1,
  '2026_12_01_20_ci1_01_drop_cart_items': m20ci1,
  '2026_12_01_21_wr1_01_waiting_admission_watermark': m21wr1,
  '2026_12_01_22_tm1_01_outbox_ticket_template': m22tm1,
  '2026_12_01_22_tm2_01_outbox_render_at': m22tm2,
  '2026_12_02_18_pl1_01_order_lines_price_index': m18pl1,
  '2026_12_02_19_ro1_01_refund_outbox': m19ro1,
  '2026_12_02_20_pd1_01_order_discount_terms': m20pd1,
  '2026_12_02_21_wr1_01_waiting_visitor_asked_at': m21wr2,
  '2026_12_03_02_au1_01_sign_in_failures': m02au1,
  '2026_12_03_03_sc1_01_session_cancelled': m03sc1,
  '2026_12_03_04_tk1_01_api_token_expiry': m04tk1,
  '2026_12_03_05_rf1_01_settlement_refund_flag': m05rf1,
  '2026_12_03_06_rt1_01_orders_follow_return_setup': m06rt1,
  '2026_12_03_07_rt2_01_line_refunded_amount': m07rt2,
  '2026_12_03_08_kd1_01_operator_devices_from': m08kd1,
  '2026_12_04_09_ev1_01_event_version': m09ev1,
  '2026_12_05_19_mk1_01_outbox_mail_kind': m19mk1,
  '2026_12_06_01_mm1_01_venue_map_meta': m01mm1,
  '2026_12_06_09_bw1_01_refund_bonus_withheld': m09bw1,
  '2026_12_06_23_sv1_01_setup_version': m23sv1,
}

/** Brings the schema to the latest migration; throws with the failing migration's name. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function migrateToLatest(db: Kysely<any>): Promise<MigrationResultSet> {
  // Unordered: migrations are named by issue (2026_11_24_<issue>_…), so one merged later may sort
  // before one a database already ran; each touches its own tables, so running it late is safe.
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, allowUnorderedMigrations: true })
  const result = await migrator.migrateToLatest()
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')
    const err = result.error instanceof Error ? result.error : new Error(String(result.error))
    // No migration ran: the connection itself failed (refused, no such database, wrong password).
    if (!failed && isUnreachableDatabase(err)) throw new DatabaseUnreachableError(`The database could not be reached: ${err.message}`, { cause: err })
    throw new Error(`Migration ${failed?.migrationName ?? '?'} failed: ${err.message}`, { cause: err })
  }
  return result
}

import type { Kysely } from 'kysely'
import { timestamp } from './schema-helpers'

/**
 * Map copies in progress (issue 17 item 3: studio saves at 1,000,000 seats). A studio save on a
 * version a session was put on copies the whole version; at 1M seats that is 15–17 s on SQLite
 * and 75–160 s on PostgreSQL, past the request deadline and the statement timeout, and on SQLite
 * one such transaction would stop every other writer (orders) for as long. So the save makes the
 * new version's row, sectors and zones at once and copies its seats here, a chunk of ids per
 * transaction (admin/studio/copy-job.ts), the request copying for a few seconds and the cluster's
 * background work the rest. One row per new version until its copy is done (then deleted: the
 * audit log keeps the save). A version with a row is not finished: no session may be put on it
 * and no save may edit it. Durable: each chunk commits with `after_seat_id`, so a restart goes on
 * from there. No foreign key to venue_drawings (the copy deletes its row when the version is gone).
 * - source_id: the version copied (sealed or not the newest: never edited again, so its seats
 *   read the same in every chunk);
 * - svg_copied: 1 once the drawing's svg is copied (a step of its own: 120 MB at 1M seats);
 * - after_seat_id: the source's seat ids up to this one are copied; last_seat_id: its highest;
 * - copied / total: seats copied so far / the source's seats (the studio shows the progress);
 * - ops_json: the save's edits, applied in one transaction once the seats are there;
 * - zone_ids_json: [source zone id, new zone id] pairs (the edits name the source's zones);
 * - actor_json: who saved (the audit row of the finished copy names them).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await timestamp(
    db.schema
      .createTable('drawing_copies')
      .addColumn('drawing_id', 'integer', (c) => c.primaryKey())
      .addColumn('source_id', 'integer', (c) => c.notNull())
      .addColumn('svg_copied', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('after_seat_id', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_seat_id', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('copied', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('ops_json', 'text', (c) => c.notNull())
      .addColumn('zone_ids_json', 'text', (c) => c.notNull())
      .addColumn('actor_json', 'text', (c) => c.notNull()),
    'created_at',
  ).execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('drawing_copies').execute()
}

import type { Kysely } from 'kysely'
import { flag, id, timestamp } from './schema-helpers'

/**
 * ticket_redemptions: every scan a door device sends (issue 19.4), valid or not, keyed by the
 * device's nonce so a re-upload is answered from here and never counts twice. Scans of a known
 * ticket that passed the ticket checks (`counted` = 1) make its entry/exit history, replayed
 * in scan time order; `admitted` records that the device let the holder through and `flagged`
 * that the reconciled history says it should not have (two offline devices, one ticket).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ticket_redemptions')
    .$call((t) => id(db, t))
    .addColumn('nonce', 'text', (c) => c.notNull().unique())
    .addColumn('order_line_id', 'integer', (c) => c.references('order_lines.id').onDelete('cascade'))
    .addColumn('calendar_id', 'integer', (c) => c.notNull())
    .addColumn('gate', 'text', (c) => c.notNull())
    .addColumn('direction', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('result', 'text', (c) => c.notNull())
    .$call((t) => flag(t, 'counted'))
    .$call((t) => flag(t, 'offline'))
    .$call((t) => flag(t, 'admitted'))
    .$call((t) => flag(t, 'flagged'))
    .$call((t) => timestamp(t, 'scanned_at'))
    .$call((t) => timestamp(t, 'received_at'))
    .execute()
  await db.schema.createIndex('ticket_redemptions_line').on('ticket_redemptions').columns(['order_line_id', 'scanned_at']).execute()
  await db.schema.createIndex('ticket_redemptions_session').on('ticket_redemptions').columns(['calendar_id', 'gate']).execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ticket_redemptions').execute()
}

import type { Kysely } from 'kysely'

/**
 * waiting_visitors.asked_at: when the visitor last asked where he stands (issue 18.5, audit of the
 * waiting room item 4). Admission only moved on waiting visitors' polls and spent a slot on every
 * place, so places of visitors who had left held the room: after 20 left at 6 a minute a newcomer
 * was still at place 9 an hour later, and every hold extension of the session was refused the
 * while. Admission now passes places not asked for lately without spending a slot
 * (domain/waiting/admission.ts), walking the room's places in order: hence the index.
 *
 * Rows already there count as having asked when this runs (a visitor still polling refreshes it;
 * one who left is passed once the silence is long enough); the time is read once here, as a
 * migration must not move with the code.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('waiting_visitors').addColumn('asked_at', 'bigint', (c) => c.notNull().defaultTo(0)).execute()
  await db.updateTable('waiting_visitors').set({ asked_at: Date.now() }).execute()
  await db.schema.createIndex('waiting_visitors_position_idx').on('waiting_visitors').columns(['calendar_id', 'position']).execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('waiting_visitors_position_idx').execute()
  await db.schema.alterTable('waiting_visitors').dropColumn('asked_at').execute()
}

import type { Kysely } from 'kysely'

/**
 * The waiting room's admission watermark (issue 18.5, audit item 1). Admission was
 * floor(minutes since the on-sale × rate), with no memory of the slots used: a room open for half
 * an hour at 10 a minute that nobody visited let the next 300 in at once. Now the room keeps how
 * many places it has admitted (`admitted`) and the moment up to which the rate's slots are spent
 * (`admitted_until`, epoch ms with its fraction: one slot at 7,000 a minute is 8.57 ms, and whole
 * milliseconds would drift the rate by several per cent), advanced by one conditional UPDATE.
 *
 * A room already admitting when this runs keeps the places its clock had admitted, so nobody
 * admitted is sent back to wait; the current time is read once here, as a migration must not
 * move with the code.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('waiting_rooms').addColumn('admitted', 'integer', (c) => c.notNull().defaultTo(0)).execute()
  await db.schema.alterTable('waiting_rooms').addColumn('admitted_until', 'double precision', (c) => c.notNull().defaultTo(0)).execute()
  const now = Date.now()
  const rooms = await db.selectFrom('waiting_rooms').select(['calendar_id', 'opens_at', 'admit_per_minute', 'next_position']).where('drawn_at', 'is not', null).where('opens_at', '<=', now).execute()
  for (const r of rooms) {
    const byClock = Math.floor(((now - Number(r.opens_at)) * Number(r.admit_per_minute)) / 60_000)
    await db.updateTable('waiting_rooms').set({ admitted: Math.min(Number(r.next_position), byClock), admitted_until: now }).where('calendar_id', '=', r.calendar_id).execute()
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('waiting_rooms').dropColumn('admitted_until').execute()
  await db.schema.alterTable('waiting_rooms').dropColumn('admitted').execute()
}

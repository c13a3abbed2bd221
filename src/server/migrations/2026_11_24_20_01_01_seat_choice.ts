import type { Kysely } from 'kysely'

/**
 * Seat choice (issue 20):
 * - seats.quality: the operator's ranking of a seat for best available, 0 (worst) … 1 (best);
 *   null = not painted, the default from the venue geometry applies (domain/seating/rows.ts).
 * - events.orphan_rule: what the server does when a visitor's choice of seats by hand leaves a
 *   single empty seat: 'warn' (default: the cart says so) or 'enforce' (the hold is refused).
 * - calendars.orphan_rule: the same for one session; null = the event's.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('seats').addColumn('quality', 'real').execute()
  await db.schema.alterTable('events').addColumn('orphan_rule', 'text', (c) => c.notNull().defaultTo('warn')).execute()
  await db.schema.alterTable('calendars').addColumn('orphan_rule', 'text').execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('calendars').dropColumn('orphan_rule').execute()
  await db.schema.alterTable('events').dropColumn('orphan_rule').execute()
  await db.schema.alterTable('seats').dropColumn('quality').execute()
}

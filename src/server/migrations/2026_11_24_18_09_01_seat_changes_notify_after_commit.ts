import { sql, type Kysely } from 'kysely'
import { isPostgres } from './schema-helpers'

/**
 * The seat-change triggers of migration 2026_11_22_00_00_01 without their pg_notify (issue 18.4):
 * a NOTIFY queued by a transaction takes PostgreSQL's one global notification lock at commit, so
 * every buyer's commit waited on every other's. The log rows are still written by the trigger
 * (complete whoever writes the holds); the server announces them after commit instead
 * (domain/live/feed.ts changed()). SQLite's triggers never notified and are unchanged.
 */
const STATUS_SQL = `case when new.released_at is not null then 'free' when new.state = 'cart' then 'held' else 'sold' end`
const TABLES = [['seat_holds', 'seat_id'], ['standing_holds', 'standing_place_id']] as const

function logFunction(table: string, column: string, notify: boolean): string {
  return `create or replace function ${table}_log() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' and old.released_at is not distinct from new.released_at and old.state = new.state then
    return null;
  end if;
  insert into seat_changes (calendar_id, ${column}, status, created_at)
    values (new.calendar_id, new.${column}, ${STATUS_SQL}, (extract(epoch from clock_timestamp()) * 1000)::bigint);
  ${notify ? "perform pg_notify('seat_changes', new.calendar_id::text);" : ''}
  return null;
end $$`
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return
  for (const [table, column] of TABLES) await sql.raw(logFunction(table, column, false)).execute(db)
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return
  for (const [table, column] of TABLES) await sql.raw(logFunction(table, column, true)).execute(db)
}

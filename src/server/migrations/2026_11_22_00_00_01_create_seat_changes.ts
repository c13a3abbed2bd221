import { sql, type Kysely } from 'kysely'
import { isPostgres } from './schema-helpers'

/**
 * The seat-status change log behind the live seat map (GET /api/scheme/events).
 *
 * Every insert into seat_holds / standing_holds, and every update that releases a hold or moves
 * it between cart, order and sold, appends one row to seat_changes from a database trigger. The
 * log is therefore complete whoever writes the holds (cart, seat-map orders, the expiry sweeper,
 * payments, returns, the CLI), and it commits or rolls back together with the change itself.
 * Server processes read the log by id; on PostgreSQL the trigger also sends
 * NOTIFY seat_changes '<calendar_id>' so the other processes read it at once. PostgreSQL folds
 * identical payloads of one transaction into one notification, so releasing 60,000 seats in a
 * transaction wakes each listener once, not 60,000 times.
 *
 * status is what the map shows: 'free' (released), 'held' (in a cart), 'sold' (ordered or paid).
 * No foreign keys: the log outlives what it describes and never blocks a delete.
 *
 * The live-hold uniqueness the booking relies on is seat_holds_live_uq of migration 06: UNIQUE
 * (calendar_id, seat_id) WHERE released_at IS NULL. It is right as it stands (one live hold or
 * sale per seat and session; released rows stay as history), so it is not touched here.
 */
const STATUS_SQL = `case when new.released_at is not null then 'free' when new.state = 'cart' then 'held' else 'sold' end`

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db)
  await db.schema
    .createTable('seat_changes')
    .addColumn('id', pg ? 'bigint' : 'integer', (c) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
    .addColumn('calendar_id', 'integer', (c) => c.notNull())
    .addColumn('seat_id', 'integer')
    .addColumn('standing_place_id', 'integer')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('seat_changes_calendar_idx').on('seat_changes').columns(['calendar_id', 'id']).execute()
  await db.schema.createIndex('seat_changes_created_idx').on('seat_changes').column('created_at').execute()

  if (pg) {
    for (const [table, column] of [['seat_holds', 'seat_id'], ['standing_holds', 'standing_place_id']] as const) {
      await sql
        .raw(
          `create function ${table}_log() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' and old.released_at is not distinct from new.released_at and old.state = new.state then
    return null;
  end if;
  insert into seat_changes (calendar_id, ${column}, status, created_at)
    values (new.calendar_id, new.${column}, ${STATUS_SQL}, (extract(epoch from clock_timestamp()) * 1000)::bigint);
  perform pg_notify('seat_changes', new.calendar_id::text);
  return null;
end $$`,
        )
        .execute(db)
      await sql.raw(`create trigger ${table}_log after insert or update on ${table} for each row execute function ${table}_log()`).execute(db)
    }
    return
  }
  const nowMs = `cast((julianday('now') - 2440587.5) * 86400000 as integer)`
  for (const [table, column] of [['seat_holds', 'seat_id'], ['standing_holds', 'standing_place_id']] as const) {
    const insert = `insert into seat_changes (calendar_id, ${column}, status, created_at) values (new.calendar_id, new.${column}, ${STATUS_SQL}, ${nowMs});`
    await sql.raw(`create trigger ${table}_log_insert after insert on ${table} begin ${insert} end`).execute(db)
    await sql
      .raw(`create trigger ${table}_log_update after update of released_at, state on ${table} when old.released_at is not new.released_at or old.state is not new.state begin ${insert} end`)
      .execute(db)
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    for (const table of ['seat_holds', 'standing_holds']) {
      await sql.raw(`drop trigger if exists ${table}_log on ${table}`).execute(db)
      await sql.raw(`drop function if exists ${table}_log()`).execute(db)
    }
  } else {
    for (const t of ['seat_holds_log_insert', 'seat_holds_log_update', 'standing_holds_log_insert', 'standing_holds_log_update']) {
      await sql.raw(`drop trigger if exists ${t}`).execute(db)
    }
  }
  await db.schema.dropTable('seat_changes').execute()
}

import { sql, type Kysely } from 'kysely'
import { isPostgres } from './schema-helpers'

/**
 * Draft map versions (issue 17 item 3: studio saves at 1,000,000 seats), drawing_states: one row
 * per map version that has any state, none for the rest (sealed 0, revision 0).
 * - sealed: 1 once any session has been put on the version (created on it, copied onto it,
 *   moved onto it), never cleared. Set by a trigger on calendars, so every writer of
 *   calendars.drawing_id (the console, event copy, the seeds, the CLI) seals without knowing of
 *   it, in the same transaction. A sealed version is never edited in place again: a session keeps
 *   the version it went on sale with, and the storefront's per-process caches keyed by drawing id
 *   (drawing-cache.ts, compiled-map.ts, seating/load.ts) only ever hold sealed versions, which
 *   never change.
 * - revision: how many studio saves changed the version in place (the console shows it).
 * A table of its own, not columns of venue_drawings: that row carries the drawing's svg (120 MB
 * at 1,000,000 seats), and SQLite rewrites a whole row on any update, so a flag there would cost
 * every draft save a rewrite of the svg (measured: 1.7 s per save at 1M on SQLite).
 * An index on venue_drawings (venue_id, version, parent_id, seat_count) serves the save's reads.
 * Existing versions some session points at are sealed here, and so are those with any seat hold
 * (a session left them: its released blocks still point at their seats, which an in-place delete
 * could not remove). No foreign key: the row never blocks deleting a drawing.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('drawing_states')
    .addColumn('drawing_id', 'integer', (c) => c.primaryKey())
    .addColumn('sealed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  // What a save reads of the venue's versions (version.repository.ts lockForSave), answered from
  // the index: SQLite reads a column stored after the svg by walking the svg's overflow pages
  // (~0.6 s per row at 1,000,000 seats); the index never touches the row.
  await db.schema.createIndex('venue_drawings_versions').on('venue_drawings').columns(['venue_id', 'version', 'parent_id', 'seat_count']).execute()
  await sql`insert into drawing_states (drawing_id, sealed)
    select drawing_id, 1 from calendars where drawing_id is not null
    union select s.drawing_id, 1 from seat_holds h inner join seats s on s.id = h.seat_id`.execute(db)
  const seal = 'insert into drawing_states (drawing_id, sealed) values (new.drawing_id, 1) on conflict (drawing_id) do update set sealed = 1;'
  if (isPostgres(db)) {
    await sql
      .raw(
        `create function calendars_seal_drawing() returns trigger language plpgsql as $$
begin
  if new.drawing_id is not null then
    ${seal}
  end if;
  return null;
end $$`,
      )
      .execute(db)
    await sql.raw('create trigger calendars_seal_drawing after insert or update of drawing_id on calendars for each row execute function calendars_seal_drawing()').execute(db)
    return
  }
  await sql.raw(`create trigger calendars_seal_drawing_insert after insert on calendars when new.drawing_id is not null begin ${seal} end`).execute(db)
  await sql.raw(`create trigger calendars_seal_drawing_update after update of drawing_id on calendars when new.drawing_id is not null begin ${seal} end`).execute(db)
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql.raw('drop trigger if exists calendars_seal_drawing on calendars').execute(db)
    await sql.raw('drop function if exists calendars_seal_drawing()').execute(db)
  } else {
    await sql.raw('drop trigger if exists calendars_seal_drawing_insert').execute(db)
    await sql.raw('drop trigger if exists calendars_seal_drawing_update').execute(db)
  }
  await db.schema.dropIndex('venue_drawings_versions').execute()
  await db.schema.dropTable('drawing_states').execute()
}

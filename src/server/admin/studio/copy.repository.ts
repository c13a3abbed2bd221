import { sql } from 'kysely'
import type { Db } from '../../db/connect'

/** Columns of a zone copied to a new version (its id changes; its key stays, so seats find it again). */
const ZONE_COLUMNS = ['zone_key', 'color', 'sortnum', 'name_ru', 'name_en', 'name_kz', 'name_ch', 'descript_ru', 'descript_en', 'descript_kz', 'descript_ch'] as const
const SEAT_COLUMNS = ['seat_key', 'row_label', 'number_label', 'x', 'y', 'quality', 'access_type', 'companion_of', 'blocked'] as const

/** A new version as startCopy made it: its seats and standing places are still to copy. */
export interface StartedCopy {
  id: number
  version: number
  /** Source zone id → the new version's. */
  zoneIds: Map<number, number>
  /** The source's seats, and the id range they lie in (0, 0 for none). */
  total: number
  firstSeatId: number
  lastSeatId: number
}

/**
 * Starts a copy of a drawing as a new version of the venue's map: the drawing row (version = the
 * venue's highest + 1, parent = the source; its svg empty until copySvg), its sectors and zones (a few hundred rows at most,
 * each one INSERT … SELECT). The svg, seats and standing places follow (copySvg, copySeats, copyStanding), in
 * one transaction or a chunk per transaction (copy-job.ts).
 */
export async function startCopy(db: Db, sourceId: number, now: number): Promise<StartedCopy> {
  // venue_id is stored before the svg: reading it does not walk the svg's pages.
  const src = await db.selectFrom('venue_drawings').select('venue_id').where('id', '=', sourceId).executeTakeFirstOrThrow()
  const top = await db.selectFrom('venue_drawings').select(sql<number>`max(version)`.as('v')).where('venue_id', '=', src.venue_id).executeTakeFirstOrThrow()
  const version = Number(top.v ?? 0) + 1
  // INSERT … SELECT, and without the svg (120 MB at 1,000,000 seats; copySvg copies it later, in
  // a transaction of its own): at 300,000 seats on SQLite the svg's copy alone took 3.3 s, read
  // into Node and sent back 3.9 s, on the loaded 2-core machine.
  const made = await db
    .insertInto('venue_drawings')
    .columns(['venue_id', 'name', 'svg', 'view_box', 'rules_json', 'source_file', 'seat_count', 'standing_count', 'warnings_json', 'created_at', 'parent_id', 'version'])
    .expression((eb) =>
      eb
        .selectFrom('venue_drawings')
        .select(['venue_id', 'name', sql.lit('').as('svg'), 'view_box', 'rules_json', 'source_file', 'seat_count', 'standing_count', 'warnings_json', sql.lit(now).as('created_at'), 'id as parent_id', sql.lit(version).as('version')])
        .where('id', '=', sourceId),
    )
    .returning('id')
    .executeTakeFirstOrThrow()
  const newId = sql.lit(Number(made.id))
  await db
    .insertInto('sectors')
    .columns(['drawing_id', 'sector_index', 'name', 'kind', 'seat_count'])
    .expression((eb) => eb.selectFrom('sectors').select([newId.as('drawing_id'), 'sector_index', 'name', 'kind', 'seat_count']).where('drawing_id', '=', sourceId))
    .execute()
  await db
    .insertInto('zones')
    .columns(['drawing_id', ...ZONE_COLUMNS])
    .expression((eb) => eb.selectFrom('zones').select([newId.as('drawing_id'), ...ZONE_COLUMNS]).where('drawing_id', '=', sourceId))
    .execute()
  const pairs = await db
    .selectFrom('zones as oz')
    .innerJoin('zones as nz', (j) => j.on('nz.drawing_id', '=', made.id).onRef('nz.zone_key', '=', 'oz.zone_key'))
    .select(['oz.id as old_id', 'nz.id as new_id'])
    .where('oz.drawing_id', '=', sourceId)
    .execute()
  // From the (drawing_id, seat_key) index: no pass over the rows.
  const range = await db
    .selectFrom('seats')
    .select([sql<number>`count(*)`.as('n'), sql<number | null>`min(id)`.as('lo'), sql<number | null>`max(id)`.as('hi')])
    .where('drawing_id', '=', sourceId)
    .executeTakeFirstOrThrow()
  return {
    id: made.id,
    version,
    zoneIds: new Map(pairs.map((p) => [p.old_id, p.new_id])),
    total: Number(range.n),
    firstSeatId: Number(range.lo ?? 0),
    lastSeatId: Number(range.hi ?? 0),
  }
}

/**
 * Copies the source's seats with ids in (afterId, throughId] into the new version, in id order (the
 * compiled venue's seat order is the version's seats by id, so chunks copied in order keep it).
 * Each seat finds its new sector by index and its new zone by key. Answers the seats copied.
 */
export async function copySeats(db: Db, sourceId: number, targetId: number, afterId: number, throughId: number): Promise<number> {
  // A literal, not a parameter: PostgreSQL cannot type a bare parameter in an INSERT's select
  // list. Safe: an integer id the database answered.
  const newId = sql.lit(Number(targetId))
  const r = await db
    .insertInto('seats')
    .columns(['drawing_id', 'sector_id', 'zone_id', ...SEAT_COLUMNS])
    .expression((eb) =>
      eb
        .selectFrom('seats as s')
        .innerJoin('sectors as os', 'os.id', 's.sector_id')
        .innerJoin('sectors as ns', (j) => j.on('ns.drawing_id', '=', targetId).onRef('ns.sector_index', '=', 'os.sector_index'))
        .leftJoin('zones as oz', 'oz.id', 's.zone_id')
        .leftJoin('zones as nz', (j) => j.on('nz.drawing_id', '=', targetId).onRef('nz.zone_key', '=', 'oz.zone_key'))
        .select([newId.as('drawing_id'), 'ns.id as sector_id', 'nz.id as zone_id', ...SEAT_COLUMNS.map((c) => `s.${c}` as const)])
        .where('s.id', '>', afterId)
        .where('s.id', '<=', throughId)
        .where('s.drawing_id', '=', sourceId)
        .orderBy('s.id'),
    )
    .executeTakeFirst()
  return Number(r.numInsertedOrUpdatedRows ?? 0)
}

/** Copies the source's svg into the new version (the database copies it: it never passes through Node). */
export async function copySvg(db: Db, sourceId: number, targetId: number): Promise<void> {
  await db
    .updateTable('venue_drawings')
    .set((eb) => ({ svg: eb.selectFrom('venue_drawings as src').select('src.svg').where('src.id', '=', sourceId) }))
    .where('venue_drawings.id', '=', targetId)
    .execute()
}

/** Copies the source's standing places (one per standing area: a few). */
export async function copyStanding(db: Db, sourceId: number, targetId: number): Promise<void> {
  const newId = sql.lit(Number(targetId))
  await db
    .insertInto('standing_places')
    .columns(['drawing_id', 'sector_id', 'zone_id', 'place_key', 'name', 'capacity'])
    .expression((eb) =>
      eb
        .selectFrom('standing_places as p')
        .innerJoin('sectors as os', 'os.id', 'p.sector_id')
        .innerJoin('sectors as ns', (j) => j.on('ns.drawing_id', '=', targetId).onRef('ns.sector_index', '=', 'os.sector_index'))
        .leftJoin('zones as oz', 'oz.id', 'p.zone_id')
        .leftJoin('zones as nz', (j) => j.on('nz.drawing_id', '=', targetId).onRef('nz.zone_key', '=', 'oz.zone_key'))
        .select([newId.as('drawing_id'), 'ns.id as sector_id', 'nz.id as zone_id', 'p.place_key', 'p.name', 'p.capacity'])
        .where('p.drawing_id', '=', sourceId),
    )
    .execute()
}

/**
 * The whole copy in the caller's transaction (the benchmark's baseline; the studio copies through
 * copy-job.ts). Answers the new drawing's id and version and the old→new zone ids.
 */
export async function copyDrawing(db: Db, sourceId: number, now: number): Promise<{ id: number; version: number; zoneIds: Map<number, number> }> {
  const made = await startCopy(db, sourceId, now)
  await copySvg(db, sourceId, made.id)
  if (made.total > 0) await copySeats(db, sourceId, made.id, made.firstSeatId - 1, made.lastSeatId)
  await copyStanding(db, sourceId, made.id)
  return made
}

import { sql } from 'kysely'
import type { Db } from '../../db/connect'

/** Columns of a zone copied to a new version (its id changes; its key stays, so seats find it again). */
const ZONE_COLUMNS = ['zone_key', 'color', 'sortnum', 'name_ru', 'name_en', 'name_kz', 'name_ch', 'descript_ru', 'descript_en', 'descript_kz', 'descript_ch'] as const

/**
 * Copies a drawing into a new version of the venue's map: the drawing row (version = the venue's
 * highest + 1, parent = the source), its sectors, zones, seats and standing places, in five
 * INSERT … SELECT statements (the database copies 60,000 seats without them passing through
 * Node). Seats and standing places find their new sector by index and their new zone by key.
 * Answers the new drawing's id and version and the old→new zone ids.
 */
export async function copyDrawing(db: Db, sourceId: number, now: number): Promise<{ id: number; version: number; zoneIds: Map<number, number> }> {
  const src = await db.selectFrom('venue_drawings').selectAll().where('id', '=', sourceId).executeTakeFirstOrThrow()
  const top = await db.selectFrom('venue_drawings').select(sql<number>`max(version)`.as('v')).where('venue_id', '=', src.venue_id).executeTakeFirstOrThrow()
  const version = Number(top.v ?? 0) + 1
  const made = await db
    .insertInto('venue_drawings')
    .values({
      venue_id: src.venue_id,
      name: src.name,
      svg: src.svg,
      view_box: src.view_box,
      rules_json: src.rules_json,
      source_file: src.source_file,
      seat_count: src.seat_count,
      standing_count: src.standing_count,
      warnings_json: src.warnings_json,
      created_at: now,
      parent_id: src.id,
      version,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  // A literal, not a parameter: PostgreSQL cannot type a bare parameter in an INSERT's select
  // list. Safe: an integer id the database just answered.
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
  await db
    .insertInto('seats')
    .columns(['drawing_id', 'sector_id', 'zone_id', 'seat_key', 'row_label', 'number_label', 'x', 'y', 'quality', 'access_type', 'companion_of', 'blocked'])
    .expression((eb) =>
      eb
        .selectFrom('seats as s')
        .innerJoin('sectors as os', 'os.id', 's.sector_id')
        .innerJoin('sectors as ns', (j) => j.on('ns.drawing_id', '=', made.id).onRef('ns.sector_index', '=', 'os.sector_index'))
        .leftJoin('zones as oz', 'oz.id', 's.zone_id')
        .leftJoin('zones as nz', (j) => j.on('nz.drawing_id', '=', made.id).onRef('nz.zone_key', '=', 'oz.zone_key'))
        .select([newId.as('drawing_id'), 'ns.id as sector_id', 'nz.id as zone_id', 's.seat_key', 's.row_label', 's.number_label', 's.x', 's.y', 's.quality', 's.access_type', 's.companion_of', 's.blocked'])
        .where('s.drawing_id', '=', sourceId)
        .orderBy('s.id'),
    )
    .execute()
  await db
    .insertInto('standing_places')
    .columns(['drawing_id', 'sector_id', 'zone_id', 'place_key', 'name', 'capacity'])
    .expression((eb) =>
      eb
        .selectFrom('standing_places as p')
        .innerJoin('sectors as os', 'os.id', 'p.sector_id')
        .innerJoin('sectors as ns', (j) => j.on('ns.drawing_id', '=', made.id).onRef('ns.sector_index', '=', 'os.sector_index'))
        .leftJoin('zones as oz', 'oz.id', 'p.zone_id')
        .leftJoin('zones as nz', (j) => j.on('nz.drawing_id', '=', made.id).onRef('nz.zone_key', '=', 'oz.zone_key'))
        .select([newId.as('drawing_id'), 'ns.id as sector_id', 'nz.id as zone_id', 'p.place_key', 'p.name', 'p.capacity'])
        .where('p.drawing_id', '=', sourceId),
    )
    .execute()
  const pairs = await db
    .selectFrom('zones as oz')
    .innerJoin('zones as nz', (j) => j.on('nz.drawing_id', '=', made.id).onRef('nz.zone_key', '=', 'oz.zone_key'))
    .select(['oz.id as old_id', 'nz.id as new_id'])
    .where('oz.drawing_id', '=', sourceId)
    .execute()
  return { id: made.id, version, zoneIds: new Map(pairs.map((p) => [p.old_id, p.new_id])) }
}

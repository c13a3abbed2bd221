import type { Kysely } from 'kysely'
import { fk, id, localized, timestamp } from './schema-helpers'

/**
 * Venue drawings and the inventory read from them: zones (price levels, the spec's zonelevel),
 * sectors, seats (keyed by the parser's seat key, so map and inventory agree) and standing places.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  let drawings = id(db, db.schema.createTable('venue_drawings'))
  drawings = fk(drawings, 'venue_id', 'venues.id', { notNull: true, onDelete: 'cascade' })
  drawings = drawings
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('svg', 'text', (c) => c.notNull())
    .addColumn('view_box', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('rules_json', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('source_file', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('seat_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('standing_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('warnings_json', 'text', (c) => c.notNull().defaultTo('[]'))
  await timestamp(drawings, 'created_at').execute()

  // Zone levels: drawing_id null for general-admission events that have no drawing.
  let zones = id(db, db.schema.createTable('zones'))
  zones = fk(zones, 'drawing_id', 'venue_drawings.id', { onDelete: 'cascade' })
  zones = zones
    .addColumn('zone_key', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('color', 'text', (c) => c.notNull().defaultTo('#888888'))
    .addColumn('sortnum', 'integer', (c) => c.notNull().defaultTo(0))
  await localized(zones, 'name', 'descript').execute()
  await db.schema.createIndex('zones_drawing_key_uq').on('zones').columns(['drawing_id', 'zone_key']).unique().execute()

  let sectors = id(db, db.schema.createTable('sectors'))
  sectors = fk(sectors, 'drawing_id', 'venue_drawings.id', { notNull: true, onDelete: 'cascade' })
  await sectors
    .addColumn('sector_index', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    // 0 seated, 1 standing (SectorKind of the engine model).
    .addColumn('kind', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('seat_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('sectors_drawing_index_uq', ['drawing_id', 'sector_index'])
    .execute()

  let seats = id(db, db.schema.createTable('seats'))
  seats = fk(seats, 'drawing_id', 'venue_drawings.id', { notNull: true, onDelete: 'cascade' })
  seats = fk(seats, 'sector_id', 'sectors.id', { notNull: true, onDelete: 'cascade' })
  seats = fk(seats, 'zone_id', 'zones.id', { onDelete: 'set null' })
  await seats
    .addColumn('seat_key', 'text', (c) => c.notNull())
    .addColumn('row_label', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('number_label', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('x', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('y', 'real', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('seats_drawing_key_uq', ['drawing_id', 'seat_key'])
    .execute()
  await db.schema.createIndex('seats_sector_idx').on('seats').column('sector_id').execute()

  // A standing area is one element of the drawing sold by quantity up to its capacity.
  let standing = id(db, db.schema.createTable('standing_places'))
  standing = fk(standing, 'drawing_id', 'venue_drawings.id', { notNull: true, onDelete: 'cascade' })
  standing = fk(standing, 'sector_id', 'sectors.id', { notNull: true, onDelete: 'cascade' })
  standing = fk(standing, 'zone_id', 'zones.id', { onDelete: 'set null' })
  await standing
    .addColumn('place_key', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('capacity', 'integer', (c) => c.notNull())
    .addUniqueConstraint('standing_drawing_key_uq', ['drawing_id', 'place_key'])
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['standing_places', 'seats', 'sectors', 'zones', 'venue_drawings']) {
    await db.schema.dropTable(t).execute()
  }
}

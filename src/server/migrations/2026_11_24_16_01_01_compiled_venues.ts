import type { Kysely } from 'kysely'
import { isPostgres, timestamp } from './schema-helpers'

/**
 * Compiled venues (issue 16.1): each drawing compiled once into the engine's binary form
 * (src/engine/compiled), with its gzip and brotli made at the same time, served at an immutable
 * URL named by content_hash. One row per drawing; a drawing compiled again under a newer format
 * version replaces its row (the hash changes with it).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const blob = isPostgres(db) ? 'bytea' : 'blob'
  await timestamp(
    db.schema
      .createTable('compiled_venues')
      .addColumn('drawing_id', 'integer', (c) => c.primaryKey().references('venue_drawings.id').onDelete('cascade'))
      .addColumn('format_version', 'integer', (c) => c.notNull())
      .addColumn('content_hash', 'text', (c) => c.notNull())
      .addColumn('seat_count', 'integer', (c) => c.notNull())
      .addColumn('raw', blob, (c) => c.notNull())
      .addColumn('gzip', blob, (c) => c.notNull())
      .addColumn('brotli', blob, (c) => c.notNull()),
    'created_at',
  ).execute()
  await db.schema.createIndex('compiled_venues_hash').on('compiled_venues').column('content_hash').execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('compiled_venues').execute()
}

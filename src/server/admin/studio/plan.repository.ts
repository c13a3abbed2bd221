import { sql } from 'kysely'
import type { StudioPlan } from '../../../contract/admin/studio'
import { accessTypeSchema } from '../../../contract/entities/access'
import type { Lang } from '../../../contract/lang'
import type { Db } from '../../db/connect'
import { ApiFailure } from '../../errors'
import { copyProgress } from './copy-job'
import { drawingState } from '../../venues/drawing.repository'
import { isDraft } from './version.repository'
import { mapMetaOfDrawing } from '../../domain/scheme/map-meta.repository'
import { storedWarnings, warningView } from '../../venues/warnings'


/**
 * A venue's map versions with the sessions on each. Every column comes from the
 * venue_drawings_plan index (migration 2026_11_24_17_b10_01), never from the row: on SQLite a
 * column stored after the svg costs a walk of its overflow pages (~0.6 s per version at 1,000,000
 * seats). Exported for the test that checks the query plan.
 */
export function venueVersions(db: Db, venueId: number) {
  return db
    .selectFrom('venue_drawings as v')
    .leftJoin('calendars as c', 'c.drawing_id', 'v.id')
    .select(['v.id', 'v.version', 'v.name', 'v.seat_count', 'v.created_at', sql<number>`count(c.id)`.as('sessions')])
    .where('v.venue_id', '=', venueId)
    .groupBy(['v.id', 'v.version', 'v.name', 'v.seat_count', 'v.created_at'])
    .orderBy('v.version')
    .orderBy('v.id')
}

/**
 * A drawing as the studio shows it (contract/admin/studio.ts). Seats go out as parallel arrays in
 * id order (the import's order); sectors by their index, which is what the engine's parse of the
 * same svg numbers them by. Cost: six indexed reads of the drawing's rows; the svg is read once, on
 * its own and not while the version is being copied (the version list reads none of it).
 */
export async function studioPlan(db: Db, drawingId: number, lang: Lang): Promise<StudioPlan> {
  const d = await db
    .selectFrom('venue_drawings')
    .select(['id', 'venue_id', 'name', 'version', 'parent_id', 'created_at', 'warnings_json'])
    .where('id', '=', drawingId)
    .executeTakeFirst()
  if (!d) throw new ApiFailure('admin-not-found', { what: 'drawing', id: drawingId })
  const state = await drawingState(db, drawingId)
  // A version being copied: its progress only (the studio polls it; its seats are not all there).
  const copying = await copyingOf(db, drawingId)
  const svg = copying ? '' : (await db.selectFrom('venue_drawings').select('svg').where('id', '=', drawingId).executeTakeFirstOrThrow()).svg
  const sectors = copying ? [] : await db.selectFrom('sectors').select(['id', 'sector_index', 'name', 'kind', 'seat_count']).where('drawing_id', '=', drawingId).orderBy('sector_index').execute()
  const indexOf = new Map(sectors.map((s) => [s.id, s.sector_index]))
  const zones = copying ? [] : await db.selectFrom('zones').selectAll().where('drawing_id', '=', drawingId).orderBy('sortnum').orderBy('id').execute()
  const seats = copying ? [] : await db.selectFrom('seats').select(['seat_key', 'sector_id', 'row_label', 'number_label', 'zone_id', 'blocked', 'access_type', 'companion_of']).where('drawing_id', '=', drawingId).orderBy('id').execute()
  const standing = copying ? [] : await db.selectFrom('standing_places').select(['place_key', 'name', 'sector_id', 'zone_id', 'capacity']).where('drawing_id', '=', drawingId).orderBy('id').execute()
  const versions = await venueVersions(db, d.venue_id).execute()
  const sessions = await db
    .selectFrom('calendars as c')
    .innerJoin('events as e', 'e.id', 'c.event_id')
    .select(['c.id', 'c.day', 'c.time', 'e.name_ru', 'e.name_en', 'e.name_kz', 'e.name_ch'])
    .where('c.drawing_id', '=', drawingId)
    .orderBy('c.day')
    .orderBy('c.time')
    .execute()
  return {
    sessions: sessions.map((c) => ({ id: c.id, day: c.day, time: c.time, event: c[`name_${lang}`] || c.name_ru })),
    drawing: {
      id: d.id,
      venue_id: d.venue_id,
      name: d.name,
      version: Number(d.version),
      revision: state.revision,
      draft: isDraft({ sealed: state.sealed, version: Number(d.version) }, Math.max(...versions.map((v) => Number(v.version)))),
      copying,
      parent_id: d.parent_id === null ? null : Number(d.parent_id),
      created_at: Number(d.created_at),
      ...warningFields(d.warnings_json),
    },
    svg,
    sectors: sectors.map((s) => ({ index: s.sector_index, name: s.name, kind: s.kind, seat_count: s.seat_count })),
    zones: zones.map((z) => ({ id: z.id, zone_key: z.zone_key, name: (z[`name_${lang}`] as string) || z.name_ru, color: z.color })),
    seats: {
      key: seats.map((s) => s.seat_key),
      sector: seats.map((s) => indexOf.get(s.sector_id) ?? 0),
      row: seats.map((s) => s.row_label),
      number: seats.map((s) => s.number_label),
      zone: seats.map((s) => s.zone_id),
      blocked: seats.map((s) => Number(s.blocked)),
      // A type this build does not know reads as ordinary rather than failing the whole plan.
      access: seats.map((s) => accessTypeSchema.safeParse(s.access_type).data ?? null),
      companion_of: seats.map((s) => s.companion_of ?? null),
    },
    standing: standing.map((p) => ({ place_key: p.place_key, name: p.name, sector: indexOf.get(p.sector_id) ?? 0, zone_id: p.zone_id, capacity: p.capacity })),
    versions: versions.map((v) => ({ id: v.id, version: Number(v.version), name: v.name, seat_count: v.seat_count, created_at: Number(v.created_at), sessions: Number(v.sessions) })),
    meta: await mapMetaOfDrawing(db, drawingId),
  }
}

async function copyingOf(db: Db, drawingId: number) {
  const p = await copyProgress(db, drawingId)
  return p ? { copied: p.copied, total: p.total } : null
}

/** The stored warnings as the plan answers them: English texts, and each one's code and params. */
function warningFields(json: string): { warnings: string[]; warning_details: StudioPlan['drawing']['warning_details'] } {
  const details = storedWarnings(json).map(warningView)
  return { warnings: details.map((w) => w.text), warning_details: details }
}

import { NO_ZONE, type SyncPlaces } from '../../../contract/admin/door-places'
import type { Db } from '../../db/connect'

/**
 * The session's places for a door device's whole sync (contract/admin/door-places.ts): every
 * seat of its drawing with its sector, row and number, its standing places, and which client
 * categories each price zone is sold in, so an offline answer to a ticket sold after the sync
 * shows what an online one shows. The names are those the door's online answer reads
 * (repository.ts ticketQuery): sectors.name, seats' labels, standing_places.name, the categories'.
 */
export async function syncPlaces(db: Db, calendarId: number): Promise<SyncPlaces> {
  const calendar = await db.selectFrom('calendars').select('drawing_id').where('id', '=', calendarId).executeTakeFirst()
  const drawingId = calendar?.drawing_id ?? null
  const prices = await db.selectFrom('prices').select(['zone_id', 'client_category_id']).where('calendar_id', '=', calendarId).distinct().orderBy('zone_id').orderBy('client_category_id').execute()
  const zones = new Map<number, number[]>()
  for (const p of prices) zones.set(p.zone_id, [...(zones.get(p.zone_id) ?? []), p.client_category_id])
  const categoryIds = [...new Set(prices.map((p) => p.client_category_id))]
  const categories =
    categoryIds.length === 0
      ? []
      : await db.selectFrom('client_categories').select(['id', 'name_ru', 'name_en', 'name_kz', 'name_ch']).where('id', 'in', categoryIds).orderBy('id').execute()
  const out: SyncPlaces = {
    sectors: [],
    standing: [],
    zones: [...zones].map(([id, ids]) => ({ id, categoryIds: ids })),
    categories: categories.map((c) => ({ id: c.id, name: { ru: c.name_ru, en: c.name_en, kz: c.name_kz, ch: c.name_ch } })),
  }
  // A session without a drawing sells general admission only: its tickets name their category.
  if (drawingId === null) return out
  const sectors = await db.selectFrom('sectors').select(['id', 'name']).where('drawing_id', '=', drawingId).orderBy('sector_index').orderBy('id').execute()
  const seats = await db.selectFrom('seats').select(['id', 'sector_id', 'row_label', 'number_label', 'zone_id']).where('drawing_id', '=', drawingId).orderBy('id').execute()
  const bySector = new Map(sectors.map((s) => [s.id, { id: s.id, name: s.name, seats: [] as SyncPlaces['sectors'][number]['seats'] }]))
  for (const s of seats) bySector.get(s.sector_id)?.seats.push([s.id, s.row_label, s.number_label, s.zone_id ?? NO_ZONE])
  out.sectors = [...bySector.values()]
  const standing = await db.selectFrom('standing_places').select(['id', 'name', 'zone_id']).where('drawing_id', '=', drawingId).orderBy('id').execute()
  out.standing = standing.map((p) => [p.id, p.name, p.zone_id ?? NO_ZONE])
  return out
}

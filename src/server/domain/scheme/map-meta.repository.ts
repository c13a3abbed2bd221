import type { SchemeMapMeta } from '../../../contract/entities/scheme'
import type { Db } from '../../db/connect'

/**
 * The map metadata of a drawing (contract schemeMapMetaSchema): its venue's detail threshold
 * (venues.map_detail_threshold, set on the console's venues screen); null when none is set.
 * max_zoom is always null (the camera's MAX_ZOOM holds on every map; see the contract).
 *
 * Read on every map request, never cached with the drawing: the drawing caches (drawing-cache.ts,
 * compiled venues) hold sealed versions that never change, while an operator may change this at
 * any time, and the next answer must carry it. One indexed read: venue_id is stored before the
 * drawing's svg, so SQLite reads no overflow page of it.
 */
export async function mapMetaOfDrawing(db: Db, drawingId: number): Promise<SchemeMapMeta> {
  const row = await db
    .selectFrom('venue_drawings as d')
    .innerJoin('venues as v', 'v.id', 'd.venue_id')
    .select('v.map_detail_threshold')
    .where('d.id', '=', drawingId)
    .executeTakeFirst()
  return metaOf(row?.map_detail_threshold ?? null)
}

/** The answer's meta for a stored threshold: null when the venue sets nothing. */
export function metaOf(detailThreshold: number | null): SchemeMapMeta {
  return detailThreshold === null ? null : { detail_threshold: Number(detailThreshold), max_zoom: null }
}

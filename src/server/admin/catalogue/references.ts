import { VenueParseError, type RecognitionReport } from '../../../engine/parse/index'
import type { Db } from '../../db/connect'
import { ApiFailure } from '../../errors'
import type { AdminEntity } from '../../messages/admin-entities'
import { refusalDetail } from '../../messages/drawing-refusals'
import { recogniseForImport, storeRecognisedDrawing } from '../../venues/import'
import { DrawingRejectedError } from '../../venues/sanitize'
import { writeAudit } from '../audit'
import type { Actor } from '../context'
import { referenceLists, ruleIdBySlug } from './catalogue.repository'
import { insertRow, mustBeLive, mustExist, mustFind, updateRow } from './rows.repository'
import { tx } from '../transaction'
import { warningView } from '../../venues/warnings'

/**
 * The catalogue's smaller rows (venues, price categories, zones, menu items, tags, rules texts):
 * each a table with its own columns, created and edited whole with an audit row. Venue drawings
 * go through the venue import library (server/venues), the same path as `npm run venue -- import`.
 */
export type SimpleTable = 'venues' | 'client_categories' | 'zones' | 'main_menus' | 'tags' | 'rules' | 'menu_kinds'
const ENTITY: Record<SimpleTable, AdminEntity> = { venues: 'venue', client_categories: 'category', zones: 'zone', main_menus: 'menu', tags: 'tag', rules: 'rule', menu_kinds: 'kind' }

async function checkRow(db: Db, table: SimpleTable, values: Record<string, unknown>, id?: number, stored?: Record<string, unknown>): Promise<void> {
  if (table === 'main_menus') {
    await mustExist(db, 'menu_kinds', [values.menu_kind_id as number], 'menu_kind_id')
    // An archived section is not offered for a new menu item; one already in it may stay there.
    await mustBeLive(db, 'menu_kinds', [values.menu_kind_id as number], 'menu_kind_id', stored ? [stored.menu_kind_id as number] : [])
  }
  if (table === 'rules') {
    const taken = await ruleIdBySlug(db, values.slug as string)
    if (taken !== undefined && taken !== id) throw new ApiFailure('admin-slug-taken', { slug: values.slug as string })
  }
}

export function createSimple(db: Db, actor: Actor, table: SimpleTable, values: Record<string, unknown>): Promise<number> {
  return tx(db, actor, async (trx) => {
    await checkRow(trx, table, values)
    // General-admission zones belong to no drawing; seat-map zones come from drawings.
    return insertRow(trx, actor, table, ENTITY[table], table === 'zones' ? { ...values, drawing_id: null, zone_key: `ga-${Date.now().toString(36)}` } : values)
  })
}

export function updateSimple(db: Db, actor: Actor, table: SimpleTable, id: number, values: Record<string, unknown>): Promise<void> {
  return tx(db, actor, async (trx) => {
    const stored = await mustFind(trx, table, id, ENTITY[table])
    await checkRow(trx, table, values, id, stored)
    await updateRow(trx, actor, table, ENTITY[table], id, values)
  })
}

/** Suffix of a copied rules text's slug (slugs are unique; the operator renames it). */
const COPY_SLUG_SUFFIX = '-copy'
/** Slugs are at most 60 characters; the source's is cut so the suffix and a number fit. */
const SLUG_ROOM = 60 - COPY_SLUG_SUFFIX.length - 4

async function freeCopySlug(db: Db, slug: string): Promise<string> {
  const base = `${slug.slice(0, SLUG_ROOM)}${COPY_SLUG_SUFFIX}`
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`
    if ((await ruleIdBySlug(db, candidate)) === undefined) return candidate
  }
}

/**
 * A copy of one row with every column but its id, audited as "copy"; the operator then edits it.
 * A venue's copy has no drawings (a map is imported or copied in the studio); a zone's copy is a
 * general-admission zone of its own key; a rules text's copy takes a free "<slug>-copy" slug.
 */
export function copySimple(db: Db, actor: Actor, table: SimpleTable, id: number): Promise<number> {
  return tx(db, actor, async (trx) => {
    const { id: _id, ...values } = await mustFind(trx, table, id, ENTITY[table])
    if (table === 'zones') Object.assign(values, { drawing_id: null, zone_key: `ga-${Date.now().toString(36)}-${id}` })
    if (table === 'rules') values.slug = await freeCopySlug(trx, String(values.slug))
    // A copy of an archived row starts live.
    if ('archived_at' in values) values.archived_at = null
    return insertRow(trx, actor, table, ENTITY[table], values, 'copy')
  })
}

/**
 * A venue's map metadata (contract venueMapMetaSchema), audited as "map-meta" with the venue row
 * before and after. The storefront's map answers read it per request (scheme/map-meta.repository.ts), so no
 * cache keeps the old value.
 */
export function setVenueMapMeta(db: Db, actor: Actor, id: number, input: { detail_threshold: number | null }): Promise<void> {
  // updateRow finds the venue first: an unknown id is refused as not found, nothing written.
  return tx(db, actor, (trx) => updateRow(trx, actor, 'venues', 'venue', id, { map_detail_threshold: input.detail_threshold }, 'map-meta'))
}

/**
 * The rows that can be archived: the console stops offering them for new choices and the
 * storefront stops listing them; what already uses them (events, sessions, price rows) keeps working.
 */
export type ArchivableTable = 'tags' | 'main_menus' | 'menu_kinds' | 'venues' | 'client_categories' | 'zones' | 'rules'

/**
 * Archives (a time) or restores (null) a row, audited as "archive" / "unarchive". A seat-map zone
 * is part of a drawing version (the studio edits it, and a new version replaces it), so only
 * general-admission zones are archived here.
 */
export function setArchived(db: Db, actor: Actor, table: ArchivableTable, id: number, archived: boolean): Promise<void> {
  return tx(db, actor, async (trx) => {
    const row = await mustFind(trx, table, id, ENTITY[table])
    if (table === 'zones' && row.drawing_id !== null) throw new ApiFailure('admin-zone-in-drawing', { id })
    await updateRow(trx, actor, table, ENTITY[table], id, { archived_at: archived ? Date.now() : null }, archived ? 'archive' : 'unarchive')
  })
}

/**
 * Imports an uploaded drawing for a venue and answers the import report. Unreadable or refused
 * drawings store nothing. The drawing is cleaned and recognised (seconds at 1M seats, in a compile
 * worker) before the transaction opens, so no database connection waits on it.
 */
export async function importDrawing(db: Db, actor: Actor, venueId: number, input: { name: string; svg: string }) {
  await mustFind(db, 'venues', venueId, 'venue')
  const recognised = await invalidAsFailure(() => recogniseForImport({ svg: input.svg }))
  return tx(db, actor, async (trx) => {
    await mustFind(trx, 'venues', venueId, 'venue')
    const r = await storeRecognisedDrawing(trx, { venueId, name: input.name, svg: input.svg, sourceFile: input.name }, recognised)
    const details = r.warnings.map(warningView)
    const report = { drawing_id: r.drawingId, seats: r.seats, standing_places: r.standingPlaces, sectors: r.sectors, zones: r.zones, warnings: details.map((w) => w.text), warning_details: details, parse_ms: r.parseMs, seat_types: seatTypesOf(r.report.access) }
    // The audit row names the upload by its size, not its text: the stored drawing is the cleaned
    // one (drawing_id), an uploaded text may carry scripts, and a 1M-seat drawing's 120 MB would be
    // JSON-escaped and written a second time on the server's thread.
    await writeAudit(trx, actor, { action: 'import-drawing', entity: 'venue', entityId: venueId, after: { name: input.name, svg_bytes: Buffer.byteLength(input.svg), ...report } })
    return report
  })
}

/**
 * A drawing that cannot be read, or is refused by its size bounds, answers the spec's error (never
 * a 500), its reason worded in the operator's language (messages/drawing-refusals.ts). The
 * refusal's code and the engine's own English ride along as params, which the log keeps.
 */
export async function invalidAsFailure<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (err) {
    if (err instanceof VenueParseError || err instanceof DrawingRejectedError)
      throw new ApiFailure('admin-drawing-invalid', { detail: refusalDetail(err.refusal), refusal: err.refusal.code, engine: err.message })
    throw err
  }
}

/** The import report's seat-type counts in the contract's spelling. */
function seatTypesOf(a: RecognitionReport['access']) {
  return { wheelchair: a.wheelchair, companion: a.companion, transfer: a.transfer, restricted: a.restricted, signlang: a.signlang, companions_linked: a.companionsLinked }
}

/** Everything the forms choose from. */
export const references = referenceLists

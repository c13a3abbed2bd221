import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { encodeCompiledVenue } from '../../engine/compiled/encode'
import { COMPILED_VENUE_VERSION } from '../../engine/compiled/format'
import type { VenueData, VenueZone } from '../../engine/model'
import { recogniseVenue, type VenueRules } from '../../engine/parse/index'
import type { Db } from '../db/connect'
import { deleteCompiledVenue, findCompiledByDrawing, findCompiledByHash, upsertCompiledVenue } from './compiled.repository'
import { findDrawingSource, listDrawingZones, listSeatsAfter, listSectorRows, listStandingCapacities } from './drawing.repository'
import { VersionVenueBuilder } from './version-venue'

/**
 * The compiled venue of a drawing (issue 16.1): the drawing as the engine needs it
 * (src/engine/compiled), made once at import with its gzip and brotli, stored in
 * compiled_venues and served at an immutable URL named by its content hash. Zones in it carry
 * the database's zone ids, so a seat's zone is the price rows' zonelevel_id.
 *
 * A drawing imported before compiled venues existed, compiled under an older format version, or
 * a map version made in the console's studio (whose edits live in its rows, not its svg) is
 * compiled on first demand from its stored drawing and rules (recognition is deterministic) and
 * its rows: the seats the version has, in its seats-by-id order, with their stored zones and
 * labels (version-venue.ts). A draft edited in place forgets its compiled form on every save
 * (forgetCompiledVenue), so the next demand compiles what it holds then.
 */

/** Hex digits of SHA-256 kept as the content hash (128 bits). */
export const CONTENT_HASH_DIGITS = 32
/**
 * Compressed forms are made once per drawing. Brotli 9, not 11: at 1M seats 11 takes ~40 s for
 * 15 % fewer bytes (0.19 vs 0.22 bytes per seat), 9 takes ~1.3 s.
 */
const BROTLI_QUALITY = 9
const GZIP_LEVEL = 9
/** Seat rows read per query when compiling a stored version (keeps a 1M-seat read to small pages). */
const SEAT_PAGE_ROWS = 50_000
/** Compiled venues kept in memory per database, by content hash (the stadium's: ~0.1 MB brotli). */
export const COMPILED_CACHE_SIZE = 8

const gzip = promisify(zlib.gzip)
const brotli = promisify(zlib.brotliCompress)

export interface CompiledVenueInfo {
  drawingId: number
  hash: string
  formatVersion: number
  seatCount: number
  bytes: { raw: number; gzip: number; brotli: number }
}

export interface CompiledVenueBlob extends CompiledVenueInfo {
  raw: Buffer
  gzip: Buffer
  brotli: Buffer
}

/** Compiles a parsed drawing whose zone i is stored as `zoneIds[i]`, and stores it for `drawingId`. */
export async function compileDrawing(db: Db, drawingId: number, venue: VenueData, zoneIds: readonly number[]): Promise<CompiledVenueInfo> {
  const zones: VenueZone[] = venue.zones.map((z, i) => ({ ...z, id: String(zoneIds[i]) }))
  const raw = Buffer.from(encodeCompiledVenue({ ...venue, zones }))
  const hash = createHash('sha256').update(raw).digest('hex').slice(0, CONTENT_HASH_DIGITS)
  const [gz, br] = await Promise.all([
    gzip(raw, { level: GZIP_LEVEL }),
    brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
  ])
  const row = { format_version: COMPILED_VENUE_VERSION, content_hash: hash, seat_count: venue.seats.count, raw, gzip: gz, brotli: br, created_at: Date.now() }
  await upsertCompiledVenue(db, { drawing_id: drawingId, ...row })
  return infoOf({ drawing_id: drawingId, ...row })
}

function infoOf(row: { drawing_id: number; content_hash: string; format_version: number; seat_count: number; raw: Uint8Array; gzip: Uint8Array; brotli: Uint8Array }): CompiledVenueInfo {
  return {
    drawingId: row.drawing_id,
    hash: row.content_hash,
    formatVersion: row.format_version,
    seatCount: row.seat_count,
    bytes: { raw: row.raw.length, gzip: row.gzip.length, brotli: row.brotli.length },
  }
}

const blobs = new WeakMap<Db, Map<string, Promise<CompiledVenueBlob | null>>>()
const drawings = new WeakMap<Db, Map<number, Promise<CompiledVenueInfo>>>()

function remember<K, V>(cache: Map<K, Promise<V>>, key: K, load: () => Promise<V>): Promise<V> {
  let entry = cache.get(key)
  if (entry) {
    cache.delete(key)
    cache.set(key, entry)
    return entry
  }
  entry = load()
  entry.catch(() => cache.delete(key))
  cache.set(key, entry)
  while (cache.size > COMPILED_CACHE_SIZE) cache.delete(cache.keys().next().value!)
  return entry
}

/** The compiled venue of a drawing, compiling it now when it has none of the current format. */
export function compiledVenueOfDrawing(db: Db, drawingId: number): Promise<CompiledVenueInfo> {
  let cache = drawings.get(db)
  if (!cache) drawings.set(db, (cache = new Map()))
  return remember(cache, drawingId, async () => {
    const row = await findCompiledByDrawing(db, drawingId)
    if (row && row.format_version === COMPILED_VENUE_VERSION) return infoOf(row)
    return compileStored(db, drawingId)
  })
}

/**
 * Compiles a stored drawing from its text and rules, brought to its rows (an old import, an older
 * format, a studio version). Throws UncompilableVersionError when a stored seat is not in the
 * drawing. Cost: one recognition plus one read of the seats, SEAT_PAGE_ROWS at a time.
 */
async function compileStored(db: Db, drawingId: number): Promise<CompiledVenueInfo> {
  const drawing = await findDrawingSource(db, drawingId)
  const rules = JSON.parse(drawing.rules_json || '{}') as VenueRules
  const { venue: recognised } = recogniseVenue(drawing.svg, { rules: Object.keys(rules).length > 0 ? rules : undefined })
  const [zones, sectors, standing] = await Promise.all([listDrawingZones(db, drawingId), listSectorRows(db, drawingId), listStandingCapacities(db, drawingId)])
  const builder = new VersionVenueBuilder(recognised, {
    zones,
    sectorNames: new Map(sectors.map((s) => [s.sector_index, s.name])),
    capacities: new Map(standing.map((p) => [p.sector_index, p.capacity])),
  })
  for (let after = 0; ; ) {
    const page = await listSeatsAfter(db, drawingId, after, SEAT_PAGE_ROWS)
    builder.add(page)
    if (page.length < SEAT_PAGE_ROWS) break
    after = page[page.length - 1].id
  }
  const { venue, zoneIds } = builder.finish()
  return compileDrawing(db, drawingId, venue, zoneIds)
}

/**
 * Forgets a drawing's compiled form (the stored row and this process's cache): the studio calls it
 * after saving edits, so a draft edited in place is compiled again from what it holds. Compiled
 * forms already served stay reachable by their hash while another drawing has the same content.
 */
export async function forgetCompiledVenue(db: Db, drawingId: number): Promise<void> {
  drawings.get(db)?.delete(drawingId)
  await deleteCompiledVenue(db, drawingId)
}

/** A compiled venue by its content hash (null when none has it), its bytes included. */
export function compiledVenueByHash(db: Db, hash: string): Promise<CompiledVenueBlob | null> {
  let cache = blobs.get(db)
  if (!cache) blobs.set(db, (cache = new Map()))
  return remember(cache, hash, async () => {
    const row = await findCompiledByHash(db, hash)
    if (!row) return null
    return { ...infoOf(row), raw: Buffer.from(row.raw), gzip: Buffer.from(row.gzip), brotli: Buffer.from(row.brotli) }
  })
}

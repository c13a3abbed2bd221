import { setImmediate as turnOfTheLoop } from 'node:timers/promises'
import { NO_ZONE, SEAT_ACCESS_NAMES, SectorKind, type VenueData } from '../../engine/model'
import { venueWarning, type RecognitionReport, type VenueRules, type VenueWarning } from '../../engine/parse/index'
import { seatKeyId } from '../../engine/seatKeys'
import { StringTable } from '../../engine/strings/StringTable'
import type { Db } from '../db/connect'
import { recogniseInPool, runInPool } from './compile-pool'
import { compileDrawing } from './compiled'
import { insertDrawing, insertSeats, insertSector, insertStandingPlace, insertZone, venueExists, type SeatRow } from './drawing.repository'
import type { RecognisedDrawing } from './import-job'

/**
 * Colours of the price zones the import makes for standing areas, one per area in drawing order:
 * two floors priced apart must not look alike in the legend and on the map.
 */
export const STANDING_ZONE_COLORS = ['#2a9d8f', '#7b2cbf', '#e76f51', '#3a86ff', '#6a994e', '#bc4749']

/** Rows per INSERT: below SQLite's 32,766 bound values and PostgreSQL's 65,535 at 11 columns. */
const INSERT_CHUNK_ROWS = 1000

export interface ImportDrawingInput {
  venueId: number
  name: string
  svg: string
  rules?: VenueRules
  sourceFile?: string
}

export interface ImportDrawingResult {
  drawingId: number
  seats: number
  standingPlaces: number
  sectors: number
  zones: number
  /** Codes with their params (engine/parse/warnings.ts): worded in English by warningText, in the console's language by the studio. */
  warnings: VenueWarning[]
  parseMs: number
  /** How the seats were recognised (recognise/recogniser.ts): clusters, label sources, warnings. */
  report: RecognitionReport
}

const hex = (rgb: number) => `#${rgb.toString(16).padStart(6, '0')}`

/** Seats in seated sectors the drawing gave no name (they would sell as " · 10 · 7"). */
export function seatsInUnnamedSectors(sectors: readonly { name: string; kind: number; seatCount: number }[]): number {
  let n = 0
  for (const s of sectors) if (s.kind === SectorKind.Seated && s.name.trim() === '') n += s.seatCount
  return n
}

/**
 * The import report's warning for them. The studio renames sectors (a new map version), so the
 * warning says where; it is not stored with the drawing's own warnings, which a new version
 * copies: the studio counts unnamed sectors on the version it shows instead.
 */
export function unnamedSectorWarning(seats: number): VenueWarning {
  return venueWarning('unnamed-sectors', { count: seats })
}

/**
 * Imports a venue drawing the way an operator does (and the demo does): clean and recognise the
 * SVG with the engine's parser, then store the drawing text, its zones, sectors, every seat under
 * the parser's seat key and every standing area with its capacity. The map served later is this
 * drawing and the inventory is these rows, so the two always agree.
 *
 * A standing area gets the zone named like it when the drawing has one, otherwise a zone of its
 * own, so it can be priced. Runs in the caller's transaction when given one; otherwise opens one,
 * so a failed import leaves nothing behind. Parse errors (VenueParseError) and refused drawings
 * (DrawingRejectedError) propagate unchanged.
 *
 * Cost: the cleaning, recognition and encoding in a compile worker (seconds of CPU and ~1 GB at
 * 1M seats, off the event loop; it waits for a free worker), plus ceil(seats / 1000) inserts.
 */
export async function importVenueDrawing(db: Db, input: ImportDrawingInput): Promise<ImportDrawingResult> {
  return storeRecognisedDrawing(db, input, await recogniseForImport(input))
}

/**
 * The first half of an import: the drawing cleaned and recognised in a compile worker (the event
 * loop stays free meanwhile). Needs no database, so a caller can run it before its transaction.
 */
export function recogniseForImport(input: Pick<ImportDrawingInput, 'svg' | 'rules'>): Promise<RecognisedDrawing> {
  return runInPool((lane) => recogniseInPool(lane, input.svg, input.rules))
}

/** The second half of an import: stores what `recogniseForImport` answered for `input`. */
export async function storeRecognisedDrawing(db: Db, input: ImportDrawingInput, recognised: RecognisedDrawing): Promise<ImportDrawingResult> {
  const safe = { ...input, svg: recognised.svg }
  const withReport = async (trx: Db) => ({ ...(await store(trx, safe, recognised.venue)), report: recognised.report })
  if (db.isTransaction) return withReport(db)
  return db.transaction().execute((trx) => withReport(trx))
}

async function store(db: Db, input: ImportDrawingInput, data: VenueData): Promise<Omit<ImportDrawingResult, 'report'>> {
  if (!(await venueExists(db, input.venueId))) throw new Error(`venue ${input.venueId} does not exist`)
  // Decoded as the chunks need them, not all at once: at 1M seats the ~3M labels took the event
  // loop for most of a second in one go.
  const table = new StringTable(data.strings)
  const str = (i: number): string | undefined => (i < table.size ? table.get(i) : undefined)
  const { seats, sectors } = data
  let standingCount = 0
  for (let s = 0; s < sectors.count; s++) if (sectors.kind[s] === SectorKind.Standing) standingCount++

  const drawingId = await insertDrawing(db, {
    venue_id: input.venueId,
    name: input.name,
    svg: input.svg,
    view_box: data.viewBox.join(' '),
    rules_json: JSON.stringify(input.rules ?? {}),
    source_file: input.sourceFile ?? '',
    seat_count: seats.count,
    standing_count: standingCount,
    warnings_json: JSON.stringify(data.warnings),
    created_at: Date.now(),
  })

  // Zones, in the parser's order (seat.zone indexes into data.zones).
  const zoneIds: number[] = []
  const zoneByKey = new Map<string, number>()
  for (let i = 0; i < data.zones.length; i++) {
    const z = data.zones[i]
    const id = await insertZone(db, drawingId, z.id, z.name, hex(z.color), i)
    zoneIds.push(id)
    zoneByKey.set(z.id, id)
    zoneByKey.set(z.name, id)
  }

  const sectorIds: number[] = []
  const sectorRows: { name: string; kind: number; seatCount: number }[] = []
  for (let s = 0; s < sectors.count; s++) {
    const row = { name: str(sectors.name[s]) ?? '', kind: sectors.kind[s], seatCount: sectors.seatCount[s] }
    sectorRows.push(row)
    sectorIds.push(await insertSector(db, { drawing_id: drawingId, sector_index: s, name: row.name, kind: row.kind, seat_count: row.seatCount }))
  }
  // Leads the report (the CLI prints the first ten): until the studio names them, these seats sell with no sector.
  const unnamed = seatsInUnnamedSectors(sectorRows)
  const warnings = unnamed > 0 ? [unnamedSectorWarning(unnamed), ...data.warnings] : data.warnings

  for (let start = 0; start < seats.count; start += INSERT_CHUNK_ROWS) {
    const end = Math.min(seats.count, start + INSERT_CHUNK_ROWS)
    const rows: SeatRow[] = []
    for (let i = start; i < end; i++) {
      const zone = seats.zone[i]
      rows.push({
        drawing_id: drawingId,
        sector_id: sectorIds[seats.sector[i]],
        zone_id: zone === NO_ZONE ? null : zoneIds[zone],
        seat_key: table.get(seatKeyId(data, i)),
        row_label: str(seats.row[i]) ?? '',
        number_label: str(seats.number[i]) ?? '',
        x: seats.x[i],
        y: seats.y[i],
        // Seat types the drawing gives (accessible seating); a companion names its space by key.
        access_type: seats.access ? SEAT_ACCESS_NAMES[seats.access[i]] : null,
        companion_of: seats.companionOf && seats.companionOf[i] >= 0 ? table.get(seatKeyId(data, seats.companionOf[i])) : null,
      })
    }
    await insertSeats(db, rows)
    // better-sqlite3 answers synchronously, so awaiting its inserts never lets the event loop run:
    // without this turn a 1M-seat import on SQLite held it for every chunk in a row (seconds).
    // Cost: one turn per INSERT_CHUNK_ROWS seats (1,000 at 1M); PostgreSQL's answers yield anyway.
    await turnOfTheLoop()
  }

  let sortnum = data.zones.length
  let standingZones = 0
  for (let s = 0; s < sectors.count; s++) {
    if (sectors.kind[s] !== SectorKind.Standing) continue
    const name = str(sectors.name[s]) ?? `standing-${s}`
    let zoneId = zoneByKey.get(name)
    if (zoneId === undefined) {
      const color = STANDING_ZONE_COLORS[standingZones++ % STANDING_ZONE_COLORS.length]
      zoneId = await insertZone(db, drawingId, `standing:${name}`, name, color, sortnum++)
      zoneByKey.set(name, zoneId)
    }
    await insertStandingPlace(db, { drawing_id: drawingId, sector_id: sectorIds[s], zone_id: zoneId, place_key: name, name, capacity: sectors.capacity?.[s] ?? 0 })
  }

  const result = { drawingId, seats: seats.count, standingPlaces: standingCount, sectors: sectors.count, zones: sortnum, warnings, parseMs: data.parseMs }
  // The storefront's map: the drawing compiled once, in the order the seats were stored (by id),
  // in a compile worker (the venue's buffers move there: `data` is empty afterwards).
  await compileDrawing(db, drawingId, data, zoneIds)
  return result
}

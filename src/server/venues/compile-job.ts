import { createHash } from 'node:crypto'
import zlib from 'node:zlib'
import { encodeCompiledVenue } from '../../engine/compiled/encode'
import type { VenueData, VenueZone } from '../../engine/model'
import { recogniseVenue, type VenueRules } from '../../engine/parse/index'
import { VersionVenueBuilder, type VersionSeat, type VersionZone } from './version-venue'

/**
 * The CPU part of compiling a venue (issue 16): recognition of a stored drawing, the version's
 * rows laid over it (version-venue.ts), the encoding, its hash and both compressed forms. Pure:
 * no database, no event loop; compile.worker.ts runs it off the server's thread, fed by
 * compile-pool.ts, and compiled.ts stores what it answers.
 */

/** Hex digits of SHA-256 kept as the content hash (128 bits). */
export const CONTENT_HASH_DIGITS = 32
/**
 * Compressed forms are made once per drawing. Brotli 9, not 11: at 1M seats 11 takes ~40 s for
 * 15 % fewer bytes (0.19 vs 0.22 bytes per seat), 9 takes ~1.3 s.
 */
const BROTLI_QUALITY = 9
const GZIP_LEVEL = 9

/** A compiled venue's bytes as made, before it is stored. */
export interface CompiledBytes {
  hash: string
  seatCount: number
  raw: Uint8Array
  gzip: Uint8Array
  brotli: Uint8Array
}

/** What a stored version says besides its seats (version-venue.ts VersionRows, as plain data). */
export interface StoredVersionRows {
  zones: VersionZone[]
  sectorNames: [number, string][]
  capacities: [number, number][]
}

/** A page of a version's seats by id, one array per column (cheap to post between threads). */
export interface SeatPage {
  keys: string[]
  /** Zone id per seat, -1 for none. */
  zones: Int32Array
  rows: string[]
  numbers: string[]
}

export function seatPageOf(rows: readonly VersionSeat[]): SeatPage {
  return {
    keys: rows.map((r) => r.seat_key),
    zones: Int32Array.from(rows, (r) => r.zone_id ?? -1),
    rows: rows.map((r) => r.row_label),
    numbers: rows.map((r) => r.number_label),
  }
}

function seatsOf(page: SeatPage): VersionSeat[] {
  return page.keys.map((seat_key, i) => ({ seat_key, zone_id: page.zones[i] < 0 ? null : page.zones[i], row_label: page.rows[i], number_label: page.numbers[i] }))
}

export const GZIP_OPTIONS: zlib.ZlibOptions = { level: GZIP_LEVEL }
export const brotliOptions = (size: number): zlib.BrotliOptions => ({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size } })

/** Encodes a parsed venue whose zone i is stored as `zoneIds[i]`, and hashes it. */
export function encodeVenueBytes(venue: VenueData, zoneIds: readonly number[]): { hash: string; seatCount: number; raw: Uint8Array } {
  const zones: VenueZone[] = venue.zones.map((z, i) => ({ ...z, id: String(zoneIds[i]) }))
  const raw = encodeCompiledVenue({ ...venue, zones })
  const hash = createHash('sha256').update(raw).digest('hex').slice(0, CONTENT_HASH_DIGITS)
  return { hash, seatCount: venue.seats.count, raw }
}

/** Encodes, hashes and compresses on this thread (the compile worker's). */
export function compileVenueBytes(venue: VenueData, zoneIds: readonly number[]): CompiledBytes {
  const encoded = encodeVenueBytes(venue, zoneIds)
  return { ...encoded, gzip: zlib.gzipSync(encoded.raw, GZIP_OPTIONS), brotli: zlib.brotliCompressSync(encoded.raw, brotliOptions(encoded.raw.length)) }
}

/**
 * One stored version being compiled: recognised when made, its seats added page by page in id
 * order, finished into bytes. Throws UncompilableVersionError when a stored seat is not in the
 * drawing (at `add` or `finish`).
 */
export class StoredCompile {
  private readonly builder: VersionVenueBuilder

  constructor(svg: string, rulesJson: string, rows: StoredVersionRows) {
    const rules = JSON.parse(rulesJson || '{}') as VenueRules
    const { venue } = recogniseVenue(svg, { rules: Object.keys(rules).length > 0 ? rules : undefined })
    this.builder = new VersionVenueBuilder(venue, { zones: rows.zones, sectorNames: new Map(rows.sectorNames), capacities: new Map(rows.capacities) })
  }

  add(page: SeatPage): void {
    this.builder.add(seatsOf(page))
  }

  /** The version's venue and its zones' database ids (before encoding). */
  build(): { venue: VenueData; zoneIds: number[] } {
    return this.builder.finish()
  }

  finish(): CompiledBytes {
    const { venue, zoneIds } = this.build()
    return compileVenueBytes(venue, zoneIds)
  }
}

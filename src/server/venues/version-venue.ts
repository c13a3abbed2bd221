import { NO_ZONE, type VenueData, type VenueZone } from '../../engine/model'
import { seatKeyId, seatKeyIndex } from '../../engine/seatKeys'
import { StringTable, StringTableBuilder } from '../../engine/strings/StringTable'

/**
 * The venue a stored map version sells (issue 16 and 17): the drawing as recognised, brought to
 * what the database holds for that version. The map studio (admin/studio/edit.ts) edits the rows
 * of a version (seats' zones, row and number labels, deleted seats, sector names, standing
 * capacities), never its svg, so the recognised drawing alone is the version before its edits.
 *
 * Seats come in the version's seats-by-id order (the order of the status bytes, compiled-map.ts),
 * each matched to its recognised seat by seat key: geometry and sector from the drawing, zone and
 * labels from the database. A version's seats are the import's in the same order (a copy inserts
 * them by the source's id) minus the deleted ones, so matching walks both lists once and only
 * falls back to a key map when the orders disagree.
 *
 * For a drawing nothing edited this gives what the import compiled: the same seats, zones and
 * strings, so the same bytes and content hash.
 */

/** A version's seat row as the builder reads it (seats by id). */
export interface VersionSeat {
  seat_key: string
  zone_id: number | null
  row_label: string
  number_label: string
}

/** A version's zone row (all of the drawing's, in sortnum order). */
export interface VersionZone {
  id: number
  color: string
  name: string
}

/** What the database says of a version besides its seats. */
export interface VersionRows {
  /** The drawing's zones in sortnum order: the first ones are the recognised zones, in their order (import.ts). */
  zones: readonly VersionZone[]
  /** Sector names by sector index. */
  sectorNames: ReadonlyMap<number, string>
  /** Standing capacity by sector index. */
  capacities: ReadonlyMap<number, number>
}

/** The stored version cannot be drawn from its drawing (a seat the drawing does not have). */
export class UncompilableVersionError extends Error {}

const colorNumber = (hex: string) => {
  const n = Number.parseInt(hex.replace(/^#/, ''), 16)
  return Number.isFinite(n) ? n : 0
}

export class VersionVenueBuilder {
  private readonly old: StringTable
  private readonly strings = new StringTableBuilder()
  private lookup: Map<string, number> | null = null
  private readonly used: Uint8Array
  private cursor = 0
  private count = 0
  private pick: Uint32Array
  private zoneId: Int32Array
  private row: Uint32Array
  private number: Uint32Array

  constructor(
    private readonly venue: VenueData,
    private readonly rows: VersionRows,
  ) {
    this.old = new StringTable(venue.strings)
    const n = venue.seats.count
    this.used = new Uint8Array(n)
    this.pick = new Uint32Array(n)
    this.zoneId = new Int32Array(n)
    this.row = new Uint32Array(n)
    this.number = new Uint32Array(n)
  }

  /** Adds the next seats of the version, in id order. */
  add(seats: readonly VersionSeat[]): void {
    for (const s of seats) {
      const j = this.match(s.seat_key)
      if (this.used[j]) throw new UncompilableVersionError(`seat ${s.seat_key} is stored twice`)
      this.used[j] = 1
      const i = this.count++
      this.pick[i] = j
      this.zoneId[i] = s.zone_id ?? -1
      this.row[i] = this.strings.add(s.row_label)
      this.number[i] = this.strings.add(s.number_label)
    }
  }

  /** The recognised seat with `key`: the next one in order, else by the key map (built once). */
  private match(key: string): number {
    const n = this.venue.seats.count
    while (this.cursor < n && this.used[this.cursor]) this.cursor++
    if (this.cursor < n && this.old.get(seatKeyId(this.venue, this.cursor)) === key) return this.cursor++
    this.lookup ??= seatKeyIndex(this.venue, this.old)
    const j = this.lookup.get(key)
    if (j === undefined) throw new UncompilableVersionError(`seat ${key} is not in the drawing`)
    this.cursor = j + 1
    return j
  }

  /**
   * The venue and its zones' database ids (zone i of the venue is stored as zoneIds[i]): the
   * recognised zones first, then the version's other zones its seats are painted with (zones the
   * studio added, a standing area's), in sortnum order.
   */
  finish(): { venue: VenueData; zoneIds: number[] } {
    const { venue, rows } = this
    const n = this.count
    const recognisedZones = venue.zones.length
    const zones: VenueZone[] = venue.zones.slice()
    const zoneIds = rows.zones.slice(0, recognisedZones).map((z) => z.id)
    const painted = new Set<number>()
    for (let i = 0; i < n; i++) if (this.zoneId[i] >= 0) painted.add(this.zoneId[i])
    for (const z of rows.zones.slice(recognisedZones)) {
      if (!painted.has(z.id)) continue
      zones.push({ id: String(z.id), name: z.name, color: colorNumber(z.color) })
      zoneIds.push(z.id)
    }
    if (zones.length >= NO_ZONE) throw new UncompilableVersionError(`${zones.length} zones: more than a compiled venue holds`)
    const indexOf = new Map(zoneIds.map((id, i) => [id, i]))

    const src = venue.seats
    const pick = this.pick.subarray(0, n)
    const take = <T extends Float32Array | Uint8Array | Uint16Array>(a: T): T => {
      const out = new (a.constructor as new (n: number) => T)(n)
      for (let i = 0; i < n; i++) out[i] = a[pick[i]]
      return out
    }
    const key = new Uint32Array(n)
    const zone = new Uint16Array(n)
    for (let i = 0; i < n; i++) {
      key[i] = this.strings.add(this.old.get(seatKeyId(venue, pick[i])))
      zone[i] = this.zoneId[i] < 0 ? NO_ZONE : indexOf.get(this.zoneId[i]) ?? NO_ZONE
    }

    // Sector seat counts less the deleted seats (the drawing's own count otherwise).
    const sectors = venue.sectors
    const deleted = new Int32Array(sectors.count)
    for (let j = 0; j < src.count; j++) if (!this.used[j]) deleted[src.sector[j]]++
    const capacity = sectors.capacity ? sectors.capacity.slice() : new Uint32Array(sectors.count)
    for (const [s, c] of rows.capacities) if (s >= 0 && s < sectors.count) capacity[s] = c
    const name = new Uint32Array(sectors.count)
    for (let s = 0; s < sectors.count; s++) name[s] = this.strings.add(rows.sectorNames.get(s) ?? this.old.get(sectors.name[s]))
    const deco = venue.decorations
    const labelText = Uint32Array.from(deco.labelText, (t) => this.strings.add(this.old.get(t)))

    return {
      zoneIds,
      venue: {
        // seatIndex stays the drawing's: the encoder does not store it (the decoder builds its own).
        ...venue,
        zones,
        strings: this.strings.build(),
        seats: {
          count: n,
          x: take(src.x),
          y: take(src.y),
          w: take(src.w),
          h: take(src.h),
          rotation: take(src.rotation),
          shape: take(src.shape),
          sector: take(src.sector),
          row: this.row.slice(0, n),
          number: this.number.slice(0, n),
          key,
          zone,
          status: new Uint8Array(n),
          // Seat types are the database's too; the compiled answer lists them (compiled-map.ts).
        },
        sectors: { ...sectors, name, capacity, seatCount: Uint32Array.from(sectors.seatCount, (c, s) => Math.max(0, c - deleted[s])) },
        decorations: { ...deco, labelText },
      },
    }
  }
}

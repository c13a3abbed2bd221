/**
 * Collects seats, sectors and zones while the drawing streams by (decorations go to its
 * DecorationBuilder), then packs them into the typed arrays of model.ts, builds sector outlines
 * (the drawing's, else the band its seats sweep: geometry/envelope.ts) and both spatial indexes.
 * Memory while parsing: the growable arrays (≈ the final size, at most twice while doubling), the
 * string table as UTF-8 with its hash table (StringIds), and one bit per string marking those
 * already used as seat keys (duplicates get "~N").
 */
import { NO_ZONE, SectorKind, SeatStatus, type VenueData, type VenueZone } from '../model'
import { seatBandOutline } from '../geometry/envelope'
import { SeatIndex, rotatedHalfExtent } from '../spatial/SeatIndex'
import { StringTableBuilder } from '../strings/StringTable'
import { DecorationBuilder } from './DecorationBuilder'
import { simplifyDecorations } from './simplifyDecorations'
import { Growable } from './growable'
import { MAX_SECTORS, MAX_SEATS, MAX_WARNINGS, ParseErrorCode, VenueParseError } from './limits'
import { simplifyClosed } from '../geometry/simplify'
import { triangulateOutlines } from '../geometry/triangulate'
import { venueWarning, type VenueWarning } from './warnings'
import { venueRefusal } from './refusals'

/** Distinct row and seat labels kept in the label map (beyond it, labels go to the table's own map). */
const LABEL_CACHE_MAX = 4096
/** Plain numbers below this ("1" … "9999", most seat numbers) find their string id in an array. */
const NUMERIC_LABELS = 10_000
/**
 * Drawn sector outlines are simplified to this share of the venue's diagonal: ~1.5 px on a
 * 1280-px screen at the maximum zoom (24×), far below it when zoomed out, where the sector tier
 * draws them. Cuts the 1M-seat stadium's outline points (and their triangles) several-fold.
 */
const OUTLINE_TOLERANCE = 1 / 20_000
/** Warnings counted as one kind whatever their params (each seat or shape would be a line of its own). */
const GROUPED_WARNINGS: ReadonlySet<string> = new Set(['bad-decoration-coordinates', 'bad-transform', 'use-missing', 'standing-without-shape', 'seat-without-shape', 'bad-seat-coordinates', 'duplicate-seat-key'])
/** Zone colours when the metadata gives none (0xRRGGBB). */
export const ZONE_PALETTE = [0xe4572e, 0x29335c, 0xf3a712, 0x669bbc, 0x8cb369, 0x9c6644, 0xb56576, 0x4d908e]

export class VenueBuilder {
  readonly strings = new StringTableBuilder()
  /** The shapes that are not seats, and the text labels. */
  readonly decorations = new DecorationBuilder(this.strings, (warning) => this.warn(warning))
  private readonly x = new Growable(Float32Array)
  private readonly y = new Growable(Float32Array)
  private readonly w = new Growable(Float32Array)
  private readonly h = new Growable(Float32Array)
  private readonly rot = new Growable(Float32Array)
  private readonly shape = new Growable(Uint8Array)
  private readonly sector = new Growable(Uint16Array)
  private readonly row = new Growable(Uint32Array)
  private readonly number = new Growable(Uint32Array)
  private readonly key = new Growable(Uint32Array)
  private readonly zone = new Growable(Uint16Array)
  private readonly access = new Growable(Uint8Array)
  /** Whether any seat has a type (else the venue carries no access column). */
  private typed = false
  private companionOf: Int32Array | null = null
  private keyUsed = new Uint8Array(1024)
  private readonly duplicateKeys = new Map<string, number>()
  private readonly labelIds = new Map<string, number>()
  /** String id of the label "v" at [v] (0: not seen yet; the label "" is never numeric). */
  private readonly numericLabelIds = new Uint32Array(NUMERIC_LABELS)
  // The previous seat's row, sector and zone: consecutive seats nearly always share them.
  private lastRow = '' // id 0, the empty string's
  private lastRowId = 0
  private lastSector: string | null = null
  private lastSectorIndex = 0
  private lastZone: string | undefined = undefined
  private lastZoneIndex = NO_ZONE

  private readonly sectorIds = new Map<string, number>()
  private readonly sectorNames: string[] = []
  private readonly sectorKinds: number[] = []
  private readonly sectorCapacity: number[] = []
  private readonly sectorZone: number[] = []
  private readonly standingBoxes = new Map<number, [number, number, number, number]>()
  private readonly drawnOutlines = new Map<number, number[]>()

  readonly zones: VenueZone[] = []
  private readonly zoneIds = new Map<string, number>()

  private readonly warningList: VenueWarning[] = []
  /** The first warning of each kind (its code and params), which counts the rest as its `times`. */
  private readonly warningKinds = new Map<string, VenueWarning>()

  get seatCount(): number {
    return this.x.length
  }

  /**
   * Keeps the first warning of its kind and counts the rest. The kind is the code for the codes in
   * GROUPED_WARNINGS (one per drawing however many elements or keys it names), else the code with
   * its params (each distinct end tag, <use> target… once).
   */
  warn(warning: VenueWarning): void {
    const kind = GROUPED_WARNINGS.has(warning.code) ? warning.code : `${warning.code}\u0000${JSON.stringify(warning.params)}`
    const first = this.warningKinds.get(kind)
    if (first) {
      first.times = (first.times ?? 1) + 1
      return
    }
    this.warningKinds.set(kind, warning)
    if (this.warningList.length < MAX_WARNINGS) this.warningList.push(warning)
  }

  sectorIndex(name: string, kind: number = SectorKind.Seated): number {
    let index = this.sectorIds.get(name)
    if (index === undefined) {
      if (this.sectorNames.length >= MAX_SECTORS) throw new VenueParseError(ParseErrorCode.TooManySeats, venueRefusal('too-many-sectors', { max: MAX_SECTORS }))
      index = this.sectorNames.length
      this.sectorIds.set(name, index)
      this.sectorNames.push(name)
      this.sectorKinds.push(kind)
      this.sectorCapacity.push(0)
      this.sectorZone.push(NO_ZONE)
    }
    return index
  }

  zoneIndex(id: string | undefined): number {
    if (id === undefined) return NO_ZONE
    let index = this.zoneIds.get(id)
    if (index === undefined) {
      if (this.zones.length >= NO_ZONE) return NO_ZONE
      index = this.zones.length
      this.zoneIds.set(id, index)
      this.zones.push({ id, name: id, color: ZONE_PALETTE[index % ZONE_PALETTE.length] })
    }
    return index
  }

  /**
   * String id of a row or seat label through a small map of its own: labels repeat across the
   * venue ('12', 'A'), and looking them up in the string table's map, which also holds every seat
   * key (1M entries), was the parse's hottest line (a cache miss per lookup).
   */
  private labelId(text: string): number {
    const value = plainNumber(text)
    if (value >= 0) {
      let id = this.numericLabelIds[value]
      if (id === 0) id = this.numericLabelIds[value] = this.strings.add(text)
      return id
    }
    let id = this.labelIds.get(text)
    if (id === undefined) {
      id = this.strings.add(text)
      if (this.labelIds.size < LABEL_CACHE_MAX) this.labelIds.set(text, id)
    }
    return id
  }

  /**
   * Adds a seat. Fields are arguments, not an object: recognition adds up to a million seats
   * after the drawing is read, and an object per seat was a measurable share of its extra cost
   * over the rule parser (bench/README.md).
   */
  addSeat(x: number, y: number, w: number, h: number, rotation: number, shape: number, sector: string, row: string, number: string, zone: string | undefined, id: string | undefined, access = 0): void {
    if (this.x.length >= MAX_SEATS) throw new VenueParseError(ParseErrorCode.TooManySeats, venueRefusal('too-many-seats', { max: MAX_SEATS }))
    this.x.push(x)
    this.y.push(y)
    this.w.push(w)
    this.h.push(h)
    this.rot.push(rotation)
    this.shape.push(shape)
    if (sector !== this.lastSector) {
      this.lastSectorIndex = this.sectorIndex(sector)
      this.lastSector = sector
    }
    this.sector.push(this.lastSectorIndex)
    if (row !== this.lastRow) {
      this.lastRowId = this.labelId(row)
      this.lastRow = row
    }
    this.row.push(this.lastRowId)
    this.number.push(this.labelId(number))
    if (zone !== this.lastZone) {
      this.lastZoneIndex = this.zoneIndex(zone)
      this.lastZone = zone
    }
    this.zone.push(this.lastZoneIndex)
    this.access.push(access)
    if (access !== 0) this.typed = true
    // The key is sector|row|number unless the drawing names the seat; without labels, its index.
    const joined = id === undefined && (row !== '' || number !== '')
    let key = joined ? this.strings.addJoined(sector, row, number, '|') : this.strings.add(this.keyText(sector, row, number, id))
    // A bit per string id marks strings already used as a seat key: no second map of 1M keys.
    if (this.keyTaken(key)) {
      const text = this.keyText(sector, row, number, id)
      const seen = (this.duplicateKeys.get(text) ?? 1) + 1
      this.duplicateKeys.set(text, seen)
      this.warn(venueWarning('duplicate-seat-key', { key: text, renamed: `${text}~${seen}` }))
      key = this.strings.add(`${text}~${seen}`)
      this.keyTaken(key) // grows the bit set to cover the new id
    }
    this.keyUsed[key >> 3] |= 1 << (key & 7)
    this.key.push(key)
  }

  /** The seat's key as text: its id, else sector|row|number, else its index (the last seat added). */
  private keyText(sector: string, row: string, number: string, id: string | undefined): string {
    return id ?? (row || number ? `${sector}|${row}|${number}` : `s${this.x.length - 1}`)
  }

  /** Whether string `id` is already a seat's key (grows the bit set to cover `id`). */
  private keyTaken(id: number): boolean {
    if (id >= this.keyUsed.length * 8) {
      const next = new Uint8Array(Math.max(this.keyUsed.length * 2, (id >> 3) + 1))
      next.set(this.keyUsed)
      this.keyUsed = next
    }
    return (this.keyUsed[id >> 3] & (1 << (id & 7))) !== 0
  }

  /** The access columns when some seat has a type; none otherwise (plain drawings carry none). */
  private seatTypes(): { access?: Uint8Array; companionOf?: Int32Array } {
    if (!this.typed) return {}
    const count = this.x.length
    const companionOf = this.companionOf?.length === count ? this.companionOf : new Int32Array(count).fill(-1)
    return { access: this.access.finish(), companionOf }
  }

  /**
   * Links companion seats to their wheelchair spaces: `companionOf[i]` is seat i's space (a seat
   * index) or -1, for every seat added. Returns the number of links.
   */
  setCompanions(companionOf: Int32Array): number {
    let links = 0
    for (let i = 0; i < companionOf.length; i++) if (companionOf[i] >= 0) links++
    this.companionOf = links > 0 ? companionOf : null
    return links
  }

  addStanding(name: string, capacity: number, zone: string | undefined, box: [number, number, number, number], outline: number[]): void {
    const index = this.sectorIndex(name, SectorKind.Standing)
    this.sectorKinds[index] = SectorKind.Standing
    this.sectorCapacity[index] += capacity
    this.standingBoxes.set(index, box)
    if (outline.length >= 6) this.drawnOutlines.set(index, outline)
    this.sectorZone[index] = this.zoneIndex(zone)
  }

  addOutline(sectorName: string, points: number[]): void {
    if (points.length >= 6) this.drawnOutlines.set(this.sectorIndex(sectorName), points)
  }

  /** @param extent the venue's box so far (sectors and decorations), the scale outline detail is judged at */
  /** @param boxes seat centres and their rotated boxes' half extents (finish's) */
  private sectorOutlines(count: number, sector: Uint16Array, boxes: { x: Float32Array; y: Float32Array; hx: Float64Array; hy: Float64Array }, bbox: Float32Array, extent: readonly number[]) {
    const n = sector.length
    // Seats grouped by sector (a counting sort): 4 bytes a seat while outlining.
    const first = new Uint32Array(count + 1)
    for (let i = 0; i < n; i++) first[sector[i] + 1]++
    for (let s = 0; s < count; s++) first[s + 1] += first[s]
    const members = new Uint32Array(n)
    const fill = first.slice(0, count)
    for (let i = 0; i < n; i++) members[fill[sector[i]]++] = i
    const starts = new Uint32Array(count)
    const lengths = new Uint32Array(count)
    const points: number[] = []
    // Drawn outlines lose detail nobody sees: OUTLINE_TOLERANCE of the venue's size.
    const tolerance = extent[0] <= extent[2] ? Math.hypot(extent[2] - extent[0], extent[3] - extent[1]) * OUTLINE_TOLERANCE : 0
    for (let s = 0; s < count; s++) {
      let poly = this.drawnOutlines.get(s)
      if (poly) poly = simplifyClosed(poly, tolerance)
      else poly = simplifyClosed(seatBandOutline(boxes, members, first[s], first[s + 1], bbox.subarray(4 * s, 4 * s + 4)), tolerance)
      starts[s] = points.length / 2
      lengths[s] = poly.length / 2
      for (const v of poly) points.push(v)
    }
    const outlinePoints = new Float32Array(points)
    return { outlineStart: starts, outlineLength: lengths, outlinePoints, ...triangulateOutlines(outlinePoints, starts, lengths) }
  }

  finish(viewBox: [number, number, number, number] | null, startedAt: number): VenueData {
    const decorations = this.decorations.finish()
    const seats = {
      count: this.x.length,
      x: this.x.finish(), y: this.y.finish(), w: this.w.finish(), h: this.h.finish(),
      rotation: this.rot.finish(), shape: this.shape.finish(), sector: this.sector.finish(),
      row: this.row.finish(), number: this.number.finish(), key: this.key.finish(), zone: this.zone.finish(),
      status: new Uint8Array(this.x.length).fill(SeatStatus.Free),
      ...this.seatTypes(),
    }
    if (this.sectorNames.length === 0 && seats.count > 0) this.sectorIndex('')
    const count = this.sectorNames.length
    const bbox = new Float32Array(count * 4)
    for (let s = 0; s < count; s++) bbox.set([Infinity, Infinity, -Infinity, -Infinity], s * 4)
    const seatCount = new Uint32Array(count)
    const all = [Infinity, Infinity, -Infinity, -Infinity]
    const grow = (b: Float32Array | number[], o: number, x0: number, y0: number, x1: number, y1: number) => {
      if (x0 < b[o]) b[o] = x0
      if (y0 < b[o + 1]) b[o + 1] = y0
      if (x1 > b[o + 2]) b[o + 2] = x1
      if (y1 > b[o + 3]) b[o + 3] = y1
    }
    // Each seat's rotated box, worked out once for the sector boxes, the outlines and the seat index: 16 bytes
    // a seat while finishing (doubles, as buildFromSeats works them out: the index comes out the same).
    const hx = new Float64Array(seats.count)
    const hy = new Float64Array(seats.count)
    for (let i = 0; i < seats.count; i++) {
      ;[hx[i], hy[i]] = rotatedHalfExtent(seats.w[i], seats.h[i], seats.rotation[i])
      const s = seats.sector[i]
      seatCount[s]++
      grow(bbox, s * 4, seats.x[i] - hx[i], seats.y[i] - hy[i], seats.x[i] + hx[i], seats.y[i] + hy[i])
    }
    const boxes = { x: seats.x, y: seats.y, hx, hy }
    for (const [s, b] of this.standingBoxes) grow(bbox, s * 4, b[0], b[1], b[2], b[3])
    for (const [s, poly] of this.drawnOutlines)
      for (let k = 0; k < poly.length; k += 2) grow(bbox, s * 4, poly[k], poly[k + 1], poly[k], poly[k + 1])
    for (let s = 0; s < count; s++) {
      if (bbox[s * 4] > bbox[s * 4 + 2]) bbox.fill(0, s * 4, s * 4 + 4)
      else grow(all, 0, bbox[s * 4], bbox[s * 4 + 1], bbox[s * 4 + 2], bbox[s * 4 + 3])
    }
    const decoPoints = decorations.points
    for (let k = 0; k < decoPoints.length; k += 2) grow(all, 0, decoPoints[k], decoPoints[k + 1], decoPoints[k], decoPoints[k + 1])
    const outlines = this.sectorOutlines(count, seats.sector, boxes, bbox, all)
    const names = new Uint32Array(count)
    this.sectorNames.forEach((name, s) => (names[s] = this.strings.add(name)))
    const sectors = {
      count,
      name: names,
      kind: Uint8Array.from(this.sectorKinds),
      bbox,
      seatCount,
      capacity: Uint32Array.from(this.sectorCapacity),
      zone: Uint16Array.from(this.sectorZone),
      ...outlines,
    }
    for (let k = 0; k < decorations.labelCount; k++)
      grow(all, 0, decorations.labelX[k], decorations.labelY[k], decorations.labelX[k], decorations.labelY[k])
    const box: [number, number, number, number] = all[0] <= all[2] ? [all[0], all[1], all[2], all[3]] : [0, 0, 0, 0]
    const venue: VenueData = {
      viewBox: viewBox ?? [box[0], box[1], box[2] - box[0], box[3] - box[1]],
      bbox: box,
      seats,
      sectors,
      // The box above counts every drawn point, so simplifying after it loses none of the extent.
      decorations: simplifyDecorations(decorations, box),
      strings: this.strings.build(),
      zones: this.zones,
      seatIndex: SeatIndex.buildFromCentres(seats.x, seats.y, hx, hy),
      warnings: this.warningList,
      parseMs: 0,
    }
    venue.parseMs = performance.now() - startedAt
    return venue
  }
}

/** The value of a label written as a plain number below NUMERIC_LABELS without leading zeros ("7", "120"), else -1. */
function plainNumber(text: string): number {
  const n = text.length
  if (n === 0 || n > 4) return -1
  let value = 0
  for (let i = 0; i < n; i++) {
    const d = text.charCodeAt(i) - 48
    if (d < 0 || d > 9 || (d === 0 && i === 0)) return -1
    value = value * 10 + d
  }
  return value
}

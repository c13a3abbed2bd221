/**
 * Collects seats, sectors, zones and decorations while the drawing streams by, then packs them
 * into the typed arrays of model.ts, builds sector outlines (the drawing's, else a hull of the
 * seats) and both spatial indexes. Memory while parsing: the growable arrays (≈ the final size,
 * at most twice while doubling), the string table as UTF-8 with its hash table (StringIds), and
 * one bit per string marking those already used as seat keys (duplicates get "~N").
 */
import { NO_ZONE, SectorKind, SeatStatus, type VenueData, type VenueZone } from '../../src/engine/model'
import { convexHull } from './hull'
import { SeatIndex, rotatedHalfExtent } from '../../src/engine/spatial/SeatIndex'
import { StringTableBuilder } from '../../src/engine/strings/StringTable'
import { Growable } from './growable'
import { MAX_COORDINATE, MAX_DECORATION_POINTS, MAX_SECTORS, MAX_SEATS, MAX_WARNINGS, ParseErrorCode, VenueParseError } from './limits'
import { simplifyClosed } from '../../src/engine/geometry/simplify'
import { triangulateOutlines } from '../../src/engine/geometry/triangulate'
import { venueWarning } from '../../src/engine/parse/warnings'

/** Columns per sector when reducing seat corners to hull candidates (hull error ≤ 1/128 of the sector width). */
const HULL_COLUMNS = 128
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
/** Zone colours when the metadata gives none (0xRRGGBB). */
export const ZONE_PALETTE = [0xe4572e, 0x29335c, 0xf3a712, 0x669bbc, 0x8cb369, 0x9c6644, 0xb56576, 0x4d908e]

export interface SeatInput {
  x: number
  y: number
  w: number
  h: number
  rotation: number
  shape: number
  sector: string
  row: string
  number: string
  zone: string | undefined
  id: string | undefined
}

export class VenueBuilder {
  readonly strings = new StringTableBuilder()
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

  private readonly decoStart = new Growable(Uint32Array)
  private readonly decoLength = new Growable(Uint32Array)
  private readonly decoPoints = new Growable(Float32Array, 4096)
  private readonly decoFill = new Growable(Uint32Array)
  private readonly decoStroke = new Growable(Uint32Array)
  private readonly decoStrokeWidth = new Growable(Float32Array)
  private readonly decoClosed = new Growable(Uint8Array)
  private readonly labelX = new Growable(Float32Array)
  private readonly labelY = new Growable(Float32Array)
  private readonly labelSize = new Growable(Float32Array)
  private readonly labelText = new Growable(Uint32Array)
  private droppedDecorations = 0

  private readonly warningList: string[] = []
  private warningCount = 0
  private readonly warningKinds = new Map<string, number>()

  get seatCount(): number {
    return this.x.length
  }

  warn(message: string, kind = message): void {
    const seen = this.warningKinds.get(kind) ?? 0
    this.warningKinds.set(kind, seen + 1)
    if (seen > 0) return
    this.warningCount++
    if (this.warningList.length < MAX_WARNINGS) this.warningList.push(message)
  }

  sectorIndex(name: string, kind: number = SectorKind.Seated): number {
    let index = this.sectorIds.get(name)
    if (index === undefined) {
      if (this.sectorNames.length >= MAX_SECTORS) throw new VenueParseError(ParseErrorCode.TooManySeats, `more than ${MAX_SECTORS} sectors`)
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

  addSeat(s: SeatInput): void {
    if (this.x.length >= MAX_SEATS) throw new VenueParseError(ParseErrorCode.TooManySeats, `more than ${MAX_SEATS} seats`)
    this.x.push(s.x)
    this.y.push(s.y)
    this.w.push(s.w)
    this.h.push(s.h)
    this.rot.push(s.rotation)
    this.shape.push(s.shape)
    if (s.sector !== this.lastSector) {
      this.lastSectorIndex = this.sectorIndex(s.sector)
      this.lastSector = s.sector
    }
    this.sector.push(this.lastSectorIndex)
    if (s.row !== this.lastRow) {
      this.lastRowId = this.labelId(s.row)
      this.lastRow = s.row
    }
    this.row.push(this.lastRowId)
    this.number.push(this.labelId(s.number))
    if (s.zone !== this.lastZone) {
      this.lastZoneIndex = this.zoneIndex(s.zone)
      this.lastZone = s.zone
    }
    this.zone.push(this.lastZoneIndex)
    // The key is sector|row|number unless the drawing names the seat; without labels, its index.
    const joined = s.id === undefined && (s.row !== '' || s.number !== '')
    let id = joined ? this.strings.addJoined(s.sector, s.row, s.number, '|') : this.strings.add(this.keyText(s))
    // A bit per string id marks strings already used as a seat key: no second map of 1M keys.
    if (this.keyTaken(id)) {
      const key = this.keyText(s)
      const seen = (this.duplicateKeys.get(key) ?? 1) + 1
      this.duplicateKeys.set(key, seen)
      this.warn(`duplicate seat key "${key}" (renamed "${key}~${seen}")`, 'duplicate seat keys renamed with ~N')
      id = this.strings.add(`${key}~${seen}`)
      this.keyTaken(id) // grows the bit set to cover the new id
    }
    this.keyUsed[id >> 3] |= 1 << (id & 7)
    this.key.push(id)
  }

  /** The seat's key as text: its id, else sector|row|number, else its index (the last seat added). */
  private keyText(s: SeatInput): string {
    return s.id ?? (s.row || s.number ? `${s.sector}|${s.row}|${s.number}` : `s${this.x.length - 1}`)
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

  addDecoration(points: ArrayLike<number>, closed: boolean, fill: number, stroke: number, strokeWidth: number): void {
    if (points.length < 4) return
    for (let i = 0; i < points.length; i++) {
      if (!(Math.abs(points[i]) <= MAX_COORDINATE)) {
        this.warn('shape with unusable coordinates skipped', 'bad-decoration-coordinates')
        return
      }
    }
    if (this.decoPoints.length + points.length > MAX_DECORATION_POINTS * 2) {
      this.droppedDecorations++
      return
    }
    this.decoStart.push(this.decoPoints.length / 2)
    this.decoLength.push(points.length / 2)
    for (let i = 0; i < points.length; i++) this.decoPoints.push(points[i])
    this.decoFill.push(fill)
    this.decoStroke.push(stroke)
    this.decoStrokeWidth.push(strokeWidth)
    this.decoClosed.push(closed ? 1 : 0)
  }

  addLabel(x: number, y: number, size: number, text: string): void {
    const t = text.trim()
    if (!t || !(Math.abs(x) <= MAX_COORDINATE && Math.abs(y) <= MAX_COORDINATE)) return
    this.labelX.push(x)
    this.labelY.push(y)
    this.labelSize.push(size)
    this.labelText.push(this.strings.add(t))
  }

  /** @param extent the venue's box so far (sectors and decorations), the scale outline detail is judged at */
  private sectorOutlines(count: number, seats: { x: Float32Array; y: Float32Array; w: Float32Array; h: Float32Array; rotation: Float32Array; sector: Uint16Array }, bbox: Float32Array, extent: readonly number[]) {
    const n = seats.x.length
    // Per sector and column: the topmost and bottommost seat corner (x, y).
    const top = new Float32Array(count * HULL_COLUMNS * 2).fill(NaN)
    const bottom = new Float32Array(count * HULL_COLUMNS * 2).fill(NaN)
    const consider = (s: number, px: number, py: number) => {
      const width = bbox[4 * s + 2] - bbox[4 * s]
      const col = width > 0 ? Math.min(HULL_COLUMNS - 1, Math.floor(((px - bbox[4 * s]) / width) * HULL_COLUMNS)) : 0
      const o = (s * HULL_COLUMNS + col) * 2
      if (!(top[o + 1] <= py)) {
        top[o] = px
        top[o + 1] = py
      }
      if (!(bottom[o + 1] >= py)) {
        bottom[o] = px
        bottom[o + 1] = py
      }
    }
    for (let i = 0; i < n; i++) {
      const [hx, hy] = rotatedHalfExtent(seats.w[i], seats.h[i], seats.rotation[i])
      const s = seats.sector[i]
      consider(s, seats.x[i] - hx, seats.y[i] - hy)
      consider(s, seats.x[i] + hx, seats.y[i] - hy)
      consider(s, seats.x[i] - hx, seats.y[i] + hy)
      consider(s, seats.x[i] + hx, seats.y[i] + hy)
    }
    const starts = new Uint32Array(count)
    const lengths = new Uint32Array(count)
    const points: number[] = []
    // Drawn outlines lose detail nobody sees: OUTLINE_TOLERANCE of the venue's size.
    const tolerance = extent[0] <= extent[2] ? Math.hypot(extent[2] - extent[0], extent[3] - extent[1]) * OUTLINE_TOLERANCE : 0
    for (let s = 0; s < count; s++) {
      let poly = this.drawnOutlines.get(s)
      if (poly) poly = simplifyClosed(poly, tolerance)
      else {
        const candidates: number[] = []
        for (let c = 0; c < HULL_COLUMNS; c++) {
          const o = (s * HULL_COLUMNS + c) * 2
          if (!Number.isNaN(top[o])) candidates.push(top[o], top[o + 1], bottom[o], bottom[o + 1])
        }
        poly = candidates.length >= 6 ? convexHull(candidates) : []
      }
      starts[s] = points.length / 2
      lengths[s] = poly.length / 2
      for (const v of poly) points.push(v)
    }
    const outlinePoints = new Float32Array(points)
    return { outlineStart: starts, outlineLength: lengths, outlinePoints, ...triangulateOutlines(outlinePoints, starts, lengths) }
  }

  finish(viewBox: [number, number, number, number] | null, startedAt: number): VenueData {
    if (this.droppedDecorations > 0) this.warn(`${this.droppedDecorations} decoration shapes dropped (over ${MAX_DECORATION_POINTS} points)`)
    for (const [kind, count] of this.warningKinds) {
      if (count > 1 && this.warningList.length < MAX_WARNINGS) this.warningList.push(`(${count} times) ${kind}`)
    }
    const seats = {
      count: this.x.length,
      x: this.x.finish(), y: this.y.finish(), w: this.w.finish(), h: this.h.finish(),
      rotation: this.rot.finish(), shape: this.shape.finish(), sector: this.sector.finish(),
      row: this.row.finish(), number: this.number.finish(), key: this.key.finish(), zone: this.zone.finish(),
      status: new Uint8Array(this.x.length).fill(SeatStatus.Free),
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
    for (let i = 0; i < seats.count; i++) {
      const [hx, hy] = rotatedHalfExtent(seats.w[i], seats.h[i], seats.rotation[i])
      const s = seats.sector[i]
      seatCount[s]++
      grow(bbox, s * 4, seats.x[i] - hx, seats.y[i] - hy, seats.x[i] + hx, seats.y[i] + hy)
    }
    for (const [s, b] of this.standingBoxes) grow(bbox, s * 4, b[0], b[1], b[2], b[3])
    for (const [s, poly] of this.drawnOutlines)
      for (let k = 0; k < poly.length; k += 2) grow(bbox, s * 4, poly[k], poly[k + 1], poly[k], poly[k + 1])
    for (let s = 0; s < count; s++) {
      if (bbox[s * 4] > bbox[s * 4 + 2]) bbox.fill(0, s * 4, s * 4 + 4)
      else grow(all, 0, bbox[s * 4], bbox[s * 4 + 1], bbox[s * 4 + 2], bbox[s * 4 + 3])
    }
    const decoPoints = this.decoPoints.finish()
    for (let k = 0; k < decoPoints.length; k += 2) grow(all, 0, decoPoints[k], decoPoints[k + 1], decoPoints[k], decoPoints[k + 1])
    const outlines = this.sectorOutlines(count, seats, bbox, all)
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
    const decorations = {
      count: this.decoStart.length,
      start: this.decoStart.finish(), length: this.decoLength.finish(), points: decoPoints,
      fill: this.decoFill.finish(), stroke: this.decoStroke.finish(), strokeWidth: this.decoStrokeWidth.finish(),
      closed: this.decoClosed.finish(),
      labelCount: this.labelX.length,
      labelX: this.labelX.finish(), labelY: this.labelY.finish(), labelSize: this.labelSize.finish(), labelText: this.labelText.finish(),
    }
    for (let k = 0; k < decorations.labelCount; k++)
      grow(all, 0, decorations.labelX[k], decorations.labelY[k], decorations.labelX[k], decorations.labelY[k])
    const box: [number, number, number, number] = all[0] <= all[2] ? [all[0], all[1], all[2], all[3]] : [0, 0, 0, 0]
    const venue: VenueData = {
      viewBox: viewBox ?? [box[0], box[1], box[2] - box[0], box[3] - box[1]],
      bbox: box,
      seats,
      sectors,
      decorations,
      strings: this.strings.build(),
      zones: this.zones,
      seatIndex: SeatIndex.buildFromSeats(seats),
      // The baseline keeps its English sentences; the model's warnings are codes now (a sentence is code 'text').
      warnings: this.warningList.map((text) => venueWarning('text', { text })),
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

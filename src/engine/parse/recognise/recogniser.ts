/**
 * General seat recognition, driven by the parser (parseVenue) while it streams the drawing:
 * `shape` for each visible closed shape, `text` for each visible <text>, `close` for each element
 * closing (its labels go to the seats inside it; a group of a few overlapping shapes becomes one
 * seat), then `finish` decides which shapes are seats (classify.ts), gives seats the numbers
 * drawn on them, infers what is still missing (rows.ts) and adds the seats to the builder in
 * document order. Everything it decided is summed up in a RecognitionReport.
 */
import { SEAT_ACCESS_NAMES, SeatShape } from '../../model'
import { MAX_COORDINATE } from '../limits'
import { decompose, applyX, applyY, type Matrix } from '../../geometry/matrix'
import type { ShapeGeometry } from '../shapes'
import type { ElementInfo } from '../rules'
import type { VenueBuilder } from '../VenueBuilder'
import { venueWarning, type VenueWarning } from '../warnings'
import { Candidates, Kind, RETAIN_PER_SIGNATURE, type RetainedShape, type ShapeStyle } from './candidates'
import { classify, MIN_REPEAT, type ClusterReport } from './classify'
import { attributeLabels, cleanLabel, parseId, parseIdNumberFirst, type LabelSource } from './labels'
import { PointGrid } from './grid'
import { inferLabels, rowAgreement } from './rows'
import { accessOfAttributes } from './access'
import { emptyAccessCounts, linkCompanions, typesFromShapesOnSeats, type AccessCounts } from './companions'

/** A number drawn beside a seat belongs to it when nearer than this many seat sizes. */
const TEXT_REACH = 0.9
/** Text content read as a seat number: digits, maybe a letter ("12", "12A"). */
const NUMBER_TEXT = /^\d{1,4}[A-Za-zА-Яа-я]?$/
/** A text naming the stage (rows are numbered from it when the drawing has no row labels). */
const STAGE_TEXT = /^\s*(stage|scene|scène|сцена|сцена|bühne|buehne|escenario|palco|scena|sahne|scène|სცენა|тайз)\s*$/iu
/** Share of id-labelled seats whose label repeats at which ids count as unreliable. */
const UNRELIABLE_ID_SHARE = 0.05
/** Share of id-labelled seats whose row must match their geometric row's for ids to be trusted. */
const MIN_ROW_AGREEMENT = 0.8
/** Average glyph advance as a share of the font size, to find a left-anchored number's centre. */
const GLYPH_ADVANCE = 0.55

export type LabelCounts = Record<LabelSource | 'none', number>

/** The label sources a report counts, in the order of its typed counters. */
const COUNTED: readonly (LabelSource | 'none')[] = ['attribute', 'json', 'description', 'id', 'layer', 'text', 'inferred', 'none']
const ATTRIBUTE = COUNTED.indexOf('attribute')
const TEXT = COUNTED.indexOf('text')
const INFERRED = COUNTED.indexOf('inferred')
const NONE = COUNTED.indexOf('none')

export interface RecognitionReport {
  /** "recognition" (general, no rules) or "rules" (a rule set given as an override). */
  method: 'recognition' | 'rules'
  seats: number
  rows: number
  sectors: number
  standing: number
  clusters: ClusterReport[]
  /** Where rows, numbers and sectors came from, in seats. */
  labels: { row: LabelCounts; number: LabelCounts; sector: LabelCounts }
  duplicatesDropped: number
  /** Shapes inside larger seat shapes (outlined numbers, cushions), not counted as seats. */
  partsMerged: number
  /** Seats drawn as a group of several shapes. */
  compoundSeats: number
  hiddenSkipped: number
  /** Seats per type the markup gives (accessible seating), and companions linked to a space. */
  access: AccessCounts
  warnings: VenueWarning[]
}

function emptyCounts(): LabelCounts {
  return { attribute: 0, json: 0, description: 0, id: 0, layer: 0, text: 0, inferred: 0, none: 0 }
}

export class Recogniser {
  readonly candidates = new Candidates()
  private readonly tx: number[] = []
  private readonly ty: number[] = []
  private readonly tsize: number[] = []
  private readonly tvalue: string[] = []
  /** The builder's label index of each number text (-1: not kept as a label). */
  private readonly tlabel: number[] = []
  private stage: [number, number] | null = null
  private lastShapeAttrs: readonly string[] | null = null
  private lastShapeAccess = 0
  private compounds = 0

  /** A visible closed shape; false when it cannot be a seat (the parser draws it). */
  shape(el: ElementInfo, g: ShapeGeometry, matrix: Matrix, style: ShapeStyle): boolean {
    const { rotation, sx, sy } = decompose(matrix)
    const [x0, y0, x1, y1] = g.box
    const cx = (x0 + x1) / 2
    const cy = (y0 + y1) / 2
    const w = (x1 - x0) * sx
    const h = (y1 - y0) * sy
    // Zero-area shapes (straight paths, lines drawn as rects of no height) are never seats.
    if (!(w > 0 && h > 0)) return false
    const x = applyX(matrix, cx, cy)
    const y = applyY(matrix, cx, cy)
    // Shapes at or of unusable sizes are no seats (the decoration pass skips them too).
    if (!(Math.abs(x) <= MAX_COORDINATE && Math.abs(y) <= MAX_COORDINATE && w <= MAX_COORDINATE && h <= MAX_COORDINATE && Number.isFinite(rotation))) return false
    const kind = g.kind === SeatShape.Circle ? Kind.Round : g.kind === SeatShape.Rect ? Kind.Rect : Kind.Path
    // A <use> replays its symbol's shapes with the same attribute lists each time: read them once.
    if (el.attrs !== this.lastShapeAttrs) {
      this.lastShapeAttrs = el.attrs
      this.lastShapeAccess = accessOfAttributes(el.attrs)
    }
    this.candidates.add(x, y, w, h, rotation, g.kind, kind, attributeLabels(el, false), el.id, el, matrix, style, this.lastShapeAccess)
    return true
  }

  /** An element closes; `start`: the candidate count when it opened. */
  close(el: ElementInfo, start: number): void {
    const c = this.candidates
    if (c.length === start) return
    if (c.length - start > 1 && (el.tag === 'g' || el.tag === 'a' || el.tag === 'use') && c.mergeTail(start)) this.compounds++
    const single = c.length - start === 1
    if (single && el.id !== undefined) c.unitId.set(start, el.id)
    // A shape's own attributes were read when it was added (shape()).
    const ownShape = single && c.length - 1 === start && el.tag !== 'g' && el.tag !== 'a' && el.tag !== 'use' && el.tag !== 'svg'
    const labels = ownShape ? null : attributeLabels(el, !single)
    if (labels) c.fillLabels(start, c.length, labels)
    // A group's or <use>'s type (class, data-*, the symbol it replays) goes to the seats in it.
    if (!ownShape) {
      const access = accessOfAttributes(el.attrs)
      if (access !== 0) c.fillAccess(start, c.length, access)
    }
    if (!single && el.id !== undefined) {
      // A group's id may name a row ("Row_E", "row12"): a guess, used after attributes and the
      // seat's own id (finish), nearest group first.
      const fromId = parseId(el.id, false)
      if (fromId) {
        for (let i = start; i < c.length; i++) {
          if (fromId.row !== undefined) this.groupRow[i] ??= fromId.row
          if (fromId.sector !== undefined) this.groupSector[i] ??= fromId.sector
        }
      }
    }
  }

  /** A <text>; `label` is its index among the builder's labels (-1 when it was not kept). */
  text(matrix: Matrix, x: number, y: number, fontSize: number, anchor: string | undefined, content: string, label = -1): void {
    const t = content.trim()
    if (NUMBER_TEXT.test(t)) {
      // The anchor is the start of the baseline unless text-anchor says otherwise: move to the centre.
      const width = t.length * GLYPH_ADVANCE * fontSize
      const dx = anchor === 'middle' ? 0 : anchor === 'end' ? -width / 2 : width / 2
      const lx = x + dx
      const ly = y - fontSize * 0.35
      this.tx.push(applyX(matrix, lx, ly))
      this.ty.push(applyY(matrix, lx, ly))
      this.tsize.push(fontSize * decompose(matrix).sx)
      this.tvalue.push(cleanLabel(t) ?? t)
      this.tlabel.push(label)
    } else if (this.stage === null && STAGE_TEXT.test(t)) this.stage = [applyX(matrix, x, y), applyY(matrix, x, y)]
  }

  finish(builder: VenueBuilder, extent: number, emitDecoration: (r: RetainedShape) => void, hiddenSkipped: number): RecognitionReport {
    const c = this.candidates
    const fromId = this.readIds()
    const result = classify(c, extent)
    const seats: number[] = []
    let notDrawn = 0
    for (let i = 0; i < c.length; i++) {
      if (result.seat[i] === 1) seats.push(i)
      else if (result.seat[i] === 0) {
        if (c.isRetained(i)) for (const one of c.retainedShapes(i)) emitDecoration(one)
        else notDrawn++
      }
    }
    const warnings: VenueWarning[] = []
    const report: RecognitionReport = {
      method: 'recognition', seats: 0, rows: 0, sectors: 0, standing: 0, clusters: result.clusters,
      labels: { row: emptyCounts(), number: emptyCounts(), sector: emptyCounts() },
      duplicatesDropped: result.duplicates, partsMerged: result.parts, compoundSeats: 0, hiddenSkipped, access: emptyAccessCounts(), warnings,
    }
    if (seats.length === 0) {
      warnings.push(c.length === 0
        ? venueWarning('no-shapes', {})
        : venueWarning('no-repeated-shapes', { min: MIN_REPEAT, largest: Math.max(0, ...result.clusters.map((k) => k.shapes)) }))
      return report
    }
    const unreliable = this.checkIds(seats, fromId)
    if (unreliable > 0) warnings.push(venueWarning('ids-unreliable', { count: unreliable }))
    const textNumbers = this.assignTexts(seats)
    builder.decorations.dropLabels(this.seatNumberTexts(seats))
    const flags = { row: new Uint8Array(c.length), number: new Uint8Array(c.length), sector: new Uint8Array(c.length) }
    const inferred = inferLabels(c, seats, this.stage, flags)
    const typedFromShapes = typesFromShapesOnSeats(c, seats, result.seat)
    const companionOf = linkCompanions(c, seats, (i) => c.row.get(i))
    // Label sources are counted per seat into typed counters (a keyed property write per seat and
    // label costs more), and seats go to the builder field by field (no object per seat).
    const rowCounts = new Uint32Array(COUNTED.length)
    const numberCounts = new Uint32Array(COUNTED.length)
    const sectorCounts = new Uint32Array(COUNTED.length)
    let lastSource: LabelSource | undefined
    let lastSourceIndex = ATTRIBUTE
    for (const i of seats) {
      const source = c.source.get(i)
      if (source !== lastSource) {
        lastSource = source
        lastSourceIndex = source === undefined ? ATTRIBUTE : COUNTED.indexOf(source)
      }
      const row = c.row.get(i)
      const number = c.number.get(i)
      const sector = c.sector.get(i)
      rowCounts[flags.row[i] ? INFERRED : row === undefined ? NONE : lastSourceIndex]++
      numberCounts[flags.number[i] ? INFERRED : textNumbers[i] ? TEXT : number === undefined ? NONE : lastSourceIndex]++
      sectorCounts[flags.sector[i] ? INFERRED : sector === undefined ? NONE : ATTRIBUTE]++
      const compound = c.kind[i] === Kind.Compound
      if (compound) report.compoundSeats++
      builder.addSeat(c.x[i], c.y[i], c.w[i], c.h[i], c.rot[i], compound ? SeatShape.Path : c.shape[i], sector ?? '', row ?? '', number ?? '', c.zone.get(i), c.unitId.get(i), c.access[i])
      const type = SEAT_ACCESS_NAMES[c.access[i]]
      if (type) report.access[type]++
    }
    report.access.companionsLinked = builder.setCompanions(companionOf)
    for (let k = 0; k < COUNTED.length; k++) {
      report.labels.row[COUNTED[k]] = rowCounts[k]
      report.labels.number[COUNTED[k]] = numberCounts[k]
      report.labels.sector[COUNTED[k]] = sectorCounts[k]
    }
    report.seats = seats.length
    if (inferred.rows > 0) warnings.push(venueWarning('rows-inferred', { seats: report.labels.row.inferred, rows: inferred.rows, from: this.stage ? 'stage' : 'top' }))
    if (inferred.numbers > 0) warnings.push(venueWarning('numbers-inferred', { count: inferred.numbers }))
    if (inferred.sectors > 0) warnings.push(venueWarning('sectors-inferred', { count: inferred.sectors }))
    if (textNumbers.count > 0) warnings.push(venueWarning('numbers-from-text', { count: textNumbers.count }))
    if (result.duplicates > 0) warnings.push(venueWarning('duplicates-dropped', { count: result.duplicates }))
    if (result.rejectedUnlabelled > 0) warnings.push(venueWarning('unlabelled-rejected', { count: result.rejectedUnlabelled }))
    if (notDrawn > 0) warnings.push(venueWarning('not-drawn', { count: notDrawn, max: RETAIN_PER_SIGNATURE }))
    const types = SEAT_ACCESS_NAMES.filter((n) => n !== null && report.access[n] > 0) as NonNullable<(typeof SEAT_ACCESS_NAMES)[number]>[]
    const typed = types.reduce((sum, n) => sum + report.access[n], 0)
    if (typed > 0) warnings.push(venueWarning('seats-typed', { count: typed, fromShapes: typedFromShapes, ...Object.fromEntries(types.map((n) => [n, report.access[n]])) }))
    const unlinked = report.access.companion - report.access.companionsLinked
    if (unlinked > 0) warnings.push(venueWarning('companions-unlinked', { count: unlinked }))
    const missing = report.labels.number.none
    if (missing > 0) warnings.push(venueWarning('seats-without-number', { count: missing }))
    if (report.compoundSeats > 0) warnings.push(venueWarning('compound-seats', { count: report.compoundSeats }))
    return report
  }

  /** Rows and sectors the ids of enclosing groups name (sparse: only where a group's id names one). */
  private groupRow: (string | undefined)[] = []
  private groupSector: (string | undefined)[] = []
  /** 1 where the sector came from the id (set by readIds). */
  private idSector = new Uint8Array(0)

  /** Rows and numbers from candidate i's id, where its attributes left them out; true when it gave some. */
  private readId(i: number): boolean {
    const c = this.candidates
    const id = c.unitId.get(i)
    if (id === undefined || (c.row.has(i) && c.number.has(i))) return false
    const l = parseId(id, true)
    if (!l || (l.row === undefined && l.number === undefined)) return false
    if (l.sector !== undefined && !c.sector.has(i)) {
      c.sector.set(i, l.sector)
      this.idSector[i] = 1
    }
    if (l.row !== undefined && !c.row.has(i)) c.row.set(i, l.row)
    if (l.number !== undefined && !c.number.has(i)) c.number.set(i, l.number)
    if (!c.source.has(i)) c.source.set(i, 'id')
    return true
  }

  /** Labels from the seats' own ids and their groups' ids; 1 per candidate whose id gave labels. */
  private readIds(): Uint8Array {
    const c = this.candidates
    const fromId = new Uint8Array(c.length)
    this.idSector = new Uint8Array(c.length)
    const groups = this.groupRow.length > 0 || this.groupSector.length > 0
    for (let i = 0; i < c.length; i++) {
      if (c.unitId.index[i] >= 0 && this.readId(i)) fromId[i] = 1
      if (!groups) continue
      const row = this.groupRow[i]
      if (row !== undefined && !c.row.has(i)) {
        c.row.set(i, row)
        if (!c.source.has(i)) c.source.set(i, 'id')
        fromId[i] = 1
      }
      const sector = this.groupSector[i]
      if (sector !== undefined && !c.sector.has(i)) c.sector.set(i, sector)
    }
    return fromId
  }

  /**
   * Ids that name the same seat twice or more in many places, or whose rows do not follow the
   * rows drawn, are not a labelling (copy-pasted shapes keep their ids): their rows and numbers
   * are dropped, unless the ids read seat number first follow the drawing. Returns the seats dropped.
   */
  private checkIds(seats: number[], fromId: Uint8Array): number {
    const c = this.candidates
    const idSeats = seats.filter((i) => fromId[i])
    if (idSeats.length === 0 || this.idsFollowDrawing(idSeats)) return 0
    this.dropIdLabels(idSeats)
    let read = 0
    for (const i of idSeats) {
      const id = c.unitId.get(i)
      const l = id === undefined ? null : parseIdNumberFirst(id)
      if (!l) continue
      read++
      if (!c.row.has(i)) c.row.set(i, l.row)
      if (!c.number.has(i)) c.number.set(i, l.number)
      if (l.sector !== undefined && !c.sector.has(i)) {
        c.sector.set(i, l.sector)
        this.idSector[i] = 1
      }
      if (!c.source.has(i)) c.source.set(i, 'id')
    }
    if (read === idSeats.length && this.idsFollowDrawing(idSeats)) return 0
    if (read > 0) this.dropIdLabels(idSeats)
    return idSeats.length
  }

  /** Few seats named twice, and rows that follow the rows drawn. */
  private idsFollowDrawing(idSeats: number[]): boolean {
    const c = this.candidates
    const seen = new Set<string>()
    let repeated = 0
    for (const i of idSeats) {
      const key = `${c.sector.get(i) ?? ''}\u0000${c.row.get(i) ?? ''}\u0000${c.number.get(i) ?? ''}`
      if (seen.has(key)) repeated++
      else seen.add(key)
    }
    return (repeated === 0 || repeated < idSeats.length * UNRELIABLE_ID_SHARE) && rowAgreement(c, idSeats, MIN_ROW_AGREEMENT) >= MIN_ROW_AGREEMENT
  }

  private dropIdLabels(idSeats: number[]): void {
    const c = this.candidates
    for (const i of idSeats) {
      c.row.set(i, undefined)
      c.number.set(i, undefined)
      if (this.idSector[i]) c.sector.set(i, undefined)
      if (c.source.get(i) === 'id') c.source.set(i, undefined)
    }
  }

  /**
   * Labels of the number texts that belong to a seat: drawn on it, or beside it with its number.
   * The engine draws seat numbers itself at the zoom they are legible; kept as decoration labels
   * they would be drawn a second time, hundreds of thousands of them on a big hall.
   */
  private seatNumberTexts(seats: number[]): number[] {
    const c = this.candidates
    const out: number[] = []
    if (seats.length === 0 || this.tx.length === 0) return out
    const nearest = this.nearestSeatOfText(seats)
    for (let t = 0; t < this.tx.length; t++) {
      if (this.tlabel[t] < 0) continue
      const { seat, dist } = nearest(t)
      if (seat < 0) continue
      const onSeat = dist <= Math.max(c.w[seat], c.h[seat]) / 2
      if (onSeat || c.number.get(seat) === this.tvalue[t]) out.push(this.tlabel[t])
    }
    return out
  }

  /** For text t, the nearest of `seats` within TEXT_REACH of its size (seat -1 when none), over a grid built once. */
  private nearestSeatOfText(seats: readonly number[]): (t: number) => { seat: number; dist: number } {
    const c = this.candidates
    let size = 0
    for (const i of seats) size = Math.max(size, Math.max(c.w[i], c.h[i]))
    const grid = new PointGrid(c.x, c.y, size * TEXT_REACH * 2, seats, c.length)
    return (t) => {
      let seat = -1
      let dist = Infinity
      grid.near(this.tx[t], this.ty[t], (i) => {
        const d = Math.hypot(c.x[i] - this.tx[t], c.y[i] - this.ty[t])
        if (d < dist && d <= TEXT_REACH * Math.max(c.w[i], c.h[i])) {
          dist = d
          seat = i
        }
      })
      return { seat, dist }
    }
  }

  /** Numbers drawn as <text> on or beside seats without one: each text goes to its nearest seat. */
  private assignTexts(seats: number[]): Uint8Array & { count: number } {
    const c = this.candidates
    const got = Object.assign(new Uint8Array(c.length), { count: 0 })
    if (this.tx.length === 0) return got
    const needing = seats.filter((i) => !c.number.has(i))
    if (needing.length === 0) return got
    const nearest = this.nearestSeatOfText(needing)
    const bestText = new Int32Array(c.length).fill(-1)
    const bestDist = new Float64Array(c.length).fill(Infinity)
    for (let t = 0; t < this.tx.length; t++) {
      const { seat, dist } = nearest(t)
      if (seat >= 0 && dist < bestDist[seat]) {
        bestDist[seat] = dist
        bestText[seat] = t
      }
    }
    for (const i of needing) {
      if (bestText[i] >= 0) {
        c.number.set(i, this.tvalue[bestText[i]])
        got[i] = 1
        got.count++
      }
    }
    return got
  }
}

/**
 * Seat candidates collected while the drawing streams by: every visible closed shape (circle,
 * ellipse, rect, path, polygon, and the shapes a <use> replays) with its world centre, its size in
 * its own frame (so rotation does not change it), the labels its markup gives, and the id of the
 * outermost element that holds only it. A group holding 2–4 shapes that overlap into one seat
 * (seat + backrest, seat + outlined number) becomes one compound candidate. Shapes that end up
 * not being seats are drawn as decorations: their elements are kept until then, at most
 * RETAIN_PER_SIGNATURE per size signature (a signature repeated more is seats for certain).
 */
import type { Matrix } from '../../geometry/matrix'
import type { ElementInfo } from '../rules'
import type { LabelSource, Labels } from './labels'
import { IdColumn, INITIAL_CAPACITY, LabelColumn, LabelTable } from './columns'

/** Shape families compared for repetition. */
export const Kind = { Round: 0, Rect: 1, Path: 2, Compound: 3 } as const
export const KIND_NAMES = ['circle/ellipse', 'rect', 'path', 'group of shapes']

/** Size signature buckets: sizes within ~6% share a bucket (neighbouring buckets join in clusters). */
export const SIZE_BUCKET_RATIO = 1.06
const LOG_BUCKET = Math.log(SIZE_BUCKET_RATIO)
/** Beyond this many shapes of one signature, their elements are not kept for drawing as decoration. */
export const RETAIN_PER_SIGNATURE = 20_000
/** Parts of one compound seat at most. */
export const MAX_COMPOUND_PARTS = 4
/** A group's shapes are one seat when their union is at most this times the largest part. */
export const COMPOUND_SPAN = 1.6

export interface RetainedShape {
  el: ElementInfo
  matrix: Matrix
  fill: number | undefined
  stroke: number | undefined
  strokeWidth: number
}

/** What drawing a shape as decoration needs, without its element (frames are not kept alive). */
export interface ShapeStyle {
  fill: number | undefined
  stroke: number | undefined
  strokeWidth: number
}

export function signatureOf(kind: number, w: number, h: number): number {
  const size = Math.sqrt(Math.max(w * h, 1e-12))
  const bucket = Math.round(Math.log(size) / LOG_BUCKET)
  return kind * 100_000 + (bucket + 50_000)
}

const NO_CLASSES: readonly string[] = []

/**
 * Candidates in typed columns (index i is the i-th candidate, in document order): a million seats
 * cost no per-seat objects, only the label strings the drawing gives. Read the numeric columns
 * only after streaming ends (they are reallocated as they grow).
 */
export class Candidates {
  x = new Float64Array(INITIAL_CAPACITY)
  y = new Float64Array(INITIAL_CAPACITY)
  w = new Float64Array(INITIAL_CAPACITY)
  h = new Float64Array(INITIAL_CAPACITY)
  rot = new Float64Array(INITIAL_CAPACITY)
  shape = new Uint8Array(INITIAL_CAPACITY)
  kind = new Uint8Array(INITIAL_CAPACITY)
  sig = new Int32Array(INITIAL_CAPACITY)
  parts = new Uint8Array(INITIAL_CAPACITY)
  /** Seat type its markup says (SeatAccess; 0: none). */
  access = new Uint8Array(INITIAL_CAPACITY)
  /** Index into the retained store, or -1 (not kept, or a compound: see compoundRetained). */
  retainedIndex = new Int32Array(INITIAL_CAPACITY)
  /** Label strings by id, shared by the label columns. */
  private readonly labels = new LabelTable()
  readonly sector = new LabelColumn<string>(this.labels)
  readonly row = new LabelColumn<string>(this.labels)
  readonly number = new LabelColumn<string>(this.labels)
  readonly zone = new LabelColumn<string>(this.labels)
  readonly source = new LabelColumn<LabelSource>(new LabelTable())
  /** The id of the outermost element holding only candidate i (see Recogniser.close). */
  readonly unitId = new IdColumn()
  /** Shapes per signature (before compounds are merged away). */
  readonly signatureCount = new Map<number, number>()
  /** Candidates seen past RETAIN_PER_SIGNATURE of their signature (not kept for drawing). */
  droppedRetention = 0
  private count = 0
  // Retained shapes, column-wise: tag, attributes, matrix (6 numbers each), style.
  private readonly rTag: string[] = []
  private readonly rAttrs: (readonly string[])[] = []
  private readonly rMatrix: number[] = []
  private readonly rStyle: ShapeStyle[] = []
  /** Retained indices of the parts of compound candidates (a handful of shapes each). */
  private readonly compoundRetained = new Map<number, number[]>()

  get length(): number {
    return this.count
  }

  private grow(): void {
    const size = this.x.length * 2
    const f64 = (a: Float64Array) => {
      const b = new Float64Array(size)
      b.set(a)
      return b
    }
    this.x = f64(this.x)
    this.y = f64(this.y)
    this.w = f64(this.w)
    this.h = f64(this.h)
    this.rot = f64(this.rot)
    const u8 = (a: Uint8Array) => {
      const b = new Uint8Array(size)
      b.set(a)
      return b
    }
    this.shape = u8(this.shape)
    this.kind = u8(this.kind)
    this.parts = u8(this.parts)
    this.access = u8(this.access)
    const sig = new Int32Array(size)
    sig.set(this.sig)
    this.sig = sig
    const ri = new Int32Array(size)
    ri.set(this.retainedIndex)
    this.retainedIndex = ri
    for (const column of [this.sector, this.row, this.number, this.zone, this.source]) column.grow(size)
    this.unitId.grow(size)
  }

  /**
   * Adds a candidate; `el`, `matrix` and `style` are kept for drawing it as decoration later
   * (only its tag, attributes and matrix, up to RETAIN_PER_SIGNATURE per signature).
   */
  add(x: number, y: number, w: number, h: number, rot: number, shape: number, kind: number, labels: Labels | null, id: string | undefined, el: ElementInfo, matrix: Matrix, style: ShapeStyle, access = 0): void {
    const i = this.count
    const retained = this.push(x, y, w, h, rot, shape, kind, labels, id)
    this.access[i] = access
    if (retained) this.retainedIndex[i] = this.retain(el.tag, el.attrs, matrix, style)
  }

  /** Appends the numeric columns and labels; true when this shape is to be retained. */
  private push(x: number, y: number, w: number, h: number, rot: number, shape: number, kind: number, labels: Labels | null, id: string | undefined): boolean {
    const sig = signatureOf(kind, w, h)
    const seen = (this.signatureCount.get(sig) ?? 0) + 1
    this.signatureCount.set(sig, seen)
    if (this.count === this.x.length) this.grow()
    const i = this.count++
    this.x[i] = x
    this.y[i] = y
    this.w[i] = w
    this.h[i] = h
    this.rot[i] = rot
    this.shape[i] = shape
    this.kind[i] = kind
    this.sig[i] = sig
    this.parts[i] = 1
    this.access[i] = 0
    this.retainedIndex[i] = -1
    this.sector.set(i, labels?.sector)
    this.row.set(i, labels?.row)
    this.number.set(i, labels?.number)
    this.zone.set(i, labels?.zone)
    this.source.set(i, labels && (labels.row !== undefined || labels.number !== undefined) ? labels.source : undefined)
    this.unitId.set(i, id)
    if (seen === RETAIN_PER_SIGNATURE + 1) this.droppedRetention++
    return seen <= RETAIN_PER_SIGNATURE
  }

  private retain(tag: string, attrs: readonly string[], m: Matrix, style: ShapeStyle): number {
    const r = this.rTag.length
    this.rTag.push(tag)
    this.rAttrs.push(attrs)
    this.rMatrix.push(m[0], m[1], m[2], m[3], m[4], m[5])
    this.rStyle.push(style)
    return r
  }

  /** The shapes kept for candidate i (none when its signature repeated past the cap). */
  retainedShapes(i: number): RetainedShape[] {
    const list = this.compoundRetained.get(i) ?? (this.retainedIndex[i] >= 0 ? [this.retainedIndex[i]] : [])
    return list.map((r) => {
      const m = this.rMatrix
      const style = this.rStyle[r]
      return {
        el: { tag: this.rTag[r], id: undefined, classes: NO_CLASSES, attrs: this.rAttrs[r], layer: undefined },
        matrix: [m[6 * r], m[6 * r + 1], m[6 * r + 2], m[6 * r + 3], m[6 * r + 4], m[6 * r + 5]] as Matrix,
        fill: style.fill, stroke: style.stroke, strokeWidth: style.strokeWidth,
      }
    })
  }

  /** Whether candidate i was kept for drawing (some of it, for a compound). */
  isRetained(i: number): boolean {
    return this.retainedIndex[i] >= 0 || this.compoundRetained.has(i)
  }

  /** Fills labels not yet set on candidates [start, end) (ancestors fill after nearer elements). */
  fillLabels(start: number, end: number, labels: Labels): void {
    for (let i = start; i < end; i++) {
      if (labels.sector !== undefined && !this.sector.has(i)) this.sector.set(i, labels.sector)
      if (labels.zone !== undefined && !this.zone.has(i)) this.zone.set(i, labels.zone)
      let took = false
      if (labels.row !== undefined && !this.row.has(i)) {
        this.row.set(i, labels.row)
        took = true
      }
      if (labels.number !== undefined && !this.number.has(i)) {
        this.number.set(i, labels.number)
        took = true
      }
      if (took && !this.source.has(i)) this.source.set(i, labels.source)
    }
  }

  /** Gives candidates [start, end) without a type the type `access` (ancestors fill after nearer elements). */
  fillAccess(start: number, end: number, access: number): void {
    for (let i = start; i < end; i++) if (this.access[i] === 0) this.access[i] = access
  }

  /** World axis-aligned half extent of candidate i along x (its box rotated). */
  halfX(i: number): number {
    // Most seats are not rotated: no cos/sin then (the container pass calls this per neighbour).
    if (this.rot[i] === 0) return this.w[i] / 2
    return (this.w[i] / 2) * Math.abs(Math.cos(this.rot[i])) + (this.h[i] / 2) * Math.abs(Math.sin(this.rot[i]))
  }

  /** World axis-aligned half extent of candidate i along y. */
  halfY(i: number): number {
    if (this.rot[i] === 0) return this.h[i] / 2
    return (this.w[i] / 2) * Math.abs(Math.sin(this.rot[i])) + (this.h[i] / 2) * Math.abs(Math.cos(this.rot[i]))
  }

  /**
   * When candidates [start, length) (2–4 of them, the shapes of one group) overlap into one seat,
   * replaces them by one compound candidate and returns true.
   */
  mergeTail(start: number): boolean {
    const end = this.length
    const n = end - start
    if (n < 2 || n > MAX_COMPOUND_PARTS) return false
    let x0 = Infinity
    let y0 = Infinity
    let x1 = -Infinity
    let y1 = -Infinity
    let largest = 0
    let largestIndex = start
    for (let i = start; i < end; i++) {
      const hx = this.halfX(i)
      const hy = this.halfY(i)
      x0 = Math.min(x0, this.x[i] - hx)
      x1 = Math.max(x1, this.x[i] + hx)
      y0 = Math.min(y0, this.y[i] - hy)
      y1 = Math.max(y1, this.y[i] + hy)
      const size = Math.max(this.w[i], this.h[i])
      if (size > largest) {
        largest = size
        largestIndex = i
      }
    }
    if (Math.max(x1 - x0, y1 - y0) > COMPOUND_SPAN * largest) return false
    const retained: number[] = []
    let sector: string | undefined
    let row: string | undefined
    let number: string | undefined
    let zone: string | undefined
    let source: LabelSource | undefined
    let id: string | undefined
    let access = 0
    for (let i = start; i < end; i++) {
      access ||= this.access[i]
      const parts = this.compoundRetained.get(i)
      if (parts) retained.push(...parts)
      else if (this.retainedIndex[i] >= 0) retained.push(this.retainedIndex[i])
      this.compoundRetained.delete(i)
      sector ??= this.sector.get(i)
      row ??= this.row.get(i)
      number ??= this.number.get(i)
      zone ??= this.zone.get(i)
      source ??= this.source.get(i)
      id ??= this.unitId.get(i)
      const c = this.signatureCount.get(this.sig[i]) ?? 1
      this.signatureCount.set(this.sig[i], c - 1)
    }
    // The compound keeps the largest part's rotation: its box is the union in that part's frame.
    const rot = this.rot[largestIndex]
    const shape = this.shape[largestIndex]
    const cos = Math.cos(-rot)
    const sin = Math.sin(-rot)
    let u0 = Infinity
    let v0 = Infinity
    let u1 = -Infinity
    let v1 = -Infinity
    for (let i = start; i < end; i++) {
      const rel = this.rot[i] - rot
      const c = Math.abs(Math.cos(rel))
      const s = Math.abs(Math.sin(rel))
      const hw = (this.w[i] / 2) * c + (this.h[i] / 2) * s
      const hh = (this.w[i] / 2) * s + (this.h[i] / 2) * c
      const u = this.x[i] * cos - this.y[i] * sin
      const v = this.x[i] * sin + this.y[i] * cos
      u0 = Math.min(u0, u - hw)
      u1 = Math.max(u1, u + hw)
      v0 = Math.min(v0, v - hh)
      v1 = Math.max(v1, v + hh)
    }
    const uc = (u0 + u1) / 2
    const vc = (v0 + v1) / 2
    const cx = uc * Math.cos(rot) - vc * Math.sin(rot)
    const cy = uc * Math.sin(rot) + vc * Math.cos(rot)
    this.truncate(start)
    const keep = this.push(cx, cy, u1 - u0, v1 - v0, rot, n === 1 ? shape : 2, Kind.Compound, { sector, row, number, zone, source }, id)
    const last = this.length - 1
    this.source.set(last, source)
    this.parts[last] = n
    this.access[last] = access
    if (keep && retained.length > 0) this.compoundRetained.set(last, retained)
    return true
  }

  private truncate(length: number): void {
    this.count = length
  }
}


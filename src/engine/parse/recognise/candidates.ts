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

export function signatureOf(kind: number, w: number, h: number): number {
  const size = Math.sqrt(Math.max(w * h, 1e-12))
  const bucket = Math.round(Math.log(size) / LOG_BUCKET)
  return kind * 100_000 + (bucket + 50_000)
}

export class Candidates {
  x: number[] = []
  y: number[] = []
  w: number[] = []
  h: number[] = []
  rot: number[] = []
  shape: number[] = []
  kind: number[] = []
  sig: number[] = []
  parts: number[] = []
  sector: (string | undefined)[] = []
  row: (string | undefined)[] = []
  number: (string | undefined)[] = []
  zone: (string | undefined)[] = []
  source: (LabelSource | undefined)[] = []
  unitId: (string | undefined)[] = []
  retained: (RetainedShape | RetainedShape[] | null)[] = []
  /** Shapes per signature (before compounds are merged away). */
  readonly signatureCount = new Map<number, number>()
  /** Elements dropped from retention (their signature repeated past RETAIN_PER_SIGNATURE). */
  droppedRetention = 0

  get length(): number {
    return this.x.length
  }

  add(x: number, y: number, w: number, h: number, rot: number, shape: number, kind: number, labels: Labels | null, id: string | undefined, retained: RetainedShape): void {
    const sig = signatureOf(kind, w, h)
    const seen = (this.signatureCount.get(sig) ?? 0) + 1
    this.signatureCount.set(sig, seen)
    this.x.push(x)
    this.y.push(y)
    this.w.push(w)
    this.h.push(h)
    this.rot.push(rot)
    this.shape.push(shape)
    this.kind.push(kind)
    this.sig.push(sig)
    this.parts.push(1)
    this.sector.push(labels?.sector)
    this.row.push(labels?.row)
    this.number.push(labels?.number)
    this.zone.push(labels?.zone)
    this.source.push(labels && (labels.row !== undefined || labels.number !== undefined) ? labels.source : undefined)
    this.unitId.push(id)
    this.retained.push(seen <= RETAIN_PER_SIGNATURE ? retained : null)
    if (seen === RETAIN_PER_SIGNATURE + 1) this.droppedRetention++
  }

  /** Fills labels not yet set on candidates [start, end) (ancestors fill after nearer elements). */
  fillLabels(start: number, end: number, labels: Labels): void {
    for (let i = start; i < end; i++) {
      if (labels.sector !== undefined && this.sector[i] === undefined) this.sector[i] = labels.sector
      if (labels.zone !== undefined && this.zone[i] === undefined) this.zone[i] = labels.zone
      let took = false
      if (labels.row !== undefined && this.row[i] === undefined) {
        this.row[i] = labels.row
        took = true
      }
      if (labels.number !== undefined && this.number[i] === undefined) {
        this.number[i] = labels.number
        took = true
      }
      if (took && this.source[i] === undefined) this.source[i] = labels.source
    }
  }

  /** World axis-aligned half extents of candidate i (its box rotated). */
  halfExtent(i: number): [number, number] {
    const c = Math.abs(Math.cos(this.rot[i]))
    const s = Math.abs(Math.sin(this.rot[i]))
    const w = this.w[i] / 2
    const h = this.h[i] / 2
    return [w * c + h * s, w * s + h * c]
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
      const [hx, hy] = this.halfExtent(i)
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
    if (Math.max(x1 - x0, y1 - y0) > COMPOUND_SPAN * Math.max(largest, hypotOf(this, largestIndex))) return false
    const retained: RetainedShape[] = []
    let sector: string | undefined
    let row: string | undefined
    let number: string | undefined
    let zone: string | undefined
    let source: LabelSource | undefined
    let id: string | undefined
    for (let i = start; i < end; i++) {
      const r = this.retained[i]
      if (r) retained.push(...(Array.isArray(r) ? r : [r]))
      sector ??= this.sector[i]
      row ??= this.row[i]
      number ??= this.number[i]
      zone ??= this.zone[i]
      source ??= this.source[i]
      id ??= this.unitId[i]
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
    const dummy = retained[0]
    this.add(cx, cy, u1 - u0, v1 - v0, rot, n === 1 ? shape : 2, Kind.Compound, { sector, row, number, zone, source }, id, dummy)
    const last = this.length - 1
    this.source[last] = source
    this.parts[last] = n
    this.retained[last] = this.retained[last] ? retained : null
    return true
  }

  private truncate(length: number): void {
    for (const a of [this.x, this.y, this.w, this.h, this.rot, this.shape, this.kind, this.sig, this.parts, this.sector, this.row, this.number, this.zone, this.source, this.unitId, this.retained] as unknown[][]) a.length = length
  }
}

/** Diagonal-free size of a candidate (its larger side): used so thin parts do not block a merge. */
function hypotOf(c: Candidates, i: number): number {
  return Math.max(c.w[i], c.h[i])
}

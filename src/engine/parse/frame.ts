/**
 * The parser's view of one open element (Frame) and the small readers of its attributes that do
 * not depend on the rest of the drawing: viewBox, and where a <text> or <tspan> is anchored.
 */
import { applyX, applyY, type Matrix } from '../geometry/matrix'
import { MAX_COORDINATE } from './limits'
import { getAttr, type ElementInfo } from './rules'
import { num } from './shapes'
import type { SeatBuild, StandingBuild } from './ruleShapes'

/** A recorded <defs>/<symbol> element, replayed by <use>. */
export interface DefNode {
  name: string
  attrs: string[]
  children: DefNode[]
}

export interface Frame extends ElementInfo {
  matrix: Matrix
  hidden: boolean
  nonRendered: boolean
  fill: number | undefined
  stroke: number | undefined
  strokeWidth: number
  fontSize: number
  seat: SeatBuild<Frame> | null
  standing: StandingBuild | null
  record: DefNode | null
  text: string[] | null
  /** For <text>: where the label goes (world), from its own x/y or its first <tspan>'s. */
  labelAt: [number, number] | null
  /** For <text>: its anchor in its own frame (x, y, the frame's matrix), for seat numbers. */
  textLocal: [number, number, Matrix] | null
  /** Seat candidates recorded before this element opened (recognition mode). */
  candStart: number
}

export function parseViewBox(v: string | undefined): [number, number, number, number] | null {
  if (!v) return null
  const p = v.trim().split(/[\s,]+/).map(Number)
  if (p.length !== 4 || !p.every((n) => Number.isFinite(n) && Math.abs(n) <= MAX_COORDINATE) || p[2] <= 0 || p[3] <= 0) return null
  return [p[0], p[1], p[2], p[3]]
}

/** First number of an x or y list ("10 20 30" → 10). */
function firstOf(list: string | undefined): number {
  return num(list?.trim().split(/[\s,]+/)[0], 0)
}

/** A text's or tspan's first x/y in its own frame, with that frame's matrix, or null. */
export function textLocal(el: ElementInfo, matrix: Matrix): [number, number, Matrix] | null {
  const xs = getAttr(el, 'x')
  const ys = getAttr(el, 'y')
  if (xs === undefined && ys === undefined) return null
  return [firstOf(xs), firstOf(ys), matrix]
}

/** World position of a text or tspan with x/y attributes (first value of a list), or null. */
export function textPosition(el: ElementInfo, matrix: Matrix): [number, number] | null {
  const local = textLocal(el, matrix)
  if (!local) return null
  return [applyX(matrix, local[0], local[1]), applyY(matrix, local[0], local[1])]
}

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

/**
 * The transform a <symbol>'s viewBox adds when a <use> gives it a viewport of width × height
 * (SVG's viewBox-to-viewport mapping, preserveAspectRatio align + meet/slice/none; default
 * xMidYMid meet). Ticketing platforms draw each seat as `<use href="#icon" width="60"
 * height="60">` of a symbol with `viewBox="0 0 500 500"`: without this the seat is measured in
 * the symbol's units. Null when the symbol has no usable viewBox or no viewport size is given.
 */
export function symbolViewport(viewBoxAttr: string | undefined, aspect: string | undefined, width: number, height: number): Matrix | null {
  const vb = parseViewBox(viewBoxAttr)
  if (!vb || !(width > 0) || !(height > 0)) return null
  let sx = width / vb[2]
  let sy = height / vb[3]
  const [align = 'xMidYMid', fit = 'meet'] = (aspect ?? '').trim().split(/\s+/).filter(Boolean)
  if (align !== 'none') sx = sy = fit === 'slice' ? Math.max(sx, sy) : Math.min(sx, sy)
  const free = (axis: 'x' | 'y', room: number) => {
    const part = align === 'none' ? 'Min' : align.slice(axis === 'x' ? 1 : 5, axis === 'x' ? 4 : 8)
    return part === 'Mid' ? room / 2 : part === 'Max' ? room : 0
  }
  return [sx, 0, 0, sy, free('x', width - vb[2] * sx) - vb[0] * sx, free('y', height - vb[3] * sy) - vb[1] * sy]
}

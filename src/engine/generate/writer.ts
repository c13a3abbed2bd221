/**
 * Writes a venue plan as SVG, in the encodings real drawings use, so generated venues exercise
 * the same parser paths as the real ones: per sector one of
 *  - `circle`: `<circle class="seat" cx cy r data-seat>` (Sketch-style circles),
 *  - `rect`: `<rect class="seat" … transform="rotate(a cx cy)">` (CorelDRAW-style rotated boxes),
 *  - `group`: `<g class="seat" transform="translate() rotate()">` holding `<path>` + `<text>`
 *    (hochu-bilet style),
 *  - `use`: `<use href="#seat-shape" transform=…>` of a `<symbol>` holding an `<ellipse>`,
 *  - `path`: `<path id="s3-12-7" class="seat" d="…arcs…">` (Inkscape-style paths with ids).
 * Row labels sit either on a `<g class="row" data-row>` wrapper or on each seat (`data-row`);
 * the sector's name and zone sit on the sector group (`data-sector`, `data-zone`).
 * Output is produced in chunks (one per sector) built with arrays and join, never `+=`.
 */
import { SEAT_RADIUS, seatPoint, type Point, type SectorPlan, type VenuePlan } from './plan'
import type { Random } from './random'

export type SeatEncoding = 'circle' | 'rect' | 'group' | 'use' | 'path'
export const SEAT_ENCODINGS: readonly SeatEncoding[] = ['circle', 'rect', 'group', 'use', 'path']

/** Margin around the content in the viewBox, drawing units. */
const VIEW_MARGIN = 60
/** Zone fill colours (price categories 1..5), cycling for more zones. */
const ZONE_COLORS = ['#e4572e', '#29335c', '#f3a712', '#669bbc', '#8cb369']
const DEG = 180 / Math.PI

/** Two decimals are below a tenth of a percent of a seat: invisible, and files stay small. */
function f(v: number): string {
  return String(Math.round(v * 100) / 100)
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

interface SectorStyle {
  encoding: SeatEncoding
  rowGroups: boolean
}

function forEachSeat(sector: SectorPlan, visit: (rowIndex: number, j: number, p: Point) => void): void {
  const p: Point = { x: 0, y: 0, rot: 0 }
  sector.rows.forEach((row, rowIndex) => {
    for (let j = 0; j < row.count; j++) visit(rowIndex, j, seatPoint(row.geom, j, row.count, p))
  })
}

export function planBounds(plan: VenuePlan): [number, number, number, number] {
  let minX = Infinity
  let minY = Infinity
  let maxX = -Infinity
  let maxY = -Infinity
  const add = (x: number, y: number) => {
    if (x < minX) minX = x
    if (y < minY) minY = y
    if (x > maxX) maxX = x
    if (y > maxY) maxY = y
  }
  for (const sector of plan.sectors) {
    forEachSeat(sector, (_r, _j, p) => add(p.x, p.y))
    if (sector.standing) {
      add(sector.standing.x, sector.standing.y)
      add(sector.standing.x + sector.standing.w, sector.standing.y + sector.standing.h)
    }
  }
  for (const shape of plan.shapes) for (let i = 0; i < shape.points.length; i += 2) add(shape.points[i], shape.points[i + 1])
  return [minX - SEAT_RADIUS, minY - SEAT_RADIUS, maxX + SEAT_RADIUS, maxY + SEAT_RADIUS]
}

function seatMarkup(style: SectorStyle, id: string, row: string, n: number, p: Point, out: string[]): void {
  const rowAttr = style.rowGroups ? '' : ` data-row="${escapeText(row)}"`
  const r = SEAT_RADIUS
  const deg = f(p.rot * DEG)
  switch (style.encoding) {
    case 'circle':
      out.push(`<circle class="seat" cx="${f(p.x)}" cy="${f(p.y)}" r="${r}"${rowAttr} data-seat="${n}"/>`)
      break
    case 'rect': {
      const rotate = deg === '0' ? '' : ` transform="rotate(${deg} ${f(p.x)} ${f(p.y)})"`
      out.push(`<rect class="seat" x="${f(p.x - r)}" y="${f(p.y - r)}" width="${2 * r}" height="${2 * r}" rx="1.5"${rotate}${rowAttr} data-seat="${n}"/>`)
      break
    }
    case 'group':
      out.push(`<g class="seat"${rowAttr} data-seat="${n}" transform="translate(${f(p.x)} ${f(p.y)}) rotate(${deg})"><path d="M-4-4h8v8h-8z"/><text y="2" font-size="5" text-anchor="middle">${n}</text></g>`)
      break
    case 'use':
      out.push(`<use href="#seat-shape" class="seat" transform="translate(${f(p.x)},${f(p.y)}) rotate(${deg})"${rowAttr} data-seat="${n}"/>`)
      break
    case 'path':
      out.push(`<path id="${id}" class="seat" d="M${f(p.x - r)} ${f(p.y)}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0z"${rowAttr} data-seat="${n}"/>`)
      break
  }
}

/**
 * The block's outline through its seats' centres: along the first row, down the right ends of the
 * rows, back along the last row and up the left ends. Joining only the rows' ends drew the chord
 * of a curved block, a line across the hall from one end of a balcony to the other.
 */
function sectorOutline(sector: SectorPlan): string {
  const rows = sector.rows.filter((r) => r.count > 0)
  if (rows.length === 0) return ''
  const p: Point = { x: 0, y: 0, rot: 0 }
  const at = (rowIndex: number, j: number) => {
    const row = rows[rowIndex]
    seatPoint(row.geom, j, row.count, p)
    return `${f(p.x)} ${f(p.y)}`
  }
  const last = rows.length - 1
  const points: string[] = []
  for (let j = 0; j < rows[0].count; j++) points.push(at(0, j))
  for (let r = 1; r < last; r++) points.push(at(r, rows[r].count - 1))
  if (last > 0) for (let j = rows[last].count - 1; j >= 0; j--) points.push(at(last, j))
  for (let r = last - 1; r >= 1; r--) points.push(at(r, 0))
  return `M${points.join('L')}Z`
}

function* sectorChunks(sector: SectorPlan, index: number, style: SectorStyle): Generator<string> {
  const out: string[] = []
  const name = escapeText(sector.name)
  if (sector.standing) {
    const s = sector.standing
    out.push(`<g id="sector-${index}" class="sector standing z${sector.zone}" data-sector="${name}" data-zone="${sector.zone}" data-capacity="${s.capacity}">`)
    out.push(`<rect class="standing-area" x="${f(s.x)}" y="${f(s.y)}" width="${f(s.w)}" height="${f(s.h)}" rx="8"/>`)
    out.push(`<text class="sector-label" x="${f(s.x + s.w / 2)}" y="${f(s.y + s.h / 2)}" font-size="24" text-anchor="middle">${name}</text></g>`)
    yield out.join('')
    return
  }
  out.push(`<g id="sector-${index}" class="sector z${sector.zone}" data-sector="${name}" data-zone="${sector.zone}">`)
  out.push(`<path class="sector-outline" d="${sectorOutline(sector)}" fill="none" stroke="#ccc"/>`)
  let openRow = -1
  forEachSeat(sector, (rowIndex, j, p) => {
    const row = sector.rows[rowIndex]
    if (style.rowGroups && rowIndex !== openRow) {
      if (openRow >= 0) out.push('</g>')
      out.push(`<g class="row" data-row="${escapeText(row.label)}">`)
      openRow = rowIndex
    }
    seatMarkup(style, `s${index}-${row.label}-${j + 1}`, row.label, j + 1, p, out)
  })
  if (openRow >= 0) out.push('</g>')
  const first = sector.rows[0]
  if (first) {
    const p = seatPoint(first.geom, (first.count - 1) / 2, first.count, { x: 0, y: 0, rot: 0 })
    out.push(`<text class="sector-label" x="${f(p.x)}" y="${f(p.y - 14)}" font-size="12" text-anchor="middle">${name}</text>`)
  }
  out.push('</g>')
  // One chunk per sector keeps peak memory at one sector's markup, not the whole file's parts.
  yield out.join('\n')
}

export function* writePlan(plan: VenuePlan, random: Random, meta: { kind: string; seed: number }): Generator<string> {
  const [minX, minY, maxX, maxY] = planBounds(plan)
  const vx = minX - VIEW_MARGIN
  const vy = minY - VIEW_MARGIN
  const vw = maxX - minX + 2 * VIEW_MARGIN
  const vh = maxY - minY + 2 * VIEW_MARGIN
  const styles = ZONE_COLORS.map((c, i) => `.z${i + 1} .seat,.z${i + 1} .standing-area{fill:${c}}`).join('\n')
  yield [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${f(vx)} ${f(vy)} ${f(vw)} ${f(vh)}" width="${Math.round(vw)}" height="${Math.round(vh)}" data-generator="seatwise" data-kind="${meta.kind}" data-seed="${meta.seed}">`,
    `<defs><style>\n${styles}\n.wall{fill:none;stroke:#888;stroke-width:4}\n</style>`,
    `<symbol id="seat-shape" overflow="visible"><ellipse cx="0" cy="0" rx="${SEAT_RADIUS}" ry="${SEAT_RADIUS - 0.5}"/></symbol></defs>`,
    `<path class="wall" d="M${f(vx + 20)} ${f(vy + 40)}a20 20 0 0 1 20 -20H${f(vx + vw - 40)}a20 20 0 0 1 20 20V${f(vy + vh - 40)}a20 20 0 0 1 -20 20H${f(vx + 40)}a20 20 0 0 1 -20 -20Z"/>`,
    '',
  ].join('\n')
  for (const shape of plan.shapes) {
    const pts = shape.points
    const d: string[] = []
    for (let i = 0; i < pts.length; i += 2) d.push(`${i === 0 ? 'M' : 'L'}${f(pts[i])} ${f(pts[i + 1])}`)
    const fill = shape.kind === 'field' ? '#7fb77e' : '#444'
    const parts = [`<g class="${shape.kind}"><path d="${d.join('')}Z" fill="${fill}"/>`]
    if (shape.label) {
      let cx = 0
      let cy = 0
      for (let i = 0; i < pts.length; i += 2) {
        cx += pts[i] / (pts.length / 2)
        cy += pts[i + 1] / (pts.length / 2)
      }
      parts.push(`<text x="${f(cx)}" y="${f(cy)}" font-size="28" fill="#fff" text-anchor="middle">${escapeText(shape.label)}</text>`)
    }
    parts.push('</g>\n')
    yield parts.join('')
  }
  for (let i = 0; i < plan.sectors.length; i++) {
    const style: SectorStyle = {
      encoding: SEAT_ENCODINGS[Math.floor(random() * SEAT_ENCODINGS.length)],
      rowGroups: random() < 0.5,
    }
    yield* sectorChunks(plan.sectors[i], i, style)
    yield '\n'
  }
  yield '</svg>\n'
}

/**
 * Venue layouts for the generator. Each builder takes `depth`, the base number of rows, and
 * returns a plan; the generator searches the smallest depth whose capacity reaches the requested
 * seat count and then trims the outermost rows, so any count from 1,000 to 1,000,000 comes out
 * exact. Widths grow with depth too, so large venues stay roughly round instead of becoming
 * one very long strip.
 */
import {
  ROW_PITCH,
  SEAT_PITCH,
  arcCapacity,
  rowLabel,
  type SectorPlan,
  type ShapePlan,
  type VenuePlan,
} from './plan'

export type VenueKind = 'theatre' | 'hall' | 'arena' | 'stadium'
export const VENUE_KINDS: readonly VenueKind[] = ['theatre', 'hall', 'arena', 'stadium']

/** Gap between blocks (tiers, balconies) in drawing units. */
const BLOCK_GAP = 40
/** Hall side blocks turn this far (radians) towards the stage. */
const SIDE_ANGLE = 0.12
/** Angular gap between neighbouring arc sectors, in radians. */
const ARC_GAP = 0.05
/** Floor area per standing visitor in square drawing units (about half a seat square). */
const STANDING_AREA_PER_PERSON = (SEAT_PITCH * SEAT_PITCH) / 2

export interface LayoutOptions {
  /** Per-sector choice between numeric and letter row labels. */
  letters: (sectorIndex: number) => boolean
}

function rect(x0: number, y0: number, x1: number, y1: number): number[] {
  return [x0, y0, x1, y0, x1, y1, x0, y1]
}

function arcSector(
  name: string, zone: number, cx: number, cy: number, r0: number, mid: number, span: number,
  rows: number, letters: boolean,
): SectorPlan {
  const sector: SectorPlan = { name, zone, rows: [] }
  for (let i = 0; i < rows; i++) {
    const r = r0 + i * ROW_PITCH
    sector.rows.push({
      label: rowLabel(i, letters), count: arcCapacity(span, r),
      geom: { type: 'arc', cx, cy, r, mid }, layer: rows - 1 - i, trimmable: true,
    })
  }
  return sector
}

/** Rows behind a front-centre point; seats face `rot` (0 = towards -y). */
function lineSector(
  name: string, zone: number, x: number, y: number, rot: number, rows: number, perRow: number,
  letters: boolean, trimmable = true,
): SectorPlan {
  const sector: SectorPlan = { name, zone, rows: [] }
  const backX = -Math.sin(rot)
  const backY = Math.cos(rot)
  for (let i = 0; i < rows; i++) {
    sector.rows.push({
      label: rowLabel(i, letters), count: perRow,
      geom: { type: 'line', x: x + backX * i * ROW_PITCH, y: y + backY * i * ROW_PITCH, rot },
      layer: rows - 1 - i, trimmable,
    })
  }
  return sector
}

export function theatreLayout(depth: number, options: LayoutOptions): VenuePlan {
  const stageW = Math.max(200, depth * 14)
  const r0 = stageW * 0.45 + 40
  const sectors: SectorPlan[] = []
  const L = (i: number) => options.letters(i)
  const half = Math.PI / 2
  sectors.push(arcSector('Parterre left', 2, 0, 0, r0, half + 0.62, 0.5, depth, L(0)))
  sectors.push(arcSector('Parterre centre', 1, 0, 0, r0, half, 0.6, depth, L(1)))
  sectors.push(arcSector('Parterre right', 2, 0, 0, r0, half - 0.62, 0.5, depth, L(2)))
  let r = r0 + depth * ROW_PITCH + BLOCK_GAP
  const amphi = Math.ceil(depth * 0.4)
  sectors.push(arcSector('Amphitheatre', 3, 0, 0, r, half, 1.6, amphi, L(3)))
  r += amphi * ROW_PITCH + BLOCK_GAP
  const balcony1 = Math.ceil(depth * 0.3)
  sectors.push(arcSector('Balcony 1 left', 4, 0, 0, r, half + 0.8, 0.6 - ARC_GAP, balcony1, L(4)))
  sectors.push(arcSector('Balcony 1 centre', 3, 0, 0, r, half, 1.0 - ARC_GAP, balcony1, L(5)))
  sectors.push(arcSector('Balcony 1 right', 4, 0, 0, r, half - 0.8, 0.6 - ARC_GAP, balcony1, L(6)))
  r += balcony1 * ROW_PITCH + BLOCK_GAP
  sectors.push(arcSector('Balcony 2', 5, 0, 0, r, half, 2.0, Math.ceil(depth * 0.25), L(7)))
  // Boxes beside the stage: fixed size, never trimmed (a real theatre's boxes do not scale).
  for (let b = 0; b < 6; b++) {
    const side = b < 3 ? -1 : 1
    const x = side * (stageW / 2 + 30)
    const y = -70 + (b % 3) * 40
    sectors.push(lineSector(`Box ${b + 1}`, 1, x, y, side * half, 2, 3, false, false))
  }
  const stage: ShapePlan = { kind: 'stage', points: rect(-stageW / 2, -110, stageW / 2, -10), label: 'STAGE' }
  return { sectors, shapes: [stage] }
}

export function hallLayout(depth: number, options: LayoutOptions): VenuePlan {
  const centreW = Math.max(6, Math.round(depth * 0.8))
  const sideW = Math.max(3, Math.round(depth * 0.35))
  const centreHalf = (centreW * SEAT_PITCH) / 2
  const sideOffset = centreHalf + 30 + (sideW * SEAT_PITCH) / 2
  const L = (i: number) => options.letters(i)
  const sectors: SectorPlan[] = [
    lineSector('Stalls left', 2, -sideOffset, 40, SIDE_ANGLE, depth, sideW, L(0)),
    lineSector('Stalls centre', 1, 0, 40, 0, depth, centreW, L(1)),
    lineSector('Stalls right', 2, sideOffset, 40, -SIDE_ANGLE, depth, sideW, L(2)),
  ]
  const stallsEnd = 40 + depth * ROW_PITCH
  const balconyRows = Math.ceil(depth * 0.3)
  sectors.push(lineSector('Balcony', 3, 0, stallsEnd + BLOCK_GAP, 0, balconyRows, centreW + 2 * sideW + 4, L(3)))
  const choirRows = Math.ceil(depth * 0.15)
  sectors.push(lineSector('Choir', 4, 0, -100, Math.PI, choirRows, centreW, L(4)))
  const galleryRows = Math.max(1, Math.ceil(depth * 0.1))
  const galleryLen = Math.max(4, Math.round((depth * ROW_PITCH * 0.9) / SEAT_PITCH))
  // Side blocks are angled (SIDE_ANGLE), so their back rows drift outward: keep galleries clear.
  const galleryX = sideOffset + (sideW * SEAT_PITCH) / 2 + 60 + depth * ROW_PITCH * Math.sin(SIDE_ANGLE)
  const galleryY = 40 + (depth * ROW_PITCH) / 2
  sectors.push(lineSector('Gallery left', 4, -galleryX, galleryY, Math.PI / 2, galleryRows, galleryLen, L(5)))
  sectors.push(lineSector('Gallery right', 4, galleryX, galleryY, -Math.PI / 2, galleryRows, galleryLen, L(6)))
  const stageHalf = Math.max(centreHalf, 100)
  const stage: ShapePlan = { kind: 'stage', points: rect(-stageHalf, -80, stageHalf, 0), label: 'STAGE' }
  return { sectors, shapes: [stage] }
}

/** A ring of arc sectors around (0,0), leaving out the `skip` sectors centred on the stage (-y). */
function ring(
  sectors: SectorPlan[], tier: number, zone: number, r0: number, rows: number, count: number, skip: number,
  options: LayoutOptions,
): void {
  const step = (2 * Math.PI) / count
  let number = 1
  for (let k = 0; k < count; k++) {
    // The stage sits at -y (angle -π/2): leave out skip/2 sectors on each side of it.
    if (k < skip / 2 || k >= count - skip / 2) continue
    const mid = -Math.PI / 2 + (k + 0.5) * step
    const name = `${tier}${String(number).padStart(2, '0')}`
    sectors.push(arcSector(name, zone, 0, 0, r0, mid, step - ARC_GAP, rows, options.letters(sectors.length)))
    number++
  }
}

export function arenaLayout(depth: number, options: LayoutOptions): VenuePlan {
  const floorW = Math.max(300, depth * 14)
  const floorH = floorW * 0.6
  const sectors: SectorPlan[] = []
  const standingH = (floorH - 60) / 2
  for (let s = 0; s < 2; s++) {
    const y = -floorH / 2 + 70 + s * (standingH + 10)
    const capacity = Math.round((floorW - 40) * (standingH - 10) / STANDING_AREA_PER_PERSON)
    sectors.push({ name: `Floor ${s === 0 ? 'A' : 'B'}`, zone: 1, rows: [],
      standing: { x: -floorW / 2 + 20, y, w: floorW - 40, h: standingH - 10, capacity } })
  }
  const r1 = Math.hypot(floorW / 2, floorH / 2) + 30
  const tier1 = Math.ceil(depth * 0.6)
  ring(sectors, 1, 2, r1, tier1, 16, 2, options)
  const r2 = r1 + tier1 * ROW_PITCH + BLOCK_GAP
  ring(sectors, 2, 3, r2, Math.ceil(depth * 0.5), 20, 2, options)
  const shapes: ShapePlan[] = [
    { kind: 'field', points: rect(-floorW / 2, -floorH / 2, floorW / 2, floorH / 2) },
    { kind: 'stage', points: rect(-floorW / 4, -floorH / 2 + 5, floorW / 4, -floorH / 2 + 55), label: 'STAGE' },
  ]
  return { sectors, shapes }
}

export function stadiumLayout(depth: number, options: LayoutOptions): VenuePlan {
  const fieldW = Math.max(700, depth * 6)
  const fieldH = fieldW * 0.64
  const sectors: SectorPlan[] = []
  const tierRows = [Math.ceil(depth * 0.4), Math.ceil(depth * 0.35), Math.ceil(depth * 0.25)]
  let d = 20
  tierRows.forEach((rows, t) => {
    const tier = t + 1
    let number = 1
    const name = () => `${tier}${String(number++).padStart(2, '0')}`
    const zone = tier + 1
    const longLen = fieldW / 6
    const shortLen = fieldH / 4
    const perLong = Math.max(1, Math.floor((longLen - 16) / SEAT_PITCH))
    const perShort = Math.max(1, Math.floor((shortLen - 16) / SEAT_PITCH))
    // Bottom side faces up (rot 0), right side faces left, top faces down, left faces right.
    for (let k = 0; k < 6; k++) {
      const x = -fieldW / 2 + (k + 0.5) * longLen
      sectors.push(lineSector(name(), tier === 1 ? 1 : zone, x, fieldH / 2 + d, 0, rows, perLong, options.letters(sectors.length)))
    }
    sectors.push(arcSector(name(), zone, fieldW / 2, fieldH / 2, d, Math.PI / 4, Math.PI / 2 - ARC_GAP, rows, options.letters(sectors.length)))
    for (let k = 0; k < 4; k++) {
      const y = fieldH / 2 - (k + 0.5) * shortLen
      sectors.push(lineSector(name(), zone, fieldW / 2 + d, y, -Math.PI / 2, rows, perShort, options.letters(sectors.length)))
    }
    sectors.push(arcSector(name(), zone, fieldW / 2, -fieldH / 2, d, -Math.PI / 4, Math.PI / 2 - ARC_GAP, rows, options.letters(sectors.length)))
    for (let k = 0; k < 6; k++) {
      const x = fieldW / 2 - (k + 0.5) * longLen
      sectors.push(lineSector(name(), tier === 1 ? 1 : zone, x, -fieldH / 2 - d, Math.PI, rows, perLong, options.letters(sectors.length)))
    }
    sectors.push(arcSector(name(), zone, -fieldW / 2, -fieldH / 2, d, (-3 * Math.PI) / 4, Math.PI / 2 - ARC_GAP, rows, options.letters(sectors.length)))
    for (let k = 0; k < 4; k++) {
      const y = -fieldH / 2 + (k + 0.5) * shortLen
      sectors.push(lineSector(name(), zone, -fieldW / 2 - d, y, Math.PI / 2, rows, perShort, options.letters(sectors.length)))
    }
    sectors.push(arcSector(name(), zone, -fieldW / 2, fieldH / 2, d, (3 * Math.PI) / 4, Math.PI / 2 - ARC_GAP, rows, options.letters(sectors.length)))
    d += rows * ROW_PITCH + BLOCK_GAP
  })
  const shapes: ShapePlan[] = [{ kind: 'field', points: rect(-fieldW / 2, -fieldH / 2, fieldW / 2, fieldH / 2), label: 'FIELD' }]
  return { sectors, shapes }
}

export const LAYOUTS: Record<VenueKind, (depth: number, options: LayoutOptions) => VenuePlan> = {
  theatre: theatreLayout,
  hall: hallLayout,
  arena: arenaLayout,
  stadium: stadiumLayout,
}

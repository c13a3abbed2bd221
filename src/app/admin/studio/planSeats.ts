import type { StudioPlan } from '../../../contract/admin/studio'
import type { SeatAccess } from '../../screens/scheme/seatChoice/access'

/** Pure helpers of the studio controller (StudioController.ts): the lasso's point test and the plan's typed seats. */

/** Even-odd test of a point against a polygon. */
export function insidePolygon(poly: readonly { x: number; y: number }[], x: number, y: number): boolean {
  let inside = false
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[i]
    const b = poly[j]
    if (a.y > y !== b.y > y && x < ((b.x - a.x) * (y - a.y)) / (b.y - a.y) + a.x) inside = !inside
  }
  return inside
}

/** The plan's typed seats by seat key (ordinary seats left out), with the words a legend names them by. */
export function accessOfPlan(plan: StudioPlan): Map<string, SeatAccess> {
  const sectorName = new Map(plan.sectors.map((s) => [s.index, s.name]))
  const out = new Map<string, SeatAccess>()
  plan.seats.access.forEach((type, i) => {
    if (type !== null) out.set(plan.seats.key[i], { type, companionOf: plan.seats.companion_of[i], sector: sectorName.get(plan.seats.sector[i]) ?? '', row: plan.seats.row[i], seat: plan.seats.number[i] })
  })
  return out
}

import type { SeatSelection, StudioOp, StudioPlan } from '../../../contract/admin/studio'
import type { StudioTexts } from './texts'

/** A choice of what a paint sets (a zone); kinds with none have one implied value. */
export interface PaintTarget {
  value: string
  label: string
}

/**
 * One kind of paint the studio offers on the selected seats. The paint box lists PAINT_KINDS in
 * order; a new kind (seat type or quality, issue 20) is one more entry: what it sets, the edit it
 * queues and, for the preview, what a seat has of it now and will have after.
 */
export interface PaintKind {
  id: string
  label(t: StudioTexts): string
  /** Values to choose from (zones); empty when the kind sets one fixed value. */
  targets(plan: StudioPlan, added: readonly { name: string }[], t: StudioTexts): PaintTarget[]
  op(seats: SeatSelection, target: string): StudioOp
  /** The seat's value now (plan index), in the operator's words. */
  before(plan: StudioPlan, seat: number, t: StudioTexts): string
  /** The value it will have. */
  after(target: string, plan: StudioPlan, added: readonly { name: string }[], t: StudioTexts): string
}

/** Zone choice meaning "no zone": not for sale in any session of the version. */
export const NO_ZONE = 'none'

const zoneRef = (v: string): number | string | null => (v === NO_ZONE ? null : v.startsWith('new:') ? v : Number(v))
const zoneName = (plan: StudioPlan, id: number | null, t: StudioTexts) => (id === null ? t.blockedZone : plan.zones.find((z) => z.id === id)?.name ?? String(id))

const blockKind = (blocked: boolean): PaintKind => ({
  id: blocked ? 'block' : 'unblock',
  label: (t) => (blocked ? t.kindBlock : t.kindUnblock),
  targets: () => [],
  op: (seats) => ({ op: 'block', blocked, seats }),
  before: (plan, seat, t) => (plan.seats.blocked[seat] === 1 ? t.venueBlocked : t.unblock),
  after: (_target, _plan, _added, t) => (blocked ? t.venueBlocked : t.unblock),
})

export const PAINT_KINDS: readonly PaintKind[] = [
  {
    id: 'zone',
    label: (t) => t.kindZone,
    targets: (plan, added, t) => [
      ...plan.zones.map((z) => ({ value: String(z.id), label: z.name })),
      ...added.map((z, i) => ({ value: `new:${i}`, label: `${z.name} *` })),
      { value: NO_ZONE, label: t.blockedZone },
    ],
    op: (seats, target) => ({ op: 'paint', zone: zoneRef(target), seats }),
    before: (plan, seat, t) => zoneName(plan, plan.seats.zone[seat], t),
    after: (target, plan, added, t) => (target === NO_ZONE ? t.blockedZone : target.startsWith('new:') ? `${added[Number(target.slice(4))]?.name ?? target} *` : zoneName(plan, Number(target), t)),
  },
  blockKind(true),
  blockKind(false),
]

/** What a paint would change on the given plan seats: one line per value it changes from, biggest first. */
export function previewPaint(kind: PaintKind, target: string, plan: StudioPlan, seats: Iterable<number>, added: readonly { name: string }[], t: StudioTexts): { from: string; to: string; n: number }[] {
  const to = kind.after(target, plan, added, t)
  const counts = new Map<string, number>()
  for (const s of seats) {
    const from = kind.before(plan, s, t)
    if (from !== to) counts.set(from, (counts.get(from) ?? 0) + 1)
  }
  return [...counts].map(([from, n]) => ({ from, to, n })).sort((a, b) => b.n - a.n)
}

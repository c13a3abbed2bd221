import type { SeatingIndex } from './rows'

/**
 * The single-seat (orphan) rule, pure: would a choice leave a single empty seat between taken
 * ones or at a row end? A seat is single when it is empty and each neighbour in its row segment
 * is taken or missing (the segment's end: a row end or an aisle). Only singles the choice makes
 * count: a seat that was single before the choice was already lost to it.
 *
 * `empty(p)` says whether position p is empty (free and for sale) without the choice; the
 * chosen positions are taken by it. Returns the positions left single, sorted.
 */
export function singlesLeftBy(index: SeatingIndex, chosen: Iterable<number>, empty: (p: number) => boolean): number[] {
  const picked = new Set(chosen)
  const after = (p: number) => !picked.has(p) && empty(p)
  const out = new Set<number>()
  const segments = new Set<number>()
  for (const p of picked) segments.add(index.segOf[p])
  for (const s of segments) {
    const a = index.segStart[s]
    const b = index.segStart[s + 1]
    for (let p = a; p < b; p++) {
      const aloneAfter = after(p) && (p === a || !after(p - 1)) && (p === b - 1 || !after(p + 1))
      if (!aloneAfter) continue
      const aloneBefore = (p === a || !empty(p - 1)) && (p === b - 1 || !empty(p + 1))
      if (!aloneBefore) out.add(p)
    }
  }
  return [...out].sort((x, y) => x - y)
}

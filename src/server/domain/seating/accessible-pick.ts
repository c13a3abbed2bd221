import { WANTED, type BestPick } from './best'
import type { SeatingIndex } from './rows'

/**
 * Accessible best available (pure, issue 20 item 3): one wheelchair space and `companions` of
 * the companion seats linked to it, all free, or nothing. Spaces are tried best first (lowest
 * seat cost, ties by position); a space's companions are the nearest of its linked free ones
 * (ties by position), so the same state always gives the same answer.
 *
 * Cost: O(spaces + linked companions): a venue has a few hundred spaces at most.
 */
export interface AccessIndex {
  /** Positions of the wheelchair spaces. */
  spaces: number[]
  /** Space position → positions of its companion seats. */
  companions: Map<number, number[]>
}

export function pickAccessible(index: SeatingIndex, status: Uint8Array, access: AccessIndex, companions: number): BestPick | null {
  const spaces = access.spaces.filter((p) => status[p] === WANTED).sort((a, b) => index.cost[a] - index.cost[b] || a - b)
  for (const space of spaces) {
    const free = (access.companions.get(space) ?? []).filter((p) => status[p] === WANTED)
    if (free.length < companions) continue
    const near = free
      .map((p) => ({ p, d: Math.hypot(index.x[p] - index.x[space], index.y[p] - index.y[space]) }))
      .sort((a, b) => a.d - b.d || a.p - b.p)
      .slice(0, companions)
      .map((c) => c.p)
    const positions = [space, ...near.sort((a, b) => a - b)]
    return { positions, together: positions.every((p) => index.segOf[p] === index.segOf[space]), leavesSingle: false }
  }
  return null
}

/** The access index of a drawing from its typed seats (keys → positions of the seating index). */
export function accessIndexOf(index: SeatingIndex, seats: readonly { seat_key: string; access_type: string | null; companion_of: string | null }[]): AccessIndex {
  const spaces: number[] = []
  const companions = new Map<number, number[]>()
  for (const s of seats) {
    const p = index.posByKey.get(s.seat_key)
    if (p === undefined) continue
    if (s.access_type === 'wheelchair') spaces.push(p)
    else if (s.access_type === 'companion' && s.companion_of) {
      const space = index.posByKey.get(s.companion_of)
      if (space === undefined) continue
      const list = companions.get(space) ?? []
      list.push(p)
      companions.set(space, list)
    }
  }
  return { spaces, companions }
}

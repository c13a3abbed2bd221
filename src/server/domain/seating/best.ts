import { MAX_BLOCK_ROWS } from './constants'
import type { SeatingIndex } from './rows'

/**
 * Best available (pure): the N best seats of a session, on the seating index of its drawing
 * (rows.ts) and a status per position:
 *
 * - TAKEN: not for sale now (held, sold, or in a zone not priced in this session): a wall;
 * - FREE: free, but not one the visitor asked for (another price level, or excluded by
 *   "show me others"): it still counts as an empty seat for the single-seat rule;
 * - WANTED: free and of the asked price level.
 *
 * Preference, best first: N adjacent seats in one row segment that leave no single empty seat
 * (between taken ones or at a row end); a block over up to MAX_BLOCK_ROWS consecutive rows of a
 * sector that leaves none; then the same two allowing a single seat (only when no alternative
 * exists). Among equals the lowest total seat cost wins (for blocks: fewest rows, then the
 * smallest spread), ties by position, so the same state always gives the same answer.
 *
 * Cost: one pass over the positions with a sliding window sum: O(seats), no allocation per seat.
 * The block fallback runs only when no row has N wanted seats together.
 */
export const TAKEN = 0
export const FREE = 1
export const WANTED = 2

export interface BestPick {
  /** Positions in the index, in layout order. */
  positions: number[]
  /** All in one row segment. */
  together: boolean
  /** The pick leaves a single empty seat (there was no alternative). */
  leavesSingle: boolean
}

interface Window {
  start: number
  sum: number
}

/** The best N seats, or null when fewer than N wanted seats can form a row or block. */
export function pickBest(index: SeatingIndex, status: Uint8Array, n: number): BestPick | null {
  if (n < 1) return null
  const row = bestInRows(index, status, n)
  if (row.clean) return { positions: range(row.clean.start, n), together: true, leavesSingle: false }
  const block = bestBlock(index, status, n)
  if (block && !block.leavesSingle) return block
  if (row.any) return { positions: range(row.any.start, n), together: true, leavesSingle: true }
  return block
}

function range(start: number, n: number): number[] {
  const out = new Array<number>(n)
  for (let i = 0; i < n; i++) out[i] = start + i
  return out
}

/**
 * Calls `visit` for every run of wanted seats [ws, we) in segments [s0, s1), with the run of
 * empty seats [fs, fe) around it (FREE counts as empty for the single-seat rule). One walk for
 * the row pick and the block's pieces; a call per wanted run, not per seat.
 */
function eachWantedRun(index: SeatingIndex, status: Uint8Array, s0: number, s1: number, visit: (fs: number, fe: number, ws: number, we: number) => void): void {
  const { segStart } = index
  for (let s = s0; s < s1; s++) {
    const end = segStart[s + 1]
    let p = segStart[s]
    while (p < end) {
      if (status[p] === TAKEN) {
        p++
        continue
      }
      const fs = p
      while (p < end && status[p] !== TAKEN) p++
      const fe = p
      let q = fs
      while (q < fe) {
        if (status[q] !== WANTED) {
          q++
          continue
        }
        const ws = q
        while (q < fe && status[q] === WANTED) q++
        visit(fs, fe, ws, q)
      }
    }
  }
}

/** Whether seats [w, w + len) of the empty run [fs, fe) leave a single empty seat beside them. */
const leavesSingleSeat = (fs: number, fe: number, w: number, len: number): boolean => w - fs === 1 || fe - (w + len) === 1

/** Best window of N wanted seats in one segment: the best leaving no single seat, and the best of all. */
function bestInRows(index: SeatingIndex, status: Uint8Array, n: number): { clean: Window | null; any: Window | null } {
  const { segStart, cost } = index
  let clean: Window | null = null
  let any: Window | null = null
  eachWantedRun(index, status, 0, segStart.length - 1, (fs, fe, ws, we) => {
    if (we - ws < n) return
    let sum = 0
    for (let i = ws; i < ws + n; i++) sum += cost[i]
    for (let w = ws; w + n <= we; w++) {
      if (w > ws) sum += cost[w + n - 1] - cost[w - 1]
      if (!any || sum < any.sum - 1e-12) any = { start: w, sum }
      if (!leavesSingleSeat(fs, fe, w, n) && (!clean || sum < clean.sum - 1e-12)) clean = { start: w, sum }
    }
  })
  return { clean, any }
}

interface Piece {
  start: number
  len: number
  single: boolean
  cx: number
  cy: number
}

/**
 * The tightest block over consecutive rows of one sector: from each start row, the longest
 * wanted run of each next row is taken (as much as is still needed), placed nearest the
 * block's first piece and, where it can, so that no single seat is left beside it.
 */
function bestBlock(index: SeatingIndex, status: Uint8Array, n: number): BestPick | null {
  const { rowSegStart, rowSector } = index
  const rows = rowSector.length
  let best: { pick: BestPick; key: number[] } | null = null
  for (let r = 0; r < rows; r++) {
    const pieces: Piece[] = []
    let left = n
    let anchor: { x: number; y: number } | null = null
    for (let k = 0; k < MAX_BLOCK_ROWS && left > 0 && r + k < rows && rowSector[r + k] === rowSector[r]; k++) {
      const piece = bestPiece(index, status, rowSegStart[r + k], rowSegStart[r + k + 1], left, anchor)
      if (!piece) break
      pieces.push(piece)
      left -= piece.len
      anchor ??= { x: piece.cx, y: piece.cy }
    }
    if (left > 0 || pieces.length < 2) continue
    const positions = pieces.flatMap((pc) => range(pc.start, pc.len))
    const leavesSingle = pieces.some((pc) => pc.single)
    const key = [leavesSingle ? 1 : 0, pieces.length, spread(index, positions), positions.reduce((s, p) => s + index.cost[p], 0)]
    if (!best || less(key, best.key)) best = { pick: { positions, together: false, leavesSingle }, key }
  }
  return best?.pick ?? null
}

function less(a: number[], b: number[]): boolean {
  for (let i = 0; i < a.length; i++) {
    if (a[i] < b[i] - 1e-9) return true
    if (a[i] > b[i] + 1e-9) return false
  }
  return false
}

function spread(index: SeatingIndex, positions: number[]): number {
  let x0 = Infinity
  let x1 = -Infinity
  let y0 = Infinity
  let y1 = -Infinity
  for (const p of positions) {
    x0 = Math.min(x0, index.x[p])
    x1 = Math.max(x1, index.x[p])
    y0 = Math.min(y0, index.y[p])
    y1 = Math.max(y1, index.y[p])
  }
  return Math.hypot(x1 - x0, y1 - y0)
}

/** In segments [s0, s1) of a row: the longest wanted run (capped at `want`), placed best. */
function bestPiece(index: SeatingIndex, status: Uint8Array, s0: number, s1: number, want: number, anchor: { x: number; y: number } | null): Piece | null {
  const { cost, x, y } = index
  // Widened by `as`: assigned inside the callback, which control-flow narrowing does not follow.
  let best = null as { piece: Piece; key: number[] } | null
  eachWantedRun(index, status, s0, s1, (fs, fe, ws, we) => {
    const len = Math.min(want, we - ws)
    for (let w = ws; w + len <= we; w++) {
      const single = leavesSingleSeat(fs, fe, w, len)
      let cx = 0
      let cy = 0
      let sum = 0
      for (let i = w; i < w + len; i++) {
        cx += x[i]
        cy += y[i]
        sum += cost[i]
      }
      cx /= len
      cy /= len
      const key = [-len, single ? 1 : 0, anchor ? Math.hypot(cx - anchor.x, cy - anchor.y) : sum]
      if (!best || less(key, best.key)) best = { piece: { start: w, len, single, cx, cy }, key }
    }
  })
  return best?.piece ?? null
}

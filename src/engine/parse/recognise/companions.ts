/**
 * Seat types after classification: types the markup puts on shapes that are not seats but lie on
 * one (a wheelchair icon drawn over a seat, too few to be a cluster of their own) go to that seat,
 * and each companion seat is linked to the wheelchair space beside it in its row, by geometry:
 * the nearest space along the row (the seats' own x axis, so rotated and curved rows work),
 * within COMPANION_REACH seat widths and less than ROW_TOLERANCE seat heights across it.
 * Cost: O(seats) for a grid of the typed seats only (a handful per venue) plus a query per
 * companion seat and per typed non-seat shape.
 */
import { SeatAccess, SEAT_ACCESS_NAMES } from '../../model'
import type { Candidates } from './candidates'
import { PointGrid } from './grid'

/** A companion seat goes with a wheelchair space at most this many seat widths along its row. */
export const COMPANION_REACH = 2.5
/** … and at most this many seat heights across the row (the next row is not "beside"). */
export const ROW_TOLERANCE = 0.6

export type AccessCounts = Record<NonNullable<(typeof SEAT_ACCESS_NAMES)[number]>, number> & {
  /** Companion seats linked to a wheelchair space beside them. */
  companionsLinked: number
}

export function emptyAccessCounts(): AccessCounts {
  return { wheelchair: 0, companion: 0, transfer: 0, restricted: 0, signlang: 0, companionsLinked: 0 }
}

/** Gives seats the types of typed non-seat shapes (result 0) whose centre lies on them; returns how many seats took one. */
export function typesFromShapesOnSeats(c: Candidates, seats: readonly number[], result: Uint8Array): number {
  const typed: number[] = []
  for (let i = 0; i < c.length; i++) if (result[i] === 0 && c.access[i] !== 0) typed.push(i)
  if (typed.length === 0) return 0
  let size = 0
  for (const i of seats) size = Math.max(size, c.w[i], c.h[i])
  const grid = new PointGrid(c.x, c.y, Math.max(size, 1e-6), seats, c.length)
  let took = 0
  for (const t of typed) {
    let best = -1
    let bestDist = Infinity
    grid.near(c.x[t], c.y[t], (i) => {
      const d = Math.hypot(c.x[i] - c.x[t], c.y[i] - c.y[t])
      if (d <= Math.max(c.halfX(i), c.halfY(i)) && d < bestDist) {
        best = i
        bestDist = d
      }
    })
    if (best >= 0 && c.access[best] === 0) {
      c.access[best] = c.access[t]
      took++
    }
  }
  return took
}

/**
 * The wheelchair space of each companion seat among `seats`, as a position in `seats` (-1: none
 * beside it). `row`: the row label of a candidate; a space in the same labelled row is preferred.
 */
export function linkCompanions(c: Candidates, seats: readonly number[], row: (i: number) => string | undefined): Int32Array {
  const link = new Int32Array(seats.length).fill(-1)
  const spaces: number[] = []
  const position = new Map<number, number>()
  let size = 0
  seats.forEach((i, k) => {
    if (c.access[i] === SeatAccess.Wheelchair) {
      spaces.push(i)
      position.set(i, k)
      size = Math.max(size, c.w[i], c.h[i])
    }
  })
  if (spaces.length === 0) return link
  const grid = new PointGrid(c.x, c.y, Math.max(size * COMPANION_REACH, 1e-6), spaces, c.length)
  seats.forEach((i, k) => {
    if (c.access[i] !== SeatAccess.Companion) return
    const cos = Math.cos(c.rot[i])
    const sin = Math.sin(c.rot[i])
    const myRow = row(i)
    let best = -1
    let bestScore = Infinity
    grid.near(c.x[i], c.y[i], (j) => {
      const dx = c.x[j] - c.x[i]
      const dy = c.y[j] - c.y[i]
      // Along and across the companion seat's row (its own axes).
      const along = Math.abs(dx * cos + dy * sin)
      const across = Math.abs(-dx * sin + dy * cos)
      if (along > COMPANION_REACH * Math.max(c.w[i], c.w[j]) || across > ROW_TOLERANCE * Math.max(c.h[i], c.h[j])) return
      // Same labelled row first, then the nearest.
      const score = along + (myRow !== undefined && row(j) === myRow ? 0 : Number.MAX_SAFE_INTEGER / 2)
      if (score < bestScore) {
        bestScore = score
        best = j
      }
    })
    if (best >= 0) link[k] = position.get(best)!
  })
  return link
}

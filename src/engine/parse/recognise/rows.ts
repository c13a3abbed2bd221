/**
 * Labels from geometry where the drawing gives none, the way an usher reads a hall:
 *  - rows: seats chained to their nearest neighbours along a line or an arc (shortest links
 *    first, at most two per seat, turning at most MAX_TURN per seat, preferring the seat's own
 *    x axis), so a row stops at an aisle;
 *  - numbers: 1, 2, … along each row from its left end (its top end for a vertical row);
 *  - sectors (only when rows are inferred too): groups of seats separated by aisles wider than
 *    SECTOR_GAP seat pitches, numbered top to bottom, then left to right;
 *  - rows are numbered within their sector from the stage (a text naming it), else top to bottom.
 * Cost: O(n log n) for the sorted links of the n seats without labels; nothing when all have them.
 */
import type { Candidates } from './candidates'
import { PointGrid } from './grid'

/** Links between seats longer than this many seat pitches never join a row. */
const ROW_LINK = 1.7
/** Largest turn between consecutive links of a row (an arc's seats turn a few degrees each). */
const MAX_TURN = (35 * Math.PI) / 180
/** Links across the seat's own axis cost this much more (rows run along a seat's width). */
const CROSS_PENALTY = 0.35
/** Seats further apart than this many pitches are in different sectors (an aisle). */
const SECTOR_GAP = 2.6

export interface Inferred {
  rows: number
  numbers: number
  sectors: number
}

/** Typical distance from a seat to its nearest neighbour (median of up to 4096 seats). */
function pitchOf(c: Candidates, seats: number[], grid: PointGrid): number {
  const step = Math.max(1, Math.floor(seats.length / 4096))
  const d: number[] = []
  for (let k = 0; k < seats.length; k += step) {
    const i = seats[k]
    let best = Infinity
    grid.near(c.x[i], c.y[i], (j) => {
      if (j === i) return
      const dist = Math.hypot(c.x[j] - c.x[i], c.y[j] - c.y[i])
      if (dist > 0 && dist < best) best = dist
    })
    if (best < Infinity) d.push(best)
  }
  d.sort((a, b) => a - b)
  return d.length ? d[d.length >> 1] : 0
}

function find(parent: Int32Array, i: number): number {
  while (parent[i] !== i) {
    parent[i] = parent[parent[i]]
    i = parent[i]
  }
  return i
}

/**
 * Chains seats into rows; returns each row's seats in order along it. `across`: prefer links
 * along the seats' y axis instead (rows drawn down the page, as in side balconies).
 */
export function chainRows(c: Candidates, seats: number[], pitch: number, across = false): number[][] {
  const axis = across ? Math.PI / 2 : 0
  const n = c.length
  const member = new Uint8Array(n)
  for (const i of seats) member[i] = 1
  const cell = pitch * ROW_LINK
  const grid = new PointGrid(c.x, c.y, cell, seats, n)
  const edges: { a: number; b: number; cost: number }[] = []
  for (const i of seats) {
    grid.near(c.x[i], c.y[i], (j) => {
      if (j <= i || !member[j]) return
      const dx = c.x[j] - c.x[i]
      const dy = c.y[j] - c.y[i]
      const dist = Math.hypot(dx, dy)
      if (dist === 0 || dist > cell) return
      const angle = Math.atan2(dy, dx) - (c.rot[i] + c.rot[j]) / 2 - axis
      edges.push({ a: i, b: j, cost: dist * (1 + CROSS_PENALTY * Math.abs(Math.sin(angle))) })
    })
  }
  edges.sort((p, q) => p.cost - q.cost || p.a - q.a || p.b - q.b)
  const parent = new Int32Array(n)
  for (const i of seats) parent[i] = i
  const links = new Map<number, number[]>()
  const linksOf = (i: number) => links.get(i) ?? []
  const straight = (i: number, j: number): boolean => {
    // The turn at i between its existing link and the new one to j.
    for (const k of linksOf(i)) {
      const ax = c.x[i] - c.x[k]
      const ay = c.y[i] - c.y[k]
      const bx = c.x[j] - c.x[i]
      const by = c.y[j] - c.y[i]
      const cos = (ax * bx + ay * by) / (Math.hypot(ax, ay) * Math.hypot(bx, by))
      if (cos < Math.cos(MAX_TURN)) return false
    }
    return true
  }
  for (const { a, b } of edges) {
    if (linksOf(a).length >= 2 || linksOf(b).length >= 2) continue
    const ra = find(parent, a)
    const rb = find(parent, b)
    if (ra === rb || !straight(a, b) || !straight(b, a)) continue
    parent[ra] = rb
    links.set(a, [...linksOf(a), b])
    links.set(b, [...linksOf(b), a])
  }
  const rows: number[][] = []
  const done = new Set<number>()
  for (const i of seats) {
    if (done.has(i) || linksOf(i).length > 1) continue
    // i is an end of its chain (or alone): walk to the other end.
    const chain = [i]
    done.add(i)
    let prev = -1
    let cur = i
    for (;;) {
      const nextSeat = linksOf(cur).find((k) => k !== prev)
      if (nextSeat === undefined || done.has(nextSeat)) break
      chain.push(nextSeat)
      done.add(nextSeat)
      prev = cur
      cur = nextSeat
    }
    const first = chain[0]
    const last = chain[chain.length - 1]
    const dx = c.x[last] - c.x[first]
    const dy = c.y[last] - c.y[first]
    if (Math.abs(dx) >= Math.abs(dy) ? dx < 0 : dy < 0) chain.reverse()
    rows.push(chain)
  }
  return rows
}

/** Groups seats separated by less than SECTOR_GAP pitches. */
function sectorsOf(c: Candidates, seats: number[], pitch: number): number[][] {
  const n = c.length
  const member = new Uint8Array(n)
  for (const i of seats) member[i] = 1
  const gap = pitch * SECTOR_GAP
  const grid = new PointGrid(c.x, c.y, gap, seats, n)
  const parent = new Int32Array(n)
  for (const i of seats) parent[i] = i
  for (const i of seats) {
    grid.near(c.x[i], c.y[i], (j) => {
      if (j <= i || !member[j]) return
      if (Math.hypot(c.x[j] - c.x[i], c.y[j] - c.y[i]) <= gap) {
        const ri = find(parent, i)
        const rj = find(parent, j)
        if (ri !== rj) parent[ri] = rj
      }
    })
  }
  const groups = new Map<number, number[]>()
  for (const i of seats) {
    const r = find(parent, i)
    const g = groups.get(r)
    if (g) g.push(i)
    else groups.set(r, [i])
  }
  return [...groups.values()]
}

function centroid(c: Candidates, seats: number[]): [number, number] {
  let x = 0
  let y = 0
  for (const i of seats) {
    x += c.x[i]
    y += c.y[i]
  }
  return [x / seats.length, y / seats.length]
}

/**
 * Infers what the markup left out, for seats (indices into c) in document order, writing labels
 * into c. `stage`: a point named as the stage, rows are numbered from it when given.
 * Sets `flags.row` / `flags.number` / `flags.sector` for the seats it labelled.
 */
export function inferLabels(c: Candidates, seats: number[], stage: [number, number] | null, flags: { row: Uint8Array; number: Uint8Array; sector: Uint8Array }): Inferred {
  const out: Inferred = { rows: 0, numbers: 0, sectors: 0 }
  if (seats.length === 0) return out
  const noRow = seats.filter((i) => !c.row.has(i))
  if (noRow.length > 0) {
    const pitch = seatPitch(c, noRow)
    const noSector = noRow.every((i) => !c.sector.has(i)) && seats.every((i) => !c.sector.has(i))
    const groups = noSector ? sectorsOf(c, noRow, pitch) : null
    if (groups && groups.length > 1) {
      const named = groups.map((g) => ({ g, at: centroid(c, g) }))
      named.sort((p, q) => p.at[1] - q.at[1] || p.at[0] - q.at[0])
      named.forEach(({ g }, k) => {
        for (const i of g) {
          c.sector.set(i, String(k + 1))
          flags.sector[i] = 1
        }
      })
      out.sectors = groups.length
    }
    const rows = chainRows(c, noRow, pitch)
    // Rows per sector, numbered from the stage (nearest first) or top to bottom.
    const bySector = new Map<string, { seats: number[]; at: [number, number] }[]>()
    for (const r of rows) {
      const key = c.sector.get(r[0]) ?? ''
      const list = bySector.get(key) ?? []
      list.push({ seats: r, at: centroid(c, r) })
      bySector.set(key, list)
    }
    for (const list of bySector.values()) {
      const distance = (p: [number, number]) => (stage ? Math.hypot(p[0] - stage[0], p[1] - stage[1]) : p[1])
      list.sort((p, q) => distance(p.at) - distance(q.at) || p.at[0] - q.at[0])
      list.forEach(({ seats: r }, k) => {
        for (const i of r) {
          c.row.set(i, String(k + 1))
          flags.row[i] = 1
        }
        out.rows++
        if (r.every((i) => !c.number.has(i))) {
          r.forEach((i, pos) => {
            c.number.set(i, String(pos + 1))
            flags.number[i] = 1
          })
          out.numbers += r.length
        }
      })
    }
  }
  // Seats with a row but no number: numbered along their row.
  const byRow = new Map<string, number[]>()
  for (const i of seats) {
    if (c.number.has(i)) continue
    const key = `${c.sector.get(i) ?? ''}\u0000${c.row.get(i) ?? ''}`
    const list = byRow.get(key) ?? []
    list.push(i)
    byRow.set(key, list)
  }
  for (const list of byRow.values()) {
    let x0 = Infinity
    let x1 = -Infinity
    let y0 = Infinity
    let y1 = -Infinity
    for (const i of list) {
      x0 = Math.min(x0, c.x[i])
      x1 = Math.max(x1, c.x[i])
      y0 = Math.min(y0, c.y[i])
      y1 = Math.max(y1, c.y[i])
    }
    const alongX = x1 - x0 >= y1 - y0
    list.sort((a, b) => (alongX ? c.x[a] - c.x[b] || c.y[a] - c.y[b] : c.y[a] - c.y[b] || c.x[a] - c.x[b]))
    list.forEach((i, pos) => {
      c.number.set(i, String(pos + 1))
      flags.number[i] = 1
    })
    out.numbers += list.length
  }
  return out
}

/** The seats' typical distance to their nearest neighbour (their largest size when alone). */
export function seatPitch(c: Candidates, seats: number[]): number {
  let size = 0
  for (const i of seats) size = Math.max(size, Math.max(c.w[i], c.h[i]))
  const pitch = pitchOf(c, seats, new PointGrid(c.x, c.y, size * 2, seats, c.length))
  return pitch > 0 ? pitch : size
}

/** A row read across the seats' axis must be this many times longer than the one along it. */
const ACROSS_LONGER = 1.5

/**
 * Share of seats whose row label is the one most seats of their geometric row carry: near 1
 * when the labels follow the rows, low when they do not (ids copied with their shapes). Below
 * `enough`, the rows are chained again across the seats' axis, and a seat whose chain that way
 * is clearly longer (ACROSS_LONGER) agrees when its label is that chain's: side balconies run
 * their rows down the page as long thin strips, where on a square grid the preferred axis reads
 * the short columns as rows. A block as deep as it is wide (ub-palace, whose ids put the seat
 * before the row) keeps the first reading, so its ids still fail.
 * Cost: one chaining of the seats, a second only for a drawing that fails the first.
 */
export function rowAgreement(c: Candidates, seats: number[], enough = 1): number {
  if (seats.length === 0) return 1
  const pitch = seatPitch(c, seats)
  const agrees = new Uint8Array(c.length)
  const along = chainRows(c, seats, pitch)
  let agree = markAgreeing(c, along, agrees, null)
  if (agree < seats.length * enough) {
    const alongLength = new Uint32Array(c.length)
    for (const r of along) for (const i of r) alongLength[i] = r.length
    agree += markAgreeing(c, chainRows(c, seats, pitch, true), agrees, alongLength)
  }
  return agree / seats.length
}

/**
 * Marks the seats carrying their row's majority label (not marked yet; with `shorter`, only
 * seats whose row here is ACROSS_LONGER times the length given there); returns how many it marked.
 */
function markAgreeing(c: Candidates, rows: number[][], agrees: Uint8Array, shorter: Uint32Array | null): number {
  let marked = 0
  for (const r of rows) {
    const counts = new Map<string, number>()
    const keys = r.map((i) => `${c.sector.get(i) ?? ''}\u0000${c.row.get(i) ?? ''}`)
    let best = ''
    let bestCount = 0
    for (const key of keys) {
      const n = (counts.get(key) ?? 0) + 1
      counts.set(key, n)
      if (n > bestCount) {
        bestCount = n
        best = key
      }
    }
    r.forEach((i, k) => {
      if (keys[k] !== best || agrees[i] || (shorter && r.length < ACROSS_LONGER * shorter[i])) return
      agrees[i] = 1
      marked++
    })
  }
  return marked
}

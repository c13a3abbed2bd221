/**
 * Finding a seat by its key when the keys are kept as parts (a compiled venue: a prefix string and
 * a trailing number, compiled/splitKey.ts), without a string per seat. Seats of one row follow
 * each other with consecutive numbers, so the keys fall into runs (model.ts KeyRunBuffers). A key
 * is split as the compiler split it, its prefix found by binary search over the distinct prefixes
 * (sorted by their strings), and its number by binary search over that prefix's runs.
 *
 * At 1,000,000 stadium seats: ~10,400 runs and ~11,000 prefixes, about 200 kB, built with the
 * decode in the venue worker (two passes over the part columns, one sort of the prefixes: ~20 ms
 * in Node here), where a map of every key built on the page took 1.7 s and ~60 MB. A lookup
 * decodes, until they are cached, the prefixes its search compares; ~0.2 µs after that (Node).
 * Keys with no shared prefix make one run a seat: 20 B a seat and a sort of every key, still off
 * the page.
 */
import type { KeyRunBuffers, StringTableBuffers } from './model'
import { splitKey } from './compiled/splitKey'
import { stringAt } from './strings/stringAt'

/** The runs of the key parts, or undefined when the table keeps no keys as parts. */
export function buildKeyRuns(strings: StringTableBuffers): KeyRunBuffers | undefined {
  const { keyPrefix: prefix, keySuffix: suffix } = strings
  if (prefix === undefined || suffix === undefined) return undefined
  const n = prefix.length
  if (n === 0) return { start: new Uint32Array(0), first: new Uint32Array(0), length: new Uint32Array(0), order: new Uint32Array(0), prefixes: new Uint32Array(0), groupStart: new Uint32Array(1) }
  // Two plain passes (count, then fill): a seat opens a run unless it continues the one before.
  let runs = 1
  for (let i = 1; i < n; i++) if (prefix[i] !== prefix[i - 1] || suffix[i] !== suffix[i - 1] + 1) runs++
  const start = new Uint32Array(runs)
  const first = new Uint32Array(runs)
  const length = new Uint32Array(runs)
  first[0] = suffix[0]
  let r = 0
  for (let i = 1; i < n; i++) {
    if (prefix[i] !== prefix[i - 1] || suffix[i] !== suffix[i - 1] + 1) {
      length[r] = i - start[r]
      start[++r] = i
      first[r] = suffix[i]
    }
  }
  length[r] = n - start[r]
  // Runs counted by prefix id (counting sort), then the distinct prefixes sorted by their strings.
  const packed = strings.offsets.length - 1
  const perPrefix = new Uint32Array(packed)
  for (let r = 0; r < runs; r++) perPrefix[prefix[start[r]]]++
  const ids: number[] = []
  for (let p = 0; p < packed; p++) if (perPrefix[p] > 0) ids.push(p)
  const text = ids.map((p) => stringAt(strings, p))
  const sorted = ids.map((_, j) => j).sort((a, b) => (text[a] < text[b] ? -1 : text[a] > text[b] ? 1 : 0))
  const prefixes = Uint32Array.from(sorted, (j) => ids[j])
  const groupStart = new Uint32Array(prefixes.length + 1)
  const at = new Uint32Array(packed)
  for (let j = 0; j < prefixes.length; j++) {
    groupStart[j + 1] = groupStart[j] + perPrefix[prefixes[j]]
    at[prefixes[j]] = groupStart[j]
  }
  const order = new Uint32Array(runs)
  for (let r = 0; r < runs; r++) order[at[prefix[start[r]]]++] = r
  for (let j = 0; j < prefixes.length; j++) {
    if (groupStart[j + 1] - groupStart[j] > 1) order.subarray(groupStart[j], groupStart[j + 1]).sort((a, b) => first[a] - first[b])
  }
  return { start, first, length, order, prefixes, groupStart }
}

/**
 * Seat index of `key` through the runs, -1 when no seat has it. `names` caches the prefixes'
 * strings by their position in `runs.prefixes` (filled as lookups read them), so lookups after
 * the first few decode nothing.
 */
export function seatOfKey(strings: StringTableBuffers, runs: KeyRunBuffers, key: string, names: (string | undefined)[] = []): number {
  const [prefix, number] = splitKey(key)
  // The prefix among the sorted distinct prefixes.
  let lo = 0
  let hi = runs.prefixes.length - 1
  let group = -1
  while (lo <= hi) {
    const mid = (lo + hi) >> 1
    const s = (names[mid] ??= stringAt(strings, runs.prefixes[mid]))
    if (s === prefix) {
      group = mid
      break
    }
    if (s < prefix) lo = mid + 1
    else hi = mid - 1
  }
  if (group < 0) return -1
  // The last run of the group whose first number is at most the key's.
  const { order, first, start, length } = runs
  lo = runs.groupStart[group]
  hi = runs.groupStart[group + 1] - 1
  let run = -1
  while (lo <= hi) {
    const mid = (lo + hi) >> 1
    if (first[order[mid]] <= number) {
      run = order[mid]
      lo = mid + 1
    } else hi = mid - 1
  }
  if (run < 0 || number - first[run] >= length[run]) return -1
  // The seat's parts are this prefix and this number, and splitKey gives every key's parts in
  // one way only (the number written without leading zeros), so its key is `key`: no read-back.
  return start[run] + number - first[run]
}

/**
 * Deterministic pseudo-random numbers for the venue generator (mulberry32: 32-bit state,
 * period 2^32, good enough for layout choices; not for anything secret).
 */
export type Random = () => number

export function createRandom(seed: number): Random {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** An integer in [0, n). */
export function randomInt(random: Random, n: number): number {
  return Math.floor(random() * n)
}

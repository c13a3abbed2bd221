/**
 * Deterministic venue generator: theatre (curved rows, balconies, boxes), concert hall,
 * arena (standing floor, two rings) and stadium (three tiers around a field), with exactly the
 * requested number of seats and SVG in real drawings' encodings (see writer.ts).
 *
 * Cost: O(seats) time; memory is the plan (rows, not seats) plus one sector's markup at a time
 * when streamed with `generateVenueChunks`; `generateVenue` joins everything into one string.
 */
import { LAYOUTS, VENUE_KINDS, type VenueKind } from './layouts'
import { planSeatCount, trimPlan, type VenuePlan } from './plan'
import { createRandom } from './random'
import { writePlan } from './writer'

export type { VenueKind } from './layouts'
export { VENUE_KINDS } from './layouts'

export const MIN_GENERATED_SEATS = 100
export const MAX_GENERATED_SEATS = 1_000_000
/** Seed used when none is given, so two runs without a seed agree. */
export const DEFAULT_SEED = 1

export interface GenerateOptions {
  kind: VenueKind
  seats: number
  seed?: number
}

function validate(options: GenerateOptions): void {
  if (!VENUE_KINDS.includes(options.kind)) throw new Error(`unknown venue kind "${String(options.kind)}" (expected ${VENUE_KINDS.join(', ')})`)
  if (!Number.isInteger(options.seats) || options.seats < MIN_GENERATED_SEATS || options.seats > MAX_GENERATED_SEATS)
    throw new Error(`seats must be an integer from ${MIN_GENERATED_SEATS} to ${MAX_GENERATED_SEATS}`)
}

/** The smallest-depth plan holding at least `seats`, trimmed to exactly `seats`. */
export function planVenue(options: GenerateOptions): VenuePlan {
  validate(options)
  const seed = options.seed ?? DEFAULT_SEED
  const letterRandom = createRandom(seed ^ 0x5eed)
  const letters: boolean[] = []
  const layoutOptions = {
    letters: (i: number) => {
      while (letters.length <= i) letters.push(letterRandom() < 0.3)
      return letters[i]
    },
  }
  const build = LAYOUTS[options.kind]
  // Capacity grows monotonically with depth: double, then bisect.
  let lo = 1
  let hi = 2
  while (planSeatCount(build(hi, layoutOptions)) < options.seats) {
    lo = hi
    hi *= 2
  }
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (planSeatCount(build(mid, layoutOptions)) >= options.seats) hi = mid
    else lo = mid + 1
  }
  const plan = build(hi, layoutOptions)
  trimPlan(plan, planSeatCount(plan) - options.seats)
  return plan
}

/** Streams the SVG in chunks (header, one per shape and sector, footer). */
export function* generateVenueChunks(options: GenerateOptions): Generator<string> {
  const plan = planVenue(options)
  const seed = options.seed ?? DEFAULT_SEED
  yield* writePlan(plan, createRandom(seed), { kind: options.kind, seed })
}

/** The whole SVG as one string. */
export function generateVenue(options: GenerateOptions): string {
  return Array.from(generateVenueChunks(options)).join('')
}

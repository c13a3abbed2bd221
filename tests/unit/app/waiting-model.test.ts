import { describe, expect, it } from 'vitest'
import { estimateParts, MIN_POLL_MS, nextAskMs, ON_SALE_SPREAD_MAX_MS, ON_SALE_SPREAD_MS_PER_VISITOR, POLL_JITTER_SHARE } from '../../../src/app/screens/waiting/waitingModel'

describe('waiting page model', () => {
  const placed = { place: 40, waiting: 1000 }
  const at = (x: number) => () => x

  it('asks again after poll_s, sooner when the turn is due, never more often than MIN_POLL_MS', () => {
    expect(nextAskMs({ ...placed, poll_s: 5, estimate_s: 120 }, at(0.5))).toBe(5000)
    expect(nextAskMs({ ...placed, poll_s: 5, estimate_s: 2 }, at(0.99))).toBe(2000)
    expect(nextAskMs({ ...placed, poll_s: 5, estimate_s: 0 }, at(0.5))).toBe(MIN_POLL_MS)
    expect(nextAskMs({ ...placed, poll_s: 5, estimate_s: null }, at(0.5))).toBe(5000)
  })

  it('spreads the periodic asks around poll_s, so visitors who joined together do not ask together', () => {
    const early = nextAskMs({ ...placed, poll_s: 30, estimate_s: 600 }, at(0))
    const late = nextAskMs({ ...placed, poll_s: 30, estimate_s: 600 }, at(0.999999))
    expect(early).toBe(30_000 * (1 - POLL_JITTER_SHARE))
    expect(late).toBe(30_000 * (1 + POLL_JITTER_SHARE))
    const seen = new Set(Array.from({ length: 50 }, () => nextAskMs({ ...placed, poll_s: 30, estimate_s: 600 })))
    expect(seen.size).toBeGreaterThan(10)
    for (const ms of seen) expect(Math.abs(ms - 30_000)).toBeLessThanOrEqual(30_000 * POLL_JITTER_SHARE)
  })

  it('before the draw, spreads the asks after the on-sale moment by the size of the room, up to a cap', () => {
    const before = { place: null, poll_s: 5, estimate_s: 3 }
    expect(nextAskMs({ ...before, waiting: 100 }, at(0))).toBe(3000)
    expect(nextAskMs({ ...before, waiting: 100 }, at(0.5))).toBe(3000 + 50 * ON_SALE_SPREAD_MS_PER_VISITOR)
    expect(nextAskMs({ ...before, waiting: 1_000_000 }, at(0.5))).toBe(3000 + ON_SALE_SPREAD_MAX_MS / 2)
    // After the draw the places already spread the asks (one admission at a time): no more delay.
    expect(nextAskMs({ ...placed, poll_s: 5, estimate_s: 3 }, at(0.9))).toBe(3000)
  })

  it('shows estimates under a minute as such, then whole minutes and hours (rounded up)', () => {
    expect(estimateParts(59)).toBeNull()
    expect(estimateParts(60)).toEqual({ hours: 0, minutes: 1 })
    expect(estimateParts(61)).toEqual({ hours: 0, minutes: 2 })
    expect(estimateParts(3 * 3600 + 1)).toEqual({ hours: 3, minutes: 1 })
  })
})

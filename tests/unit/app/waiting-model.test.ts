import { describe, expect, it } from 'vitest'
import { estimateParts, MIN_POLL_MS, nextAskMs } from '../../../src/app/screens/waiting/waitingModel'

describe('waiting page model', () => {
  it('asks again after poll_s, sooner when the turn is due, never more often than MIN_POLL_MS', () => {
    expect(nextAskMs({ poll_s: 5, estimate_s: 120 })).toBe(5000)
    expect(nextAskMs({ poll_s: 5, estimate_s: 2 })).toBe(2000)
    expect(nextAskMs({ poll_s: 5, estimate_s: 0 })).toBe(MIN_POLL_MS)
    expect(nextAskMs({ poll_s: 5, estimate_s: null })).toBe(5000)
  })

  it('shows estimates under a minute as such, then whole minutes and hours (rounded up)', () => {
    expect(estimateParts(59)).toBeNull()
    expect(estimateParts(60)).toEqual({ hours: 0, minutes: 1 })
    expect(estimateParts(61)).toEqual({ hours: 0, minutes: 2 })
    expect(estimateParts(3 * 3600 + 1)).toEqual({ hours: 3, minutes: 1 })
  })
})

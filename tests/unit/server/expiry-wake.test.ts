import { describe, expect, it } from 'vitest'
import { EXPIRY_WAKE_LAG_MS, expiryWakeDelay } from '../../../src/server/plugins/services/sweepers'

/** Issue 16.3: the expiry sweep wakes at the next hold's end instead of waiting for its interval. */
describe('expiryWakeDelay', () => {
  const now = 1_000_000
  const interval = 30_000

  it('wakes just after the next expiry when it comes before the periodic run', () => {
    expect(expiryWakeDelay(now + 4_000, now, interval)).toBe(4_000 + EXPIRY_WAKE_LAG_MS)
    // Already due (the lookup raced the clock): at once, plus the lag.
    expect(expiryWakeDelay(now - 50, now, interval)).toBe(EXPIRY_WAKE_LAG_MS)
  })

  it('leaves a later expiry, or none, to the periodic run (which schedules it then)', () => {
    expect(expiryWakeDelay(now + interval, now, interval)).toBeNull()
    expect(expiryWakeDelay(now + 10 * interval, now, interval)).toBeNull()
    expect(expiryWakeDelay(null, now, interval)).toBeNull()
  })
})

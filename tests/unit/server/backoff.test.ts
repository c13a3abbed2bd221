import { describe, expect, it } from 'vitest'
import { backoffMs } from '../../../src/server/background/backoff'
import { retryDelayMs } from '../../../src/server/mail/outbox'
import { refundRetryDelayMs } from '../../../src/server/payments/refund-outbox'

describe('the outboxes\' retry rhythm (background/backoff.ts)', () => {
  it('doubles from a minute after each failure, up to its cap', () => {
    expect([1, 2, 3, 4].map((n) => backoffMs(n, 3600_000))).toEqual([60_000, 120_000, 240_000, 480_000])
    expect(backoffMs(0, 3600_000)).toBe(60_000)
    expect(backoffMs(30, 3600_000)).toBe(3600_000)
  })
  it('mail waits at most 2 h between attempts, a refund at most an hour', () => {
    expect(retryDelayMs(1)).toBe(60_000)
    expect(retryDelayMs(20)).toBe(2 * 3600_000)
    expect(refundRetryDelayMs(1)).toBe(60_000)
    expect(refundRetryDelayMs(20)).toBe(3600_000)
  })
})

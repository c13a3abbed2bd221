import { describe, expect, it } from 'vitest'
import { pollSeconds, QUEUE_POLL_MAX_S, QUEUE_POLL_S } from '../../../src/server/domain/waiting/room'

describe('waiting room poll_s', () => {
  it('asks about ten times over the wait, between QUEUE_POLL_S and QUEUE_POLL_MAX_S', () => {
    expect(pollSeconds(0)).toBe(QUEUE_POLL_S)
    expect(pollSeconds(49)).toBe(QUEUE_POLL_S)
    expect(pollSeconds(61)).toBe(7)
    expect(pollSeconds(299)).toBe(QUEUE_POLL_MAX_S)
    expect(pollSeconds(3600)).toBe(QUEUE_POLL_MAX_S)
  })
})

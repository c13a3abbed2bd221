import { describe, expect, it } from 'vitest'
import { ApiFailure } from '../../../src/server/errors'
import { RequestCommitGate } from '../../../src/server/domain/orders/commit-gate'

/**
 * The handshake between a request's deadline and its claims (domain/orders/commit-gate.ts):
 * whichever comes first wins, so a busy answer never goes out for a claim that commits.
 */
describe('request commit gate', () => {
  const busy = (f: () => void) => {
    try {
      f()
    } catch (err) {
      return err instanceof ApiFailure && err.reason === 'busy'
    }
    return false
  }

  it('a deadline that passed first makes every claim roll back', () => {
    const gate = new RequestCommitGate(Date.now())
    expect(gate.expire()).toBe(true)
    expect(gate.passed).toBe(true)
    expect(busy(() => gate.enter())).toBe(true)
  })

  it('a commit in flight makes the deadline stand aside; once committed it never answers busy', () => {
    const gate = new RequestCommitGate(Date.now())
    gate.enter()
    expect(gate.expire()).toBe(false)
    gate.leave(true)
    expect(gate.passed).toBe(false)
    expect(gate.expire()).toBe(false)
    // A later claim of the same request may still commit: its answer is the request's own.
    expect(busy(() => gate.enter())).toBe(false)
  })

  it('a commit that failed after the deadline passed lets no retry commit', () => {
    const gate = new RequestCommitGate(Date.now())
    gate.enter()
    expect(gate.expire()).toBe(false)
    gate.leave(false)
    expect(gate.passed).toBe(true)
    expect(busy(() => gate.enter())).toBe(true)
  })

  it('before the deadline, claims commit and roll back freely', () => {
    const gate = new RequestCommitGate(Date.now() + 60_000)
    gate.enter()
    gate.leave(false)
    expect(gate.passed).toBe(false)
    expect(busy(() => gate.enter())).toBe(false)
  })
})

import { describe, expect, it } from 'vitest'
import { knownFailure } from '../../../src/server/plugins/known-failures'
import { CounterStoreUnavailable } from '../../../src/server/security/counter-store'

const dbError = (code: string) => Object.assign(new Error('database said no'), { code })

describe('known failures (errors that are not bugs)', () => {
  it('answers a row pointing at nothing as bad input on both databases, not as a 500', () => {
    expect(knownFailure(dbError('23503'))?.reason).toBe('bad-request')
    expect(knownFailure(dbError('SQLITE_CONSTRAINT_FOREIGNKEY'))?.reason).toBe('bad-request')
  })

  it('answers a busy database as busy, and leaves other errors to be internal', () => {
    expect(knownFailure(dbError('55P03'))?.reason).toBe('busy')
    expect(knownFailure(dbError('SQLITE_BUSY'))?.reason).toBe('busy')
    expect(knownFailure(dbError('22P02'))?.reason).toBe('bad-request')
    expect(knownFailure(dbError('42P01'))).toBeNull()
    expect(knownFailure(new Error('something broke'))).toBeNull()
  })
  it('answers the counter store out of reach (Redis down or slow) as busy', () => {
    expect(knownFailure(new CounterStoreUnavailable(new Error('Command timed out')))?.reason).toBe('busy')
  })
})

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
  it('answers the database out of reach (restart, terminated backend, refused or lost connection) as busy', () => {
    for (const code of ['57P01', '57P02', '57P03', '53300', '08000', '08003', '08006', '08001', '08P01', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT']) {
      expect(knownFailure(dbError(code))?.reason, code).toBe('busy')
    }
    // 55000 is busy only where it means the database refuses connections; elsewhere it is a bug.
    const notAccepting = Object.assign(new Error('database "seatwise" is not currently accepting connections'), { code: '55000' })
    expect(knownFailure(notAccepting)?.reason).toBe('busy')
    expect(knownFailure(Object.assign(new Error('currval of sequence "orders_id_seq" is not yet defined in this session'), { code: '55000' }))).toBeNull()
    // node-postgres' own errors of a closed socket carry no code.
    for (const message of ['Connection terminated unexpectedly', 'Connection terminated', 'Connection terminated due to connection timeout', 'Client has encountered a connection error and is not queryable']) {
      expect(knownFailure(new Error(message))?.reason, message).toBe('busy')
    }
    expect(knownFailure(new Error('Connection terminated because I said so'))).toBeNull()
    // Not a connection problem: a syntax error stays internal.
    expect(knownFailure(dbError('42601'))).toBeNull()
  })

  it('answers the counter store out of reach (Redis down or slow) as busy', () => {
    expect(knownFailure(new CounterStoreUnavailable(new Error('Command timed out')))?.reason).toBe('busy')
  })
})

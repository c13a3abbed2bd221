import net from 'node:net'
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { ZodError } from 'zod'
import { connect } from '../../../src/server/db/connect'
import { failedService, knownFailure } from '../../../src/server/plugins/known-failures'
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

describe('what failed, as the log names it (failedService)', () => {
  it('names the database only on its evidence: a SQLSTATE, an SQLite code, node-postgres\' own words', () => {
    expect(failedService(dbError('55P03'))).toBe('database (PostgreSQL) refused')
    expect(failedService(dbError('08006'))).toBe('database (PostgreSQL) refused')
    expect(failedService(dbError('SQLITE_BUSY'))).toBe('database (SQLite) refused')
    expect(failedService(new Error('Connection terminated unexpectedly'))).toBe('database (PostgreSQL) connection failed')
    expect(failedService(new CounterStoreUnavailable(new Error('Command timed out')))).toMatch(/^Redis/)
    expect(failedService(new ZodError([]))).toBe('input refused')
  })

  it('does not blame the database for a lost socket of something else (a mail server, a bank)', () => {
    for (const code of ['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ECONNREFUSED']) {
      const lost = Object.assign(new Error(`read ${code}`), { code, syscall: 'read' })
      expect(knownFailure(lost)?.reason, code).toBe('busy')
      expect(failedService(lost), code).not.toMatch(/database \(/)
      expect(failedService(lost), code).toContain(code)
    }
    const refused = Object.assign(new Error('connect ECONNREFUSED 10.0.0.9:587'), { code: 'ECONNREFUSED', address: '10.0.0.9', port: 587 })
    expect(failedService(refused)).toContain('to 10.0.0.9:587')
  })

  it("names the database for a socket error our PostgreSQL pool's connection raised", async () => {
    // A "server" that resets every connection at once, and a port nobody listens on.
    const resetting = net.createServer((socket) => socket.resetAndDestroy())
    await new Promise<void>((resolve) => resetting.listen(0, '127.0.0.1', resolve))
    const closed = net.createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const closedPort = (closed.address() as net.AddressInfo).port
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    try {
      for (const port of [(resetting.address() as net.AddressInfo).port, closedPort]) {
        const db = connect({ kind: 'postgres', url: `postgres://postgres@127.0.0.1:${port}/none` })
        const err = await sql`select 1`.execute(db).then(() => null, (e: unknown) => e)
        await db.destroy()
        expect(knownFailure(err)?.reason, String(err)).toBe('busy')
        expect(failedService(err), String(err)).toMatch(/^database \(PostgreSQL\) connection failed \(E[A-Z]+\)$/)
      }
    } finally {
      await new Promise<void>((resolve) => resetting.close(() => resolve()))
    }
  })
})

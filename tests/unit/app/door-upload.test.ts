import { describe, expect, it } from 'vitest'
import { doorBatchRequestSchema, MAX_BATCH_SCANS, type DoorScan } from '../../../src/contract/admin/door'
import { DoorApiError, NoNetwork } from '../../../src/app/door/api'
import { uploadedScan, uploadQueued } from '../../../src/app/door/model/upload'

type Queued = DoorScan & { nonce: string }
const scan = (i: number, patch: Partial<Queued> = {}): Queued => ({ code: `code-${i}`, list_id: 1, nonce: `nonce-${String(i).padStart(4, '0')}`, direction: 'in', scannedAt: 1_000 + i, admitted: true, offline: true, ...patch })

/**
 * A door server as the batch call behaves (door-handlers.ts): more than MAX_BATCH_SCANS refused,
 * a batch with one bad scan (an exit at a gate whose exits were switched off) recorded not at
 * all; every third accepted scan flagged.
 */
function server(opts: { offlineAfter?: number } = {}) {
  const recorded: string[] = []
  let calls = 0
  const send = async (batch: Queued[]) => {
    calls++
    if (opts.offlineAfter !== undefined && calls > opts.offlineAfter) throw new NoNetwork()
    if (batch.length > MAX_BATCH_SCANS) throw new DoorApiError(400, '-1001', 'too many scans')
    if (batch.some((s) => s.direction === 'out')) throw new DoorApiError(400, '-1014', 'This gate does not scan exits')
    recorded.push(...batch.map((s) => s.nonce))
    return { answers: batch.map((s) => ({ flagged: Number(s.nonce.slice(-4)) % 3 === 0, replayed: false })) }
  }
  return { send, recorded, calls: () => calls }
}

describe('uploading the door queue', () => {
  it('sends a queue longer than one batch in batches the server takes', async () => {
    const queue = Array.from({ length: MAX_BATCH_SCANS * 2 + 7 }, (_, i) => scan(i))
    const srv = server()
    const done = await uploadQueued(queue, srv.send)
    expect(done.stoppedBy).toBeNull()
    expect(done.uploaded).toHaveLength(queue.length)
    expect(srv.recorded).toEqual(queue.map((s) => s.nonce))
    expect(srv.calls()).toBe(3)
    expect(done.flagged).toEqual(queue.filter((_, i) => i % 3 === 0).map((s) => s.nonce))
  })

  it('drops a scan the server refuses on its own and uploads the rest of its batch', async () => {
    const queue = [scan(1), scan(2, { direction: 'out' }), scan(4)]
    const srv = server()
    const done = await uploadQueued(queue, srv.send)
    expect(done.stoppedBy).toBeNull()
    expect(done.uploaded).toEqual(['nonce-0001', 'nonce-0004'])
    expect(done.refused).toEqual([{ nonce: 'nonce-0002', errorCode: '-1014', message: 'This gate does not scan exits' }])
    expect(srv.recorded).toEqual(['nonce-0001', 'nonce-0004'])
  })

  it('stops without a network and keeps what was not sent, reporting what was', async () => {
    const queue = Array.from({ length: MAX_BATCH_SCANS + 1 }, (_, i) => scan(i))
    const srv = server({ offlineAfter: 1 })
    const done = await uploadQueued(queue, srv.send)
    expect(done.stoppedBy).toBeInstanceOf(NoNetwork)
    expect(done.uploaded).toHaveLength(MAX_BATCH_SCANS)
    expect(done.refused).toEqual([])
  })

  it('keeps the queue when the server refuses the operator, not the scans', async () => {
    const signedOut = async () => {
      throw new DoorApiError(401, '-1010', 'sign in')
    }
    const done = await uploadQueued([scan(1), scan(2)], signedOut)
    expect(done.stoppedBy).toBeInstanceOf(DoorApiError)
    expect(done.uploaded).toEqual([])
    expect(done.refused).toEqual([])
  })

  it('uploads what the device showed with each queued scan, so a scan it refused is logged as refused', () => {
    const queued = { code: '123456789012', list_id: 7, nonce: 'nonce-0042', direction: 'in' as const, scannedAt: 1_000, offline: true, admitted: false, shown: 'unknown' as const, sessionId: 3, gate: 'North', ticketId: null }
    const sent = uploadedScan(queued)
    expect(sent).toEqual({ code: '123456789012', list_id: 7, nonce: 'nonce-0042', direction: 'in', scannedAt: 1_000, offline: true, admitted: false, shown: 'unknown' })
    // The batch call takes it as it is (its schema would drop an unknown field silently).
    expect(doorBatchRequestSchema.parse({ scans: [sent] }).scans[0]).toEqual(sent)
  })

  it("uploads the clock a scan was made under, so the server times it by its own clock (not the device's reckoning)", () => {
    const clock = { stamp: '1700000000000.abc', deviceAt: 1_000 }
    const queued = { code: '123456789012', list_id: 7, nonce: 'nonce-0043', direction: 'in' as const, scannedAt: 1_500, offline: true, admitted: true, shown: 'valid' as const, sessionId: 3, gate: 'North', ticketId: 5, clock, judgedAt: 1_700_000_000_500 }
    const sent = uploadedScan(queued)
    expect(sent).toEqual({ code: '123456789012', list_id: 7, nonce: 'nonce-0043', direction: 'in', scannedAt: 1_500, offline: true, admitted: true, shown: 'valid', clock })
    expect(doorBatchRequestSchema.parse({ scans: [sent] }).scans[0]).toEqual(sent)
  })
})

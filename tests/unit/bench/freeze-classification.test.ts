import { describe, expect, it } from 'vitest'
import type { CallResult } from '../../../bench/load/buyers'
import { byProcess, frozenCallKind } from '../../../bench/load/freeze'

// The freeze of bench:load's fault runs: SIGSTOP at 500 ms, SIGCONT at 3,500 ms.
const w = { from: 500, until: 3_500 }
const FROZEN = 200
const KILLED = 100
const OTHER = 300
/** A call sent at `sent` and answered (read by the bench) at `at`. */
const call = (sent: number, at: number, servedBy: number | null = FROZEN, status = 200): CallResult => ({ ms: at - sent, at, status, body: null, servedBy })

describe('bench:load frozen-process calls', () => {
  it('a call read during the freeze was written before it, not held by it', () => {
    // As in the s13-600 run: sent at the burst's start, read 140 ms after the SIGSTOP.
    expect(frozenCallKind(call(0, 641), w)).toBe('read_late')
    expect(frozenCallKind(call(0, 400), w)).toBe('before_freeze')
  })

  it('a call in flight across the SIGCONT was held, whether sent before the SIGSTOP or during the freeze', () => {
    expect(frozenCallKind(call(0, 3_600), w)).toBe('held')
    expect(frozenCallKind(call(3_400, 3_520), w)).toBe('held')
    expect(frozenCallKind(call(3_500, 3_700), w)).toBe('after_freeze')
  })

  it('counts only the held calls as held, with their own times, and keeps the other processes apart', () => {
    const results = [
      call(0, 300),
      call(0, 520),
      call(0, 641),
      call(0, 3_610),
      call(100, 3_650),
      call(3_600, 3_700),
      call(0, 700, OTHER),
      call(4_000, 4_100, OTHER),
      call(0, 900, null, 0),
    ]
    const p = byProcess(results, (r) => r.status === 200, { killed: KILLED, frozen: FROZEN }, w, [])
    expect(p.frozen_process_calls_by_kind).toEqual({ before_freeze: 1, read_late: 2, held: 2, after_freeze: 1 })
    expect(p.frozen_process_calls_held).toBe(2)
    expect(p.frozen_process_held.calls).toBe(2)
    // Every held call waited out the rest of the freeze.
    expect(p.frozen_process_held.p50_ms).toBeGreaterThanOrEqual(w.until - w.from)
    expect(p.frozen_process.calls).toBe(6)
    expect(p.other_processes.calls).toBe(2)
    expect(p.other_processes_during_freeze.calls).toBe(1)
    expect(p.no_answer_by_status).toEqual({ '0': 1 })
  })
})

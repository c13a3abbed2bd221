/**
 * The frozen process's calls in bench:load's fault runs (bench/load/scenarios.ts), told apart by
 * when they were answered against the SIGSTOP / SIGCONT of that process.
 *
 * A stopped process writes nothing, so a call it answers after its SIGSTOP but before its SIGCONT
 * was answered before the stop: the bytes were in the socket already and the bench's own busy event
 * loop read them late (in the 2026-11-25 s13-600 run 23 such calls, all read within 140 ms of the
 * SIGSTOP, were counted as "held by the freeze" with a p99 of 641 ms). A call the freeze held is one
 * still in flight when the process was let go again: sent before the SIGCONT, answered at or after it.
 */
import { stats, type CallResult } from './buyers'

export interface FreezeWindow {
  /** performance.now() of the SIGSTOP and of the SIGCONT. */
  from: number
  until: number
}

export type FrozenCallKind = 'before_freeze' | 'read_late' | 'held' | 'after_freeze'

/**
 * before_freeze: answered before the SIGSTOP; read_late: received during the freeze, so written
 * before it; held: in flight across the SIGCONT (the freeze delayed it); after_freeze: sent after it.
 */
export function frozenCallKind(r: Pick<CallResult, 'at' | 'ms'>, w: FreezeWindow): FrozenCallKind {
  const sent = r.at - r.ms
  if (sent >= w.until) return 'after_freeze'
  if (r.at < w.from) return 'before_freeze'
  if (r.at < w.until) return 'read_late'
  return 'held'
}

/**
 * The burst's calls by the process that answered: the frozen one's (split as above), the other live
 * processes' (all of them, and those in flight while the process was frozen), and calls without
 * an answer (reset by the killed process, or hung). "A frozen process delays no other process's
 * requests by more than its lock timeout" reads on the others' calls during the freeze.
 */
export function byProcess(results: readonly CallResult[], ok: (r: CallResult) => boolean, faulty: { killed?: number; frozen: number }, w: FreezeWindow, page: readonly CallResult[]) {
  const bad = new Set([faulty.killed, faulty.frozen])
  const during = (r: CallResult) => r.at - r.ms < w.until && r.at > w.from
  const others = results.filter((r) => r.servedBy !== null && !bad.has(r.servedBy))
  const noAnswer: Record<string, number> = {}
  for (const r of results) if (r.servedBy === null) noAnswer[r.status] = (noAnswer[r.status] ?? 0) + 1
  const frozen = results.filter((r) => r.servedBy === faulty.frozen)
  const kinds: Record<FrozenCallKind, CallResult[]> = { before_freeze: [], read_late: [], held: [], after_freeze: [] }
  for (const r of frozen) kinds[frozenCallKind(r, w)].push(r)
  return {
    frozen_process: stats(frozen, ok),
    /** The frozen process's calls in flight across its SIGCONT: those the freeze held (0: it missed). */
    frozen_process_calls_held: kinds.held.length,
    frozen_process_held: stats(kinds.held, ok),
    /** Its calls by when they were answered (see frozenCallKind). */
    frozen_process_calls_by_kind: { before_freeze: kinds.before_freeze.length, read_late: kinds.read_late.length, held: kinds.held.length, after_freeze: kinds.after_freeze.length },
    other_processes: stats(others, ok),
    other_processes_during_freeze: stats(others.filter(during), ok),
    unrelated_page_on_other_processes_during_freeze: stats(page.filter((r) => r.servedBy !== null && !bad.has(r.servedBy) && during(r))),
    no_answer_by_status: noAnswer,
  }
}

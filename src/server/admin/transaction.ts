import type { Db } from '../db/connect'
import { inGatedTransaction } from '../domain/orders/commit-gate'
import type { Actor } from './context'

/**
 * The one way a console write opens its transaction: the change and its audit row land together,
 * and they commit through the caller's commit gate (actor.gate, domain/orders/commit-gate.ts).
 * A console call runs past the request deadline like any other (a database queued up by an
 * on-sale rush, a big drawing's import) and its operator is then answered "busy, try again"
 * while the handler goes on; without the gate the write would commit anyway, and the operator's
 * retry would make a second session series, a second drawing version. Through the gate, a write
 * that reaches its commit after the busy answer rolls back, and one whose commit is in flight
 * makes the deadline stand aside so its own answer goes out. A call that may legitimately take
 * long has a longer deadline of its own (contract/admin/calls.ts LONG_CONSOLE_CALL_DEADLINE_MS),
 * still gated.
 *
 * Not behind it: a background job's steps (a studio copy's chunks, copy-job.ts), which continue a
 * save already committed and answered.
 */
export function tx<T>(db: Db, actor: Pick<Actor, 'gate'>, work: (trx: Db) => Promise<T>): Promise<T> {
  return inGatedTransaction(db, actor.gate, work)
}

import type { Db } from '../../db/connect'
import { ApiFailure } from '../../errors'
import { CLAIM_COMMIT_BY_MS } from '../inventory/constants'

/**
 * What a claim (a hold or an order) asks before it commits, so that a request answered "busy, try
 * again" has changed nothing (issue 18.3; README "No stall from one slow process").
 *
 * The request deadline (plugins/request-deadline.ts) answers 503 busy whatever the handler is
 * doing, and the handler goes on. Two ways were weighed to keep that answer true:
 * - a deadline always longer than every bounded wait of a claim path (lane, claim slot, pool,
 *   lock and statement timeouts), checked at start: a claim transaction is several statements,
 *   each bounded by statement_timeout, so no honest sum fits under a deadline a proxy accepts,
 *   and a stalled event loop (a GC pause, a frozen process) still lets the timer fire first;
 * - this handshake, chosen: the claim enters the gate just before its commit and the deadline
 *   only answers busy while no commit is in flight. Whichever comes first wins: a deadline that
 *   passed makes the claim roll back ('busy'); a commit under way makes the deadline stand aside,
 *   and the claim's own answer (committed, or refused) goes out. It costs nothing per request but
 *   one object, and one JS check per claim.
 *
 * The one-statement hold (cart/seats-hold.ts) commits inside its statement, so it is inside the
 * gate for the whole statement (bounded by lock_timeout and statement_timeout) and checks
 * `commitBy` itself in SQL: it refuses ('late', busy) to commit past the deadline.
 */
export interface CommitGate {
  /** Epoch ms past which the claim must not commit (the one-statement hold checks it in SQL). */
  readonly commitBy: number
  /** True when the claim may no longer commit: one not begun need not start. */
  readonly passed: boolean
  /** Called just before the commit: throws 'busy' (rolling the claim back) once the deadline has passed. */
  enter(): void
  /** The commit (entered) settled; `committed`: it went through. */
  leave(committed: boolean): void
}

/**
 * A request's gate, made when the request arrives (plugins/request-deadline.ts). Single-threaded,
 * so `expire` and `enter` never interleave: one of them sees the other's mark.
 */
export class RequestCommitGate implements CommitGate {
  private expired = false
  private committed = false
  private inFlight = 0

  constructor(readonly commitBy: number) {}

  get passed(): boolean {
    return this.expired && !this.committed
  }

  enter(): void {
    if (this.passed) throw new ApiFailure('busy')
    this.inFlight++
  }

  leave(committed: boolean): void {
    this.inFlight = Math.max(0, this.inFlight - 1)
    if (committed) this.committed = true
  }

  /**
   * The deadline's timer: true when it may answer busy now (nothing committed or committing,
   * and from now on nothing will); false when a claim's commit is in flight or done, whose own
   * answer must go out instead.
   */
  expire(): boolean {
    this.expired = true
    return this.inFlight === 0 && !this.committed
  }
}

/**
 * The gate of a claim with no request deadline (the CLI, a background job, the console's
 * re-seating): it refuses to commit later than CLAIM_COMMIT_BY_MS after `now`, as before.
 */
export function clockGate(now: number): CommitGate {
  const commitBy = now + CLAIM_COMMIT_BY_MS
  return {
    commitBy,
    get passed() {
      return Date.now() > commitBy
    },
    enter() {
      if (Date.now() > commitBy) throw new ApiFailure('busy')
    },
    leave() {},
  }
}

/**
 * Runs `work` in one transaction that commits only through `gate`: the one way a request's write
 * keeps a "busy" answer true. A gate already passed starts nothing; the gate is entered as the
 * transaction's last step, so the COMMIT is what comes next, and left once it settled. Whatever
 * the request does after that commit (a bank's answer, a mail's first attempt) is its own answer:
 * the deadline stands aside for it. A request reads its gate as `request.commitGate`
 * (plugins/request-deadline.ts), a job or the CLI passes clockGate.
 *
 * Behind the gate: every buying write of the storefront, the ones an on-sale rush queues up
 * behind locks on the same orders, seats, promo codes and cards: a claim (hold, order: orders/claim.ts),
 * a cart's or an order's reserve extension, the payment's start, a discount added or cancelled
 * (loyalty/service.ts), a special offer added or removed (offers/service.ts), the named tickets
 * confirmed (nominal/confirm.ts), a return requested or confirmed (returns/create.ts, confirm.ts); and the console's writes that compete with buying for those
 * rows: a counter sale (both steps) and a reseat (boxoffice/); and every other console write
 * (catalogue, settings, operators, door, order care: admin/transaction.ts `tx` commits through
 * the caller's gate, `actor.gate`, the request's), so an operator answered "busy" who tries again
 * makes one session series, one drawing version, one refund. Door scans are the exception: they
 * commit on their own (redemption/service.ts), and a scan sent again is the same scan (its nonce).
 */
export async function inGatedTransaction<T>(db: Db, gate: CommitGate, work: (trx: Db) => Promise<T>): Promise<T> {
  if (gate.passed) throw new ApiFailure('busy')
  // Set once the transaction is inside the gate, i.e. its COMMIT is what comes next.
  let entered = false
  let committed = false
  try {
    const out = await db.transaction().execute(async (trx) => {
      const out = await work(trx)
      // Too late to commit: the visitor has been told "busy" (throws, rolling back); else the
      // request's deadline waits for this commit.
      gate.enter()
      entered = true
      return out
    })
    committed = true
    return out
  } finally {
    if (entered) gate.leave(committed)
  }
}

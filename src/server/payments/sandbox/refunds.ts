import type { RefundPayment } from '../provider'

/**
 * The sandbox bank's refund book: what a real bank keeps of the refunds it took, so the sandbox
 * behaves like one where the shop's refund path depends on it.
 * - Idempotency: a refund is asked with the shop's key (refund-outbox.ts: one per refund); the
 *   same key again answers the first answer's reference and moves no money twice (the shop asks
 *   at least once: a process dying after the bank answered asks again). Keys are the shop's, unique
 *   in its database only, and several shops (test servers) share this bank: a key counts within
 *   its payment. The same key for another amount is refused, as a bank refuses a reused key.
 * - Within the payment: the refunds taken of one payment never exceed what it took.
 * - The refusal switch (refund-routes.ts, POST /sandbox-bank/refunds/refuse): the next N refunds are
 *   refused, as by a bank that is down, so tests and demos can show a refund left pending.
 * One book per process (sandboxRefundBook): the bank is one bank whatever registry asks it (a
 * test's own registry, the server's). It lives in the process with the sandbox bank itself and
 * nothing of it is stored: a restart forgets it, and in a cluster each worker has its own, so the
 * controls reach the worker that answers them.
 */

/** Refunds the book remembers; the oldest are forgotten past it, so a long demo stays small. */
const SANDBOX_REFUNDS_KEPT = 10_000

export interface SandboxRefund {
  key: string
  publicId: string
  amount: number
  ref: string
}

/** The error of a refund the switch refuses (the shop stores it as the attempt's last error). */
export const SANDBOX_REFUND_SWITCHED_OFF = 'sandbox bank unavailable: refunds switched off'

const keyOf = (publicId: string, key: string) => `${publicId} ${key}`

export class SandboxRefundBook {
  /** By payment and key (keyOf). */
  private readonly byKey = new Map<string, SandboxRefund>()
  private refusing = 0

  /** The next `count` refunds asked are refused (0: none). */
  refuseNext(count: number): void {
    this.refusing = count
  }

  /** Refunds still to be refused by the switch. */
  get refusingLeft(): number {
    return this.refusing
  }

  /** Takes a refund of `amount` of `payment` under `key`, or throws the bank's refusal. */
  take(payment: RefundPayment, amount: number, key: string): { ref: string } {
    if (this.refusing > 0) {
      this.refusing--
      throw new Error(SANDBOX_REFUND_SWITCHED_OFF)
    }
    const earlier = this.byKey.get(keyOf(payment.publicId, key))
    if (earlier) {
      if (earlier.amount !== amount) throw new Error(`sandbox refund key ${key} was used for another refund`)
      return { ref: earlier.ref }
    }
    const taken = this.list(payment.publicId).reduce((sum, r) => sum + r.amount, 0)
    if (!Number.isInteger(amount) || amount <= 0 || taken + amount > payment.amount) {
      throw new Error(`sandbox refund of ${amount} refused for a payment of ${payment.amount} (${taken} refunded before)`)
    }
    const refund = { key, publicId: payment.publicId, amount, ref: `sandbox-refund:${payment.publicId}:${amount}:${key}` }
    this.byKey.set(keyOf(payment.publicId, key), refund)
    if (this.byKey.size > SANDBOX_REFUNDS_KEPT) this.byKey.delete(this.byKey.keys().next().value as string)
    return { ref: refund.ref }
  }

  /** Refunds taken, oldest first; of one payment when `publicId` is given. */
  list(publicId?: string): SandboxRefund[] {
    return [...this.byKey.values()].filter((r) => publicId === undefined || r.publicId === publicId)
  }
}

/** The sandbox bank's book of this process. */
export const sandboxRefundBook = new SandboxRefundBook()

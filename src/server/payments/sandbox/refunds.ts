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

/**
 * Payments the book remembers refunds of; past it the payment seen longest ago is forgotten whole
 * (its refunds and keys together, so the promises above never hold for half a payment), and a
 * long demo stays small.
 */
const SANDBOX_PAYMENTS_KEPT = 2_000

export interface SandboxRefund {
  key: string
  publicId: string
  amount: number
  ref: string
}

/** The error of a refund the switch refuses (the shop stores it as the attempt's last error). */
export const SANDBOX_REFUND_SWITCHED_OFF = 'sandbox bank unavailable: refunds switched off'

/** The bank's name of a payment: its public id, or its row id for a row stored without one. */
const paymentKey = (payment: RefundPayment) => payment.publicId || `payment-${payment.id}`

export class SandboxRefundBook {
  /** Per payment (paymentKey), its refunds by the shop's key, oldest first. */
  private readonly byPayment = new Map<string, Map<string, SandboxRefund>>()
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
    const name = paymentKey(payment)
    const refunds = this.byPayment.get(name) ?? new Map<string, SandboxRefund>()
    const earlier = refunds.get(key)
    if (earlier) {
      if (earlier.amount !== amount) throw new Error(`sandbox refund key ${key} was used for another refund`)
      return { ref: earlier.ref }
    }
    const taken = [...refunds.values()].reduce((sum, r) => sum + r.amount, 0)
    if (!Number.isInteger(amount) || amount <= 0 || taken + amount > payment.amount) {
      throw new Error(`sandbox refund of ${amount} refused for a payment of ${payment.amount} (${taken} refunded before)`)
    }
    const refund = { key, publicId: name, amount, ref: `sandbox-refund:${name}:${amount}:${key}` }
    refunds.set(key, refund)
    // Seen now: moved to the newest end, so the payment forgotten first is the one seen longest ago.
    this.byPayment.delete(name)
    this.byPayment.set(name, refunds)
    if (this.byPayment.size > SANDBOX_PAYMENTS_KEPT) this.byPayment.delete(this.byPayment.keys().next().value as string)
    return { ref: refund.ref }
  }

  /** The refunds taken of one payment (by its public id), oldest first. */
  list(publicId: string): SandboxRefund[] {
    return [...(this.byPayment.get(publicId)?.values() ?? [])]
  }
}

/** The sandbox bank's book of this process. */
export const sandboxRefundBook = new SandboxRefundBook()

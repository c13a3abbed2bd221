import { describe, expect, it } from 'vitest'
import { paidOfPayments } from '../../../src/server/domain/orders/money'
import { payingPaymentOf } from '../../../src/server/domain/returns/policy'

/**
 * The two rules the order view now applies to rows it read once (order-page/view.ts), pinned
 * apart from the database: what an order paid (the console's paid amount, paidAmounts) and which
 * payment paid it (findPayingPayment's rule, returns/policy.ts).
 */
describe('paidOfPayments', () => {
  const paid = { id: 1, paid: 1 }

  it('counts the payments that went through, less every refund of the order', () => {
    const payments = [
      { amount: 300_000, status: 'refunded' },
      { amount: 120_000, status: 'paid' },
      { amount: 999, status: 'pending' },
      { amount: 999, status: 'failed' },
      { amount: 999, status: 'cancelled' },
    ]
    expect(paidOfPayments(paid, { payments, refunded: 300_000 })).toBe(120_000)
  })

  it('is 0 for an unpaid order, whatever its rows say', () => {
    expect(paidOfPayments({ id: 1, paid: 0 }, { payments: [{ amount: 5, status: 'paid' }], refunded: 0 })).toBe(0)
  })

  it('adds up with the refunds after a partial return: paid amount + refunded = what was taken', () => {
    const taken = 485_000
    const refunded = 161_666
    expect(paidOfPayments(paid, { payments: [{ amount: taken, status: 'paid' }], refunded }) + refunded).toBe(taken)
  })
})

describe('payingPaymentOf', () => {
  it('is the newest by id of the paid or refunded payments, in whatever order they were read', () => {
    const payments = [
      { id: 3, status: 'pending', protocol_type: 'late' },
      { id: 1, status: 'paid', protocol_type: 'desk' },
      { id: 2, status: 'refunded', protocol_type: 'online' },
    ]
    expect(payingPaymentOf(payments)).toEqual({ protocol_type: 'online' })
    expect(payingPaymentOf([...payments].reverse())).toEqual({ protocol_type: 'online' })
  })

  it('is null when no payment went through', () => {
    expect(payingPaymentOf([])).toBeNull()
    expect(payingPaymentOf([{ id: 1, status: 'failed', protocol_type: 'desk' }])).toBeNull()
  })
})

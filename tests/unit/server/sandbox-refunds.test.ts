import { describe, expect, it } from 'vitest'
import { SANDBOX_REFUND_SWITCHED_OFF, SandboxRefundBook } from '../../../src/server/payments/sandbox/refunds'
import { sandboxProviders } from '../../../src/server/payments/sandbox/provider'

/**
 * The sandbox bank's refunds (payments/sandbox/refunds.ts) behave as a bank's: one refund per
 * idempotency key whatever the shop asks again, never more than the payment took, and the switch
 * refuses the next ones. Each test has its own book.
 */
const payment = { id: 1, publicId: 'pay-1', amount: 10_000 }

describe('the sandbox bank refunds', () => {
  it('answers a repeated key with the first refund and takes the money once', async () => {
    const book = new SandboxRefundBook()
    const bank = sandboxProviders('secret', book).redirect
    const first = await bank.refund(payment, 10_000, 'refund-7')
    expect(await bank.refund(payment, 10_000, 'refund-7')).toEqual(first)
    expect(book.list('pay-1')).toEqual([{ key: 'refund-7', publicId: 'pay-1', amount: 10_000, ref: first.ref }])
  })

  it('takes parts of one payment under their own keys, never more than it took', async () => {
    const bank = sandboxProviders('secret', new SandboxRefundBook()).form
    const a = await bank.refund(payment, 4000, 'refund-1')
    const b = await bank.refund(payment, 4000, 'refund-2')
    expect(a.ref).not.toBe(b.ref)
    await expect(bank.refund(payment, 4000, 'refund-3')).rejects.toThrow(/refused/)
    await expect(bank.refund(payment, 0, 'refund-4')).rejects.toThrow(/refused/)
  })

  it('refuses a key reused for another amount; keys count within their payment (several shops share the bank)', async () => {
    const book = new SandboxRefundBook()
    const bank = sandboxProviders('secret', book).qr
    await bank.refund(payment, 100, 'refund-1')
    await expect(bank.refund(payment, 200, 'refund-1')).rejects.toThrow(/another refund/)
    await bank.refund({ ...payment, publicId: 'pay-2' }, 200, 'refund-1')
    expect(book.list('pay-1').map((r) => r.amount)).toEqual([100])
    expect(book.list('pay-2').map((r) => r.amount)).toEqual([200])
  })

  it('refuses the next N refunds while switched, then takes them', async () => {
    const book = new SandboxRefundBook()
    const bank = sandboxProviders('secret', book).widget
    book.refuseNext(2)
    await expect(bank.refund(payment, 100, 'refund-1')).rejects.toThrow(SANDBOX_REFUND_SWITCHED_OFF)
    await expect(bank.refund(payment, 100, 'refund-1')).rejects.toThrow(SANDBOX_REFUND_SWITCHED_OFF)
    expect(book.list('pay-1')).toEqual([])
    expect((await bank.refund(payment, 100, 'refund-1')).ref).toContain('refund-1')
    expect(book.refusingLeft).toBe(0)
  })

  it('keeps payments stored without a public id apart (by their row id)', async () => {
    const book = new SandboxRefundBook()
    const bank = sandboxProviders('secret', book).redirect
    await bank.refund({ id: 7, publicId: '', amount: 100 }, 100, 'refund-1')
    await bank.refund({ id: 8, publicId: '', amount: 100 }, 100, 'refund-2')
    expect(book.list('payment-7').map((r) => r.amount)).toEqual([100])
    expect(book.list('payment-8').map((r) => r.amount)).toEqual([100])
  })

  it('forgets a payment whole, the one seen longest ago, never half of one', async () => {
    const book = new SandboxRefundBook()
    const bank = sandboxProviders('secret', book).redirect
    await bank.refund(payment, 4000, 'refund-1')
    for (let i = 0; i < 2_000; i++) await bank.refund({ id: 100 + i, publicId: `other-${i}`, amount: 10 }, 10, 'refund-x')
    // pay-1 was seen longest ago: gone with all its refunds.
    expect(book.list('pay-1')).toEqual([])
    expect(book.list('other-0')).toHaveLength(1)
  })
})

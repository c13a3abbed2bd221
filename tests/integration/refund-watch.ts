import { vi } from 'vitest'
import type { PaymentProvider } from '../../src/server/payments/provider'
import { PaymentRegistry } from '../../src/server/payments/registry'

/**
 * Watches the refunds this process's servers ask of their payment providers (the sandbox bank,
 * standing in for the bank outside): each call is recorded and still goes to the real provider,
 * unless the test asked for the next ones to be refused, as a bank that is down would. Used by
 * the tests of refunds that must reach the bank durably (settlement and returns).
 */
export interface RefundWatch {
  calls: { publicId: string; amount: number }[]
  /** The next `n` refunds are refused ("bank unavailable"). */
  refuseNext(n: number): void
  callsFor(publicId: string): { publicId: string; amount: number }[]
  /** Stops watching (afterAll). */
  stop(): void
}

export function watchRefunds(): RefundWatch {
  const calls: RefundWatch['calls'] = []
  let refusing = 0
  const forProtocol = PaymentRegistry.prototype.forProtocol
  vi.spyOn(PaymentRegistry.prototype, 'forProtocol').mockImplementation(function (this: PaymentRegistry, protocol: string) {
    const provider = forProtocol.call(this, protocol)
    if (!provider) return provider
    const refund: PaymentProvider['refund'] = async (payment, amount) => {
      calls.push({ publicId: payment.publicId, amount })
      if (refusing > 0) {
        refusing--
        throw new Error('bank unavailable')
      }
      return provider.refund(payment, amount)
    }
    return { ...provider, refund }
  })
  return {
    calls,
    refuseNext: (n) => {
      refusing = n
    },
    callsFor: (publicId) => calls.filter((c) => c.publicId === publicId),
    stop: () => vi.restoreAllMocks(),
  }
}

import { SANDBOX_REFUNDS_PATH, SANDBOX_REFUSE_PATH } from '../../src/server/payments/sandbox/refund-routes'
import type { SandboxRefund } from '../../src/server/payments/sandbox/refunds'

/**
 * The sandbox bank's refunds as a test sees them, through the bank's own controls
 * (payments/sandbox/refund-routes.ts) on the server at `baseUrl`: the refunds the bank took
 * (each once, however often the shop asked) and its switch that refuses the next ones, as a bank
 * that is down would. Used by the tests of refunds that must reach the bank durably (settlement,
 * returns) and by the e2e tests of a refund left pending.
 */
export interface SandboxRefunds {
  /** The next `n` refunds are refused (the attempt's error: SANDBOX_REFUND_SWITCHED_OFF). */
  refuseNext(n: number): Promise<void>
  /** The refunds the bank took of payment `publicId`, oldest first. */
  takenFor(publicId: string): Promise<SandboxRefund[]>
}

export function sandboxRefunds(baseUrl: string): SandboxRefunds {
  return {
    async refuseNext(n) {
      const res = await fetch(`${baseUrl}${SANDBOX_REFUSE_PATH}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ count: n }) })
      if (!res.ok) throw new Error(`the sandbox bank's switch answered ${res.status}: ${await res.text()}`)
    },
    async takenFor(publicId) {
      const res = await fetch(`${baseUrl}${SANDBOX_REFUNDS_PATH}?payment=${encodeURIComponent(publicId)}`)
      if (!res.ok) throw new Error(`the sandbox bank's refunds answered ${res.status}: ${await res.text()}`)
      return ((await res.json()) as { refunds: SandboxRefund[] }).refunds
    },
  }
}

/**
 * The one interface every payment provider implements (a bank, a QR scheme, the state
 * culture-card scheme, the built-in sandbox bank). The payment service owns orders, amounts and
 * settlement; a provider only turns "pay this amount for this payment" into what the buyer's
 * browser must do, and turns the provider's callback into a verified notification.
 *
 * Amounts are minor units (kopecks) and always the server's own: the payment row's amount,
 * computed from the order when the payment started.
 */

/** The four ways of 001 §7 "payment start" a browser can be sent to pay. */
export type PaymentFlow = 'redirect' | 'form' | 'qr' | 'widget'

export interface StartContext {
  payment: { id: number; publicId: string; amount: number }
  order: { hash: string; ordNum: number; email: string; lang: string }
  /** Address visitors use (config.publicUrl): bank pages and return links are built on it. */
  publicUrl: string
}

/** What a provider answers at payment start: exactly one of the contract's four shapes. */
export type StartAnswer =
  | { bankUrl: string }
  | { form_action: string; form_bank: Record<string, string> }
  | { form_qr_url: string; form_qr_code: string }
  | { bankInvoiceId: string; backUrl: string }

/** A provider's callback, verified: which payment, how much, and what happened. */
export interface BankNotification {
  publicId: string
  amount: number
  /** approved: money taken; declined: refused; pending: the card scheme is still verifying. */
  status: 'approved' | 'declined' | 'pending'
}

export interface PaymentProvider {
  /** Provider name, as in its callback path (/payment/callback/{name}). */
  readonly name: string
  readonly flow: PaymentFlow
  start(ctx: StartContext): Promise<StartAnswer>
  /**
   * Checks a callback body: the notification when its signature is valid, null otherwise (a
   * forged or malformed callback changes nothing).
   */
  verifyCallback(body: unknown): BankNotification | null
  /**
   * Sends `amount` (minor units, at most what the payment took) back to the buyer's card for a
   * paid payment, answering the provider's refund reference. Throws when the provider refuses.
   * It is asked at least once per refund (refund-outbox.ts: a process dying after the provider
   * answered asks again), always with the same `idempotencyKey` for one refund: a provider that
   * supports keys passes it on, so a repeated ask answers the first refund and moves no money twice.
   */
  refund(payment: RefundPayment, amount: number, idempotencyKey: string): Promise<{ ref: string }>
}

/** The paid payment a refund goes back through. */
export interface RefundPayment {
  id: number
  publicId: string
  amount: number
}

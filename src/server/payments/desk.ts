import type { PaymentProvider } from './provider'

/**
 * The box office's own "provider" (issue 19.1): money taken at the desk in cash or by the desk's
 * card terminal, or nothing for complimentary tickets. Its payments are written paid by the sale
 * itself (domain/boxoffice/sell.ts), so nothing starts here and no callback ever arrives; a
 * refund is money the operator hands back at the desk, so it succeeds with a reference the
 * console shows. Its payment types are inactive: buyers are never offered them.
 */
/** payment_types.protocol_type of desk payments (the box office's payment types). */
export const DESK_PROTOCOL = 'desk'

export const deskProvider: PaymentProvider = {
  name: DESK_PROTOCOL,
  flow: 'redirect',
  start: () => Promise.reject(new Error('desk payments are taken by the box office, not started online')),
  verifyCallback: () => null,
  refund: (payment, amount) => Promise.resolve({ ref: `desk:${payment.id}:${amount}` }),
}

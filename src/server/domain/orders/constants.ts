/**
 * Tuning numbers of general-admission ordering. The spec names none of these values; each is our
 * choice and says what it costs.
 */

/** Random bytes in an order hash: 128 bits, so hashes cannot be guessed (22 base64url chars). */
export const ORDER_HASH_BYTES = 16
/** Random bytes in a ticket hash (the /ticket/{hash} link): 128 bits as well. */
export const TICKET_HASH_BYTES = 16
/** Digits of the numeric ticket code printed as QR/barcode. */
export const TICKET_CODE_DIGITS = 12
/** Order numbers shown to visitors start above this, so they never look like a tiny count. */
export const ORDER_NUMBER_BASE = 100_000

/**
 * How often unpaid orders past their reserve time are cancelled in the background. Reads of
 * availability also expire orders on the spot, so this only bounds how stale the listing can be.
 */
export const ORDER_SWEEP_INTERVAL_MS = 30_000
/** With a short reserve time (tests, demos) the sweep runs twice per reserve time, but not more than once a second. */
export const ORDER_SWEEP_MIN_INTERVAL_MS = 1000

/** demandstatusid of a new order whose named-ticket data is still to be entered. */
export const ORDER_STATUS_CREATED = 10

/** Agreement checkboxes shown with the general-admission order form (checkbox_lists.scope). */
export const ORDER_CHECKBOX_SCOPE = 'order'

/** Payment start path of a payment type (the contract's paymentStart call). */
export const PAYMENT_START_PATH = '/api/payment/start/'
/** Client routes of the order view, the declined-payment page and one ticket (001 §2). */
export const ORDER_ROUTE = '/order/'
export const DECLINED_ROUTE = '/order/declined/'
export const TICKET_ROUTE = '/ticket/'

/**
 * The payment statuses of money that went through: paid, or paid and refunded since (a refund
 * is a row of its own, so a refunded payment still counts what it took). What an order paid
 * (orders/money.ts paidOfPayments) and which payment paid it (returns/policy.ts payingPaymentOf)
 * both count only these, in SQL and over rows already read alike.
 */
export const WENT_THROUGH_STATUSES = ['paid', 'refunded'] as const
/** Whether a payment's status is one of WENT_THROUGH_STATUSES (the same rule over rows already read). */
export const wentThrough = (status: string): boolean => (WENT_THROUGH_STATUSES as readonly string[]).includes(status)

/**
 * How the provider_ref of a payment refunded at settlement (payments/payment.repository.ts
 * refundOpenPayment: approved after its order was paid by another payment, changed, cancelled or
 * gone) starts, the reason following: a note for people only. What marks such a payment is its
 * settlement_refund flag (migration 2026_12_03_05_rf1_01), never this text, which a provider's own
 * reference may start with too. Such a payment never bought its order: its refund gives back that
 * payment, not tickets of the order, so the order view's `refunded` leaves it out
 * (order-payments.repository.ts readOrderPayments), while the paid-amount rule counts it, netting
 * the payment to 0.
 */
export const SETTLEMENT_REFUND_REF = 'refunded: '

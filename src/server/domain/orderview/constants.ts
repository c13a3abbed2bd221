/**
 * Tuning numbers of the order view, discounts and payments. The spec shows none of these values;
 * each is our choice.
 */

/** One loyalty bonus pays one rouble (100 kopecks). */
export const BONUS_MINOR = 100
/** Bonuses charged to the loyalty card when an order is paid: this percent of the amount paid, rounded down. */
export const BONUS_ACCRUAL_PERCENT = 5
/** Payment start path of a payment type (the contract's paymentStart call). */
export const PAYMENT_START_PATH = '/api/payment/start/'
/** Client route of the order view and of the declined-payment page (001 §2). */
export const ORDER_ROUTE = '/order/'
export const DECLINED_ROUTE = '/order/declined/'

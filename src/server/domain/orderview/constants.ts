/**
 * Tuning numbers of the order view, discounts and payments. The spec shows none of these values;
 * each is our choice.
 */

/** Payment start path of a payment type (the contract's paymentStart call). */
export const PAYMENT_START_PATH = '/api/payment/start/'
/** Client route of the order view and of the declined-payment page (001 §2). */
export const ORDER_ROUTE = '/order/'
export const DECLINED_ROUTE = '/order/declined/'

import { defineCall, noQuery } from './define'
import { orderGetNumRequestSchema, orderGetNumResponseSchema, orderViewResponseSchema } from './entities/orderView'
import {
  orderReturnConfirmRequestSchema,
  orderReturnConfirmResponseSchema,
  orderReturnCreateRequestSchema,
  orderReturnCreateResponseSchema,
  orderReturnDataRequestSchema,
  orderReturnDataResponseSchema,
  orderReturnParamsSchema,
} from './entities/returns'
import {
  addSpecialOfferRequestSchema,
  addSpecialOfferResponseSchema,
  removeSpecialOfferRequestSchema,
  removeSpecialOfferResponseSchema,
} from './entities/offers'
import { addDiscountRequestSchema, addDiscountResponseSchema, cancelDiscountRequestSchema, cancelDiscountResponseSchema } from './entities/loyalty'
import {
  orderStatusChangeRequestSchema,
  orderStatusChangeResponseSchema,
  orderExtendRequestSchema,
  orderExtendResponseSchema,
  orderViewRequestSchema,
  paymentStartParamsSchema,
  paymentStartResponseSchema,
} from './entities/payment'
import { ticketParamsSchema, ticketViewResponseSchema } from './entities/ticket'

/**
 * The calls about an order once it is placed, naming it by its hash (the ticket page: one ticket
 * by its own): the order view, its payment (start, status, more time to pay), added offers and
 * discounts, its number, returns and the ticket page. Merged into `calls` (calls.ts) last, after
 * the calls that lead up to an order, so the registry's order (callList, callNames, the routes
 * and OpenAPI) is the one it always was.
 */
export const placedOrderCalls = {
  orderView: defineCall({
    method: 'POST',
    path: '/api/order/view',
    summary: 'The order view: tickets, services, discounts, payment types',
    description: 'Payload {hash, lang, bank_data?}; bank_data (our design) = the query the bank appended on return. Our additions to the answer: demandstatusid, paid, usereturn, verifyCode (card-scheme code 0/3/4), date.',
    request: orderViewRequestSchema,
    response: orderViewResponseSchema,
  }),
  orderReturnData: defineCall({
    method: 'POST',
    path: '/api/order/return/:hash',
    summary: 'Ticket rows, reasons and consent text for a return',
    description: 'Path and body carry the same hash; hashConf (from the e-mailed link) is optional. error_code \'0\' = return allowed; rows carry returnleft (seconds to the deadline, our addition), admitted (the ticket was admitted at the door, so it is not returned online; our addition) and summa, the ticket\'s share of what the order paid (what a return refunds, offers and discounts counted). Our additions: link_state (waiting, confirmed, expired, late, used, refunded, unknown) when hashConf is sent and the return is allowed; error_text when the tickets were bought at the box office (returned there, -1005).',
    request: orderReturnDataRequestSchema,
    params: orderReturnParamsSchema,
    response: orderReturnDataResponseSchema,
  }),
  orderReturnCreate: defineCall({
    method: 'POST',
    path: '/api/order/return-create',
    summary: 'Request a refund of chosen tickets',
    description: 'Our answer design: {errorCode, errorText, email}; a confirmation link valid 24 h is e-mailed. Our addition: summa (optional), the refund the page showed for the tickets; when it differs from what the return would refund, refused with -1006 and nothing done.',
    request: orderReturnCreateRequestSchema,
    response: orderReturnCreateResponseSchema,
  }),
  orderReturnConfirm: defineCall({
    method: 'POST',
    path: '/api/order/return-confirm',
    summary: 'Confirm a refund from the e-mailed link',
    description: 'Payload {hash, lang, hashConf, summa?}: summa (our addition, optional) is the refund the page showed; when it differs from what the confirm would refund, refused with -1006 and nothing done. Our answer design: {errorCode, errorText, summa} (refund amount), and refund_pending: true when the refund is recorded and the tickets cancelled but the bank has not taken the transfer yet (the server retries it on its own).',
    request: orderReturnConfirmRequestSchema,
    response: orderReturnConfirmResponseSchema,
  }),
  orderGetNum: defineCall({
    method: 'POST',
    path: '/api/order/get-num',
    summary: 'The order number of an order hash',
    description: 'Payload {hash, lang}; answers {response: {num}}.',
    request: orderGetNumRequestSchema,
    response: orderGetNumResponseSchema,
  }),
  orderAddSpecialOffer: defineCall({
    method: 'POST',
    path: '/api/order/add-special-offer',
    summary: 'Add special offers (extra services) to an order',
    description: 'Payload {data: [{uid, parent_id, package_id, price_id, cost}], hash}. The server prices offers itself and checks each limit.',
    request: addSpecialOfferRequestSchema,
    response: addSpecialOfferResponseSchema,
  }),
  orderRemoveSpecialOffer: defineCall({
    method: 'POST',
    path: '/api/order/remove-special-offer',
    summary: 'Remove an added service from an order',
    description: 'Our answer design: {errorCode, errorText}.',
    request: removeSpecialOfferRequestSchema,
    response: removeSpecialOfferResponseSchema,
  }),
  orderAddDiscount: defineCall({
    method: 'POST',
    path: '/api/order/add-discount',
    summary: 'Apply loyalty bonuses and/or a promo code',
    description: 'Payload {hash, lang, bonuses, cardCode, promoCode}. promoCode \'\' in the answer = invalid promo code.',
    request: addDiscountRequestSchema,
    response: addDiscountResponseSchema,
  }),
  orderCancelDiscount: defineCall({
    method: 'POST',
    path: '/api/order/cancel-discount',
    summary: 'Cancel applied bonuses and promo code',
    description: 'Our answer design: {errorCode, errorText}.',
    request: cancelDiscountRequestSchema,
    response: cancelDiscountResponseSchema,
  }),
  orderStatusChange: defineCall({
    method: 'POST',
    path: '/api/order/status-change',
    summary: 'QR payment polling: has the payment status changed?',
    description: 'The spec answers a bare number; we wrap it as {response: number}. 0 = still waiting.',
    request: orderStatusChangeRequestSchema,
    response: orderStatusChangeResponseSchema,
  }),
  orderExtend: defineCall({
    method: 'POST',
    path: '/api/order/extend',
    summary: 'Extend the time to pay an unpaid order',
    description:
      'Our design (issue 20, WCAG 2.2.1): {hash, lang}. Moves the reserve time (and the holds of the order\'s seats) by ORDER_RESERVE_SECONDS, at most ORDER_RESERVE_EXTENSIONS times, never past the start or off-sale time of its sessions; answers reservetime (seconds left) and extensions_left. Refused for paid, cancelled and expired orders, and (-1005) while a waiting room of one of its sessions is admitting others.',
    request: orderExtendRequestSchema,
    response: orderExtendResponseSchema,
  }),
  paymentStart: defineCall({
    method: 'POST',
    path: '/api/payment/start/:typeId',
    summary: 'Start paying an order with a payment type',
    description: 'Body: the order-view payload. Answers one of bankInvoiceId+backUrl, form_qr_url+form_qr_code, form_action+form_bank, bankUrl. -9996 unknown type, -9995 no types.',
    request: orderViewRequestSchema,
    params: paymentStartParamsSchema,
    response: paymentStartResponseSchema,
  }),
  ticket: defineCall({
    method: 'GET',
    path: '/api/ticket/:hash',
    summary: 'One ticket by its hash, for the ticket view page',
    description: 'Our addition (the spec links /ticket/{tickethash_id} but shows no call): the ticket line with its QR or barcode image when the order is paid and printing is allowed. Unknown hash answers -1004.',
    request: noQuery,
    params: ticketParamsSchema,
    response: ticketViewResponseSchema,
  }),
} as const

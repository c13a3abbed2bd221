import { ORDER_STATUS_CONFIRMED } from '../../../contract/constants'
import { isReturned } from '../../../contract/rules/return-status'
import type { Reason } from '../../messages'
import { DESK_PROTOCOL } from '../../payments/desk'
import type { StoredSetup } from '../settings/defaults'
import { wentThrough } from '../orders/constants'
import type { OrderRow } from '../orders/order.repository'

/**
 * The payment that paid an order (returns/repository.ts findPayingPayment, or payingPaymentOf of
 * its payments already read), by its payment type's protocol; null when no payment did (a free
 * order, or one paid wholly by bonuses).
 */
export type PayingPayment = { protocol_type: string } | null

/**
 * findPayingPayment over an order's payments already read (the order view reads them all, in
 * any order): the newest by id of those that went through (WENT_THROUGH_STATUSES: paid, or
 * refunded in full, still what paid); null when none did. O(payments).
 */
export function payingPaymentOf(payments: readonly { id: number; status: string; protocol_type: string }[]): PayingPayment {
  let newest: (typeof payments)[number] | null = null
  for (const p of payments) if (wentThrough(p.status) && (newest === null || p.id > newest.id)) newest = p
  return newest && { protocol_type: newest.protocol_type }
}

/**
 * Whether the money of an order was taken at the box office (issue 19.1: cash, the desk's card
 * terminal, or complimentary), not by an online provider. Such tickets are returned at the desk
 * only: the desk provider's "refund" is cash the operator hands back, so an online return would
 * answer "refund confirmed" while no money moves and nobody at the desk is told. Order care's
 * refund (care/refund.ts) is how they are returned.
 *
 * Decided by the newest paid or refunded payment of the order (findPayingPayment). A desk sale is
 * a new order only the desk pays (boxoffice/sell.ts), so no order holds both a desk payment and an
 * online one; should one ever (a stray online payment refunded at settlement, refundOpenPayment),
 * the newest one decides.
 */
export function paidAtDesk(paidWith: PayingPayment): boolean {
  return paidWith?.protocol_type === DESK_PROTOCOL
}

/**
 * Why the tickets of an order may not be returned online, or null when they may: the order must be
 * paid and confirmed, and returns on for it: the order's usereturn = 1, or else setup's
 * app.order_return = 1 (000 §6; the brief reads the two as alternatives); and it must not have
 * been paid at the box office (paidAtDesk). The return data, return-create and the order view's
 * button all ask this; return-confirm asks paidAtDesk again (a request made before the rule).
 */
export function returnRefusal(order: Pick<OrderRow, 'paid' | 'status' | 'usereturn'>, setup: Pick<StoredSetup, 'app'>, paidWith: PayingPayment): Extract<Reason, 'return-not-allowed' | 'return-at-desk'> | null {
  if (order.paid !== 1 || order.status !== ORDER_STATUS_CONFIRMED) return 'return-not-allowed'
  if (order.usereturn !== 1 && setup.app.order_return !== 1) return 'return-not-allowed'
  return paidAtDesk(paidWith) ? 'return-at-desk' : null
}

/**
 * Whether the order page offers its return button (001 §4: when the order is paid and return is
 * allowed): the return is not refused (returnRefusal) and a ticket is left to return, one whose
 * return is not confirmed (isReturned). Once every ticket went back (returned online, refunded by
 * the console or with a cancelled session) the return page has nothing to offer.
 */
export function returnOffered(order: Pick<OrderRow, 'paid' | 'status' | 'usereturn'>, setup: Pick<StoredSetup, 'app'>, paidWith: PayingPayment, lines: readonly { return_status: number }[]): boolean {
  return returnRefusal(order, setup, paidWith) === null && lines.some((l) => !isReturned(l.return_status))
}

import { CARD_SCHEME_PENDING } from '../../../contract/constants'
import type { OrderViewResponse } from '../../../contract/entities/orderView'
import { ErrorCode } from '../../../contract/errors'
import type { Db } from '../../db/connect'
import { ApiFailure } from '../../errors'
import type { PaymentRegistry } from '../../payments/registry'
import { cardSchemeVerifyCode, offeredPaymentTypes, toPaymentType, QR_KIND } from '../../payments/types'
import { qrDataUrl } from '../tickets/codes'
import type { TicketKeys } from '../tickets/keys'
import { discountData } from '../loyalty/service'
import { addTopingOf, topingOf } from '../offers/service'
import { orderSum, toMajor, type SumTicket } from '../../../contract/rules/money'
import { payingPaymentOf, returnOffered } from '../returns/policy'
import { loadStoredSetup } from '../settings/service'
import { venueDateTime } from '../../venue-time'
import { PAYMENT_START_PATH } from '../orders/constants'
import { toTicketLine } from '../tickets/lines'
import { isReturned, orderMoney, totalToPay } from '../orders/money'
import { readOrderPayments, type PaymentRow } from '../orders/order-payments.repository'
import { findOrderByHash, listOfferableServices, listOrderServices, listTicketLines, type TicketLineRow } from '../orders/order.repository'
import { buyerName, changeRefusal, printingAllowed, reserveSecondsLeft, viewStatus } from '../orders/state'

/** The QR payment still waiting, so a reloaded page shows its code again. */
async function pendingQr(payments: readonly PaymentRow[]): Promise<OrderViewResponse['payment_qr']> {
  const qr = payments.find((p) => p.protocol_kind === QR_KIND && p.status === 'pending' && p.qr_url !== '')
  return qr ? { form_qr_url: qr.qr_url, form_qr_code: await qrDataUrl(qr.qr_url) } : null
}

/**
 * The service fees of the view, one row per action group (session) with a fee: the fees of its
 * tickets not returned, by the money rule. Lines carry their ticket prices only (lines.ts), so
 * a group's total is its lines plus this row, and the order's is demsumma: the fee is counted once.
 */
export function groupFees(lines: readonly Pick<TicketLineRow, 'calendar_id' | 'price' | 'service_fee' | 'quantity' | 'return_status'>[]): OrderViewResponse['service'] {
  const groups = new Map<number, SumTicket[]>()
  for (const l of lines) {
    const list = groups.get(l.calendar_id) ?? []
    list.push({ price: l.price, fee: l.service_fee, quantity: l.quantity, returned: isReturned(l.return_status) })
    groups.set(l.calendar_id, list)
  }
  return [...groups].map(([group, tickets]) => ({ action_group: group, cost: toMajor(orderSum({ tickets }).fees) })).filter((f) => f.cost > 0)
}

/**
 * POST /api/order/view: every field of 001 §3 "Order view response" from the database.
 * bank_data (what a bank appended on return) is not trusted for anything: the payment state
 * comes from the verified callbacks only.
 */
export async function buildOrderView(db: Db, registry: PaymentRegistry, hash: string, keys: TicketKeys, now = Date.now()): Promise<OrderViewResponse> {
  const order = await findOrderByHash(db, hash)
  if (!order) throw new ApiFailure('order-not-found', { hash })
  const [lineRows, added, paid, setup, money, types] = await Promise.all([
    listTicketLines(db, order.id),
    listOrderServices(db, order.id),
    readOrderPayments(db, order.id),
    loadStoredSetup(db),
    orderMoney(db, order),
    offeredPaymentTypes(db, registry, order),
  ])
  // `refunded` shows what went back for the order's tickets, not a refund of a payment that never
  // bought it (refused at settlement: order-payments.repository.ts readOrderPayments); the paid-amount rule
  // (totalToPay) takes every refund, netting such a payment to 0.
  const { payments, ticketsRefunded } = paid
  const printing = printingAllowed(order)
  const payable = changeRefusal(order, now) === null
  const verifyCode = cardSchemeVerifyCode(payments)
  // A card-scheme payment being verified (code 3) refuses a second payment and every change of
  // the amount ('payment-verifying', loyalty/amount-change.ts), so the answer offers neither: no
  // offers to add, no added service removable, no bonuses to apply, until the scheme answers.
  const verifying = verifyCode === CARD_SCHEME_PENDING
  const amountChangeable = payable && !verifying
  const services = amountChangeable ? await listOfferableServices(db, [...new Set(lineRows.map((l) => l.event_id))]) : []
  const main = await Promise.all(lineRows.map((l) => toTicketLine(l, printing ? keys : null)))

  const reserve = reserveSecondsLeft(order, now)
  const lastType = payments[0]?.payment_type_id ?? null

  return {
    errorCode: ErrorCode.OK,
    errorText: '',
    ord_num: order.ord_num,
    hash: order.hash,
    reservetime: reserve,
    reserveTime: reserve,
    demandstatusid: viewStatus(order, now),
    paid: order.paid,
    // The same rule the return calls enforce, so the button never offers a refused return (an
    // unpaid order is refused first), and only while a ticket is left to return (policy.ts
    // returnOffered). The paying payment is decided from the payments read above.
    usereturn: returnOffered(order, setup, payingPaymentOf(payments), lineRows) ? 1 : 0,
    verifyCode,
    date: venueDateTime(now),
    main,
    toping: topingOf(added, lineRows, amountChangeable),
    service: groupFees(lineRows),
    addToping: amountChangeable ? addTopingOf(services, added, lineRows) : [],
    discountData: await discountData(db, order, money, amountChangeable),
    printingAllowed: printing,
    // A card-scheme payment still verifying must not be paid twice.
    paymentAllowed: payable && money.payable >= 0 && types.length > 0 && !verifying,
    // The paid-amount rule for a paid order (orders/money.ts totalToPay), as the tickets e-mail shows it.
    demsumma: toMajor(totalToPay(order, money.payable, paid)),
    urnPay: Object.fromEntries(types.map((t) => [String(t.id), `${PAYMENT_START_PATH}${t.id}`])),
    payments: types.map(toPaymentType),
    creditCompanyId: lastType,
    payment_qr: order.paid === 1 ? null : await pendingQr(payments),
    name: buyerName(order),
    email: order.email,
    phone: order.phone,
    cost: toMajor(money.gross),
    refunded: toMajor(ticketsRefunded),
  }
}

/** POST /api/order/get-num. */
export async function orderNumber(db: Db, hash: string): Promise<number> {
  const order = await findOrderByHash(db, hash)
  if (!order) throw new ApiFailure('order-not-found', { hash })
  return order.ord_num
}

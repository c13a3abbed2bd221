import { GIFT_CARD_TICKET_LIMIT, PROCULTURE_NONE, PROCULTURE_ONLY } from '../../../contract/constants'
import type { orderCreateRequestSchema } from '../../../contract/entities/order'
import { consentsPass, orderSum, ticketFee, ticketsCounted, ticketsInOrder, toMajor, toMinor, validateBuyer } from '../../../contract/rules'
import { ApiFailure } from '../../errors'
import { fieldNames } from '../../messages'
import type { z } from 'zod'
import { refuseSubscriptionGift, resolvePaymentMethod } from '../orders/payment-method'
import type { CalendarRow, EventRow, PriceRowDb } from '../events/repository'

export type OrderCreateInput = z.output<typeof orderCreateRequestSchema>

/** One price row of the order with the server's own prices. */
export interface PlannedLine {
  calendar: CalendarRow
  price: PriceRowDb
  quantity: number
  /** Ticket price, minor units. */
  priceMinor: number
  /** Service fee of one ticket, minor units. */
  feeMinor: number
  subscriptionId: number | null
}

export interface OrderPlan {
  giftCard: boolean
  lines: PlannedLine[]
  tickets: number
  /** Tickets plus fees, minor units. */
  total: number
  serviceTotal: number
  subscriptionId: number | null
}

export interface PlanContext {
  event: EventRow
  /** Open sessions of the event. */
  calendars: CalendarRow[]
  /** Price rows of those sessions. */
  prices: PriceRowDb[]
  checkboxes: { id: number; filling: number }[]
  /** The session client's subscription named by the order, with the tickets it has left. */
  subscription: { id: number; quant: number } | null
  /** Setup's db.showproculture: whether this shop offers the gift card (paymentMethods). */
  showproculture: number
  /** The box office's buyer may give no e-mail (OrderContext.emailOptional). */
  emailOptional?: boolean
}

/**
 * Checks an order against the database's view of the event and prices the order with the
 * server's numbers. Nothing here trusts the client: every line must name a session of this
 * event and an existing price row, its sum must equal what its tickets cost (price and service
 * fee, times quantity: the money rule), and every limit of the spec is applied. Availability is checked later, under the claim lock (create.ts). Throws ApiFailure.
 */
export function planOrder(input: OrderCreateInput, ctx: PlanContext): OrderPlan {
  const { event } = ctx
  const giftCard = resolvePaymentMethod(event, ctx.showproculture, input.USE_PUSHKIN_CARD)

  const buyerErrors = validateBuyer(input, { giftCard, mailconfirm: event.mailconfirm === 1, emailOptional: ctx.emailOptional })
  if (buyerErrors.length) {
    throw new ApiFailure('invalid-buyer', { fields: fieldNames(buyerErrors.map((e) => e.field)), errors: buyerErrors.map((e) => e.error).join(', ') })
  }
  if (!consentsPass(ctx.checkboxes, input.checkboxList)) {
    const missing = ctx.checkboxes.filter((c) => c.filling === 1 && !input.checkboxList.some((a) => a.id === c.id && a.checked === 1))
    throw new ApiFailure('agreements', { checkboxes: missing.map((c) => c.id).join(', ') })
  }

  const subscriptionIds = new Set(input.data.map((l) => l.subscrit_id ?? input.crmClient?.subscritId ?? null))
  if (subscriptionIds.size > 1) throw new ApiFailure('subscription-mixed')
  const subscriptionId = [...subscriptionIds][0] ?? null
  if (subscriptionId !== null && (!ctx.subscription || ctx.subscription.id !== subscriptionId)) {
    throw new ApiFailure('subscription-not-yours', { id: subscriptionId })
  }
  // A subscription row open to every method (useproculture 0) would otherwise let the gift card pay it.
  refuseSubscriptionGift(giftCard, subscriptionId !== null)

  const lines: PlannedLine[] = []
  const seen = new Set<number>()
  for (const [i, line] of input.data.entries()) {
    const n = i + 1
    if (line.actionId !== event.id) throw new ApiFailure('line-other-event', { n, actionId: line.actionId, eventId: event.id })
    if (line.quantity < 1) throw new ApiFailure('line-quantity', { n })
    const calendar = ctx.calendars.find((c) => c.day === line.day && c.time === line.time)
    if (!calendar) throw new ApiFailure('line-no-session', { n, day: line.day, time: line.time })
    const forSubscription = subscriptionId === null ? 0 : 1
    const price = ctx.prices.find(
      (p) => p.calendar_id === calendar.id && p.client_category_id === line.categoryId && p.zone_id === line.zoneId && p.for_subscription === forSubscription,
    )
    if (!price) {
      throw new ApiFailure('line-no-price', { n, category: line.categoryId, zone: line.zoneId, day: line.day, time: line.time })
    }
    if (seen.has(price.id)) throw new ApiFailure('line-twice', { n })
    seen.add(price.id)
    if (giftCard && price.useproculture === PROCULTURE_NONE) throw new ApiFailure('line-not-gift', { n })
    if (!giftCard && price.useproculture === PROCULTURE_ONLY) throw new ApiFailure('line-gift-only', { n })
    // A price of 0 sells only on free events (maybefree) or as a subscription's price.
    if (price.price === 0 && event.maybefree !== 1 && price.for_subscription !== 1) throw new ApiFailure('line-not-on-sale', { n })
    const feeMinor = ticketFee(price.price, price.priceservise, price.currency_id)
    // The line's sum is what its tickets cost the buyer, fees included (the money rule).
    const expected = orderSum({ tickets: [{ price: price.price, fee: feeMinor, quantity: line.quantity }] }).gross
    if (toMinor(line.sum) !== expected) {
      throw new ApiFailure('line-sum', { n, sum: line.sum, quantity: line.quantity, price: toMajor(price.price + feeMinor), expected: toMajor(expected) })
    }
    if (price.needprice > 0 && line.quantity < price.needprice) {
      throw new ApiFailure('line-needprice', { n, min: price.needprice })
    }
    lines.push({
      calendar,
      price,
      quantity: line.quantity,
      priceMinor: price.price,
      feeMinor,
      subscriptionId,
    })
  }

  // Every ticket once, a group ticket too: the count the event page limits "+" by (contract/rules/limits.ts).
  const tickets = ticketsInOrder(lines)
  if (giftCard && tickets !== GIFT_CARD_TICKET_LIMIT) {
    throw new ApiFailure('gift-one-ticket', { limit: GIFT_CARD_TICKET_LIMIT, asked: tickets })
  }
  // A group ticket counts as its passes towards the per-order limit (contract/rules/limits.ts).
  const counted = ticketsCounted(lines.map((l) => ({ quantity: l.quantity, passagequant: l.price.passagequant })))
  if (counted > event.demquantlimit) throw new ApiFailure('order-limit', { limit: event.demquantlimit, asked: counted })
  if (ctx.subscription && subscriptionId !== null && tickets > ctx.subscription.quant) {
    throw new ApiFailure('subscription-left', { left: ctx.subscription.quant, asked: tickets })
  }
  const sum = orderSum({ tickets: lines.map((l) => ({ price: l.priceMinor, fee: l.feeMinor, quantity: l.quantity })) })
  return { giftCard, lines, tickets, total: sum.gross, serviceTotal: sum.fees, subscriptionId }
}

import { GIFT_CARD_TICKET_LIMIT, PROCULTURE_NONE, PROCULTURE_ONLY } from '../../../contract/constants'
import type { orderCreateRequestSchema } from '../../../contract/entities/order'
import { ErrorCode } from '../../../contract/errors'
import { consentsPass, orderSum, ticketFee, ticketsCounted, toMajor, toMinor, validateBuyer } from '../../../contract/rules'
import { ApiFailure, badRequest } from '../../errors'
import type { z } from 'zod'
import { resolvePaymentMethod } from './payment-method'
import type { CalendarRow, EventRow, PriceRowDb } from './repository'

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
}

const limit = (text: string) => new ApiFailure(ErrorCode.LIMIT, text, 400)

/**
 * Checks an order against the database's view of the event and prices the order with the
 * server's numbers. Nothing here trusts the client: every line must name a session of this
 * event and an existing price row, its sum must equal what its tickets cost (price and service
 * fee, times quantity: the money rule), and every limit of the spec is applied. Availability is checked later, under lock (reserve.ts). Throws ApiFailure.
 */
export function planOrder(input: OrderCreateInput, ctx: PlanContext): OrderPlan {
  const { event } = ctx
  const giftCard = resolvePaymentMethod(event, input.USE_PUSHKIN_CARD)

  const buyerErrors = validateBuyer(input, { giftCard, mailconfirm: event.mailconfirm === 1 })
  if (buyerErrors.length) {
    throw badRequest(`Invalid buyer data: ${buyerErrors.map((e) => `${e.field} (${e.error})`).join(', ')}`)
  }
  if (!consentsPass(ctx.checkboxes, input.checkboxList)) {
    const missing = ctx.checkboxes.filter((c) => c.filling === 1 && !input.checkboxList.some((a) => a.id === c.id && a.checked === 1))
    throw badRequest(`Required agreements are not accepted: checkbox ${missing.map((c) => c.id).join(', ')}`)
  }

  const subscriptionIds = new Set(input.data.map((l) => l.subscrit_id ?? input.crmClient?.subscritId ?? null))
  if (subscriptionIds.size > 1) throw badRequest('All lines of an order must use the same subscription (or none)')
  const subscriptionId = [...subscriptionIds][0] ?? null
  if (subscriptionId !== null && (!ctx.subscription || ctx.subscription.id !== subscriptionId)) {
    throw badRequest(`Subscription ${subscriptionId} does not belong to the signed-in client for this event`)
  }

  const lines: PlannedLine[] = []
  const seen = new Set<number>()
  for (const [i, line] of input.data.entries()) {
    const at = `Line ${i + 1}`
    if (line.actionId !== event.id) throw badRequest(`${at}: actionId ${line.actionId} is not this event (${event.id})`)
    if (line.quantity < 1) throw badRequest(`${at}: quantity must be at least 1`)
    const calendar = ctx.calendars.find((c) => c.day === line.day && c.time === line.time)
    if (!calendar) throw badRequest(`${at}: the event has no session on sale on ${line.day} at ${line.time}`)
    const forSubscription = subscriptionId === null ? 0 : 1
    const price = ctx.prices.find(
      (p) => p.calendar_id === calendar.id && p.client_category_id === line.categoryId && p.zone_id === line.zoneId && p.for_subscription === forSubscription,
    )
    if (!price) {
      throw badRequest(`${at}: no price for category ${line.categoryId} in zone ${line.zoneId} on ${line.day} ${line.time}`)
    }
    if (seen.has(price.id)) throw badRequest(`${at}: the same price row is ordered twice; send one line with the total quantity`)
    seen.add(price.id)
    if (giftCard && price.useproculture === PROCULTURE_NONE) throw badRequest(`${at}: this price is not sold with the gift card`)
    if (!giftCard && price.useproculture === PROCULTURE_ONLY) throw badRequest(`${at}: this price is sold with the gift card only`)
    // A price of 0 sells only on free events (maybefree) or as a subscription's price.
    if (price.price === 0 && event.maybefree !== 1 && price.for_subscription !== 1) throw badRequest(`${at}: this price is not on sale (no amount set)`)
    const feeMinor = ticketFee(price.price, price.priceservise, price.currency_id)
    // The line's sum is what its tickets cost the buyer, fees included (the money rule).
    const expected = orderSum({ tickets: [{ price: price.price, fee: feeMinor, quantity: line.quantity }] }).gross
    if (toMinor(line.sum) !== expected) {
      throw badRequest(`${at}: sum ${line.sum} does not match the price: ${line.quantity} × ${toMajor(price.price + feeMinor)} = ${toMajor(expected)}`)
    }
    if (price.needprice > 0 && line.quantity < price.needprice) {
      throw limit(`${at}: this price needs at least ${price.needprice} tickets in one order`)
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

  const tickets = lines.reduce((s, l) => s + l.quantity, 0)
  if (giftCard && tickets !== GIFT_CARD_TICKET_LIMIT) {
    throw limit(`The gift card pays for exactly ${GIFT_CARD_TICKET_LIMIT} ticket per order (${tickets} asked)`)
  }
  // A group ticket counts as its passes towards the per-order limit (contract/rules/limits.ts).
  const counted = ticketsCounted(lines.map((l) => ({ quantity: l.quantity, passagequant: l.price.passagequant })))
  if (counted > event.demquantlimit) throw limit(`At most ${event.demquantlimit} tickets per order (${counted} asked; a group ticket counts as its passes)`)
  if (ctx.subscription && subscriptionId !== null && tickets > ctx.subscription.quant) {
    throw limit(`The subscription has ${ctx.subscription.quant} tickets left (${tickets} asked)`)
  }
  const sum = orderSum({ tickets: lines.map((l) => ({ price: l.priceMinor, fee: l.feeMinor, quantity: l.quantity })) })
  return { giftCard, lines, tickets, total: sum.gross, serviceTotal: sum.fees, subscriptionId }
}

import type { z } from 'zod'
import type { orderCreateSchemeRequestSchema } from '../../../contract/entities/order'
import { consentsPass, ticketFee, validateBuyer } from '../../../contract/rules'
import type { Db } from '../../db/connect'
import { ApiFailure } from '../../errors'
import { fieldNames } from '../../messages'
import { claimSeats, holdStanding, moveCartToOrder, standingTaken } from '../inventory/holds.repository'
import { placeOrder, type OrderContext, type PlacedOrder } from '../orders/claim'
import { queueTicketMail } from '../../mail/ticket-mail'
import { draftOrder, type DraftLine, type OrderDraft } from '../orders/draft'
import { refuseSubscriptionGift, resolvePaymentMethod } from '../orders/payment-method'
import { showprocultureFor } from '../settings/cached'
import { orderCheckboxes } from '../events/checkboxes-cached'
import type { PriceRowDb } from '../events/repository'
import { placeText, takenFailure, UNKNOWN_NAMED_MAX, type Place, type SeatPlace, type StandPlace } from '../inventory/places'
import { limitFailure, priceFor, subscriptionPriceFor, ticketLimit } from './pricing'
import { loadSchemeSession, type SchemeSession } from './repository'
import { findSubscription, subscriptionLimitFailure } from './subscription'
import { guardHeldBack } from '../inventory/held-back'
import { sessionPlacesByKey } from '../seating/load'

export type SchemeOrderInput = z.output<typeof orderCreateSchemeRequestSchema>

interface Ticket {
  place: Place
  price: PriceRowDb
  quantity: number
  feeMinor: number
}

/**
 * Checks a seat-map order without touching stock: the session is on sale, the payment method,
 * buyer data and agreements pass the same rules as general admission (contract rules, orders
 * domain's payment method), every ticket names a place of this map with a price row of its
 * zone, and the limits hold (demquantlimit, 1 with the gift card, needprice per row).
 * A subscription order (crmClient.subscritId) must name a subscription of the session's CRM
 * client (never the body's) for this event with enough tickets left; every place is then
 * priced by the for_subscription row of its zone and category, as general admission does.
 */
async function planSchemeOrder(
  db: Db,
  input: SchemeOrderInput,
  now: number,
  crmClientId: number | null,
  emailOptional = false,
): Promise<{ session: SchemeSession; giftCard: boolean; tickets: Ticket[]; subscriptionId: number | null }> {
  const session = await loadSchemeSession(db, input.calendarId, now, input.action_id)
  const { event } = session
  const giftCard = resolvePaymentMethod(event, await showprocultureFor(db, event, now), input.USE_PUSHKIN_CARD)
  const buyerErrors = validateBuyer(input, { giftCard, mailconfirm: event.mailconfirm === 1, emailOptional })
  if (buyerErrors.length) throw new ApiFailure('invalid-buyer', { fields: fieldNames(buyerErrors.map((e) => e.field)), errors: buyerErrors.map((e) => e.error).join(', ') })
  const checkboxes = await orderCheckboxes(db)
  if (!consentsPass(checkboxes, input.checkboxList)) {
    const missing = checkboxes.filter((c) => c.filling === 1 && !input.checkboxList.some((a) => a.id === c.id && a.checked === 1))
    throw new ApiFailure('agreements', { checkboxes: missing.map((c) => c.id).join(', ') })
  }
  const subscription = await findSubscription(db, input.crmClient?.subscritId, crmClientId, event.id, now)
  refuseSubscriptionGift(giftCard, subscription !== null)
  const subscriptionRows = subscription ? session.subscriptionPrices : []

  const keys = input.tickets.map((t) => t.seat_id)
  const duplicate = keys.find((k, i) => keys.indexOf(k) !== i)
  if (duplicate !== undefined) throw new ApiFailure('place-twice', { place: duplicate })
  // The session's drawing is sealed: its seats from this process's seating index, as the holds take them.
  const places = await sessionPlacesByKey(db, session.drawingId, keys)
  const unknown = keys.filter((k) => !places.has(k))
  if (unknown.length) throw new ApiFailure('unknown-places', { places: unknown.slice(0, UNKNOWN_NAMED_MAX).join(', ') })
  const tickets = input.tickets.map((t, i) => {
    const place = places.get(t.seat_id)!
    if (t.quantity < 1) throw new ApiFailure('ticket-quantity', { n: i + 1 })
    if (place.kind === 'seat' && t.quantity !== 1) throw new ApiFailure('seat-quantity', { place: placeText(place) })
    const price = subscription ? subscriptionPriceFor(subscriptionRows, place, t.clientcategory_id) : priceFor(session.prices, place, t.clientcategory_id, giftCard, event)
    return { place, price, quantity: t.quantity, feeMinor: ticketFee(price.price, price.priceservise, price.currency_id) }
  })
  const count = tickets.reduce((n, t) => n + t.quantity, 0)
  const limit = ticketLimit(event, giftCard)
  if (count > limit) throw limitFailure(limit, count)
  if (subscription && count > subscription.quant) throw subscriptionLimitFailure(subscription.quant, count)
  const perRow = new Map<number, number>()
  for (const t of tickets) perRow.set(t.price.id, (perRow.get(t.price.id) ?? 0) + t.quantity)
  for (const [id, n] of perRow) {
    const row = [...session.prices, ...subscriptionRows].find((p) => p.id === id)!
    if (row.needprice > 0 && n < row.needprice) throw limitFailure(row.needprice, n)
  }
  return { session, giftCard, tickets, subscriptionId: subscription?.id ?? null }
}

/**
 * POST /api/order/create-scheme: the seat-map planner. Checks and prices the order
 * (planSchemeOrder), drafts it (orders/draft.ts) and has the order module write it in one claim
 * transaction of the session (orders/claim.ts), whose stock claim is claimPlaces: the places the
 * visitor's cart holds become the order's; places asked that the cart does not hold are claimed
 * now; if any of those is held by someone else or sold, everything rolls back and the answer
 * names them (-1005). Whatever else the cart held in the session is released (the cart is
 * spent), unless the caller keeps it (ctx.keepCartRest: the box office). The order keeps its
 * places until its reserve time; a free order is paid at once and its places sold. A
 * subscription order takes its tickets off the subscription in the same transaction, so a short
 * subscription rolls the seat claims back; orders/expiry.ts gives them back when the order lapses.
 */
export async function createSchemeOrder(db: Db, input: SchemeOrderInput, ctx: OrderContext): Promise<PlacedOrder> {
  const { now } = ctx
  const { session, giftCard, tickets, subscriptionId } = await planSchemeOrder(db, input, now, ctx.crmClientId, ctx.emailOptional)
  // Asked once the order passes every other check: DNS is the slowest of them.
  await ctx.checkEmail(input.email)
  const calendarId = session.calendar.id
  const lines: DraftLine[] = tickets.map((t) => ({
    eventId: session.event.id,
    calendarId,
    priceId: t.price.id,
    clientCategoryId: t.price.client_category_id,
    zoneId: t.price.zone_id,
    seatId: t.place.kind === 'seat' ? t.place.id : null,
    standingPlaceId: t.place.kind === 'stand' ? t.place.id : null,
    quantity: t.quantity,
    price: t.price.price,
    fee: t.feeMinor,
  }))
  const draft = draftOrder(input, lines, { ...ctx, subscriptionId, giftCard, named: session.event.writeticketname === 1 })
  // Numbered seats only: claimed row by row, no session lock (orders/claim.ts SeatScope).
  // A session holding back accessible spaces judges its release rule over the session: its lock too.
  const seatsOnly = session.calendar.accessible_hold !== 1 && tickets.every((t) => t.place.kind === 'seat')
  const scope = seatsOnly ? { calendarId, seatIds: tickets.map((t) => t.place.id) } : undefined
  // The places are of the version read above: the claim refuses them if the studio has moved the session since (orders/claim.ts).
  return placeOrder(db, draft, (trx, order) => claimPlaces(trx, draft, tickets, order.id, ctx, session), queueTicketMail, scope, session.drawingId, ctx.gate)
}

/** The seat-map order's stock claim, under the session lock (see createSchemeOrder). */
async function claimPlaces(trx: Db, draft: OrderDraft, tickets: readonly Ticket[], orderId: number, ctx: OrderContext, session: SchemeSession): Promise<void> {
  const { sessionId, now } = ctx
  const calendarId = draft.lines[0].calendarId
  const free = draft.paidAtOnce
  const owner = { cartId: null, orderId, state: free ? ('sold' as const) : ('order' as const), expiresAt: free ? null : draft.reserveUntil }
  const seats = tickets.filter((t): t is Ticket & { place: SeatPlace } => t.place.kind === 'seat')
  const stands = tickets.filter((t): t is Ticket & { place: StandPlace } => t.place.kind === 'stand')
  // The cart's own seats move to the order; the rest are claimed. Standing tickets are re-counted
  // from scratch: the cart's holds there go, the order takes its quantity.
  const byPrice = new Map<number, number[]>()
  for (const t of seats) byPrice.set(t.price.id, [...(byPrice.get(t.price.id) ?? []), t.place.id])
  const groups = [...byPrice].map(([priceId, seatIds]) => ({ priceId, seatIds }))
  const converted = sessionId === null ? new Set<number>() : await moveCartToOrder(trx, sessionId, calendarId, groups, owner, now, ctx.keepCartRest ? { standIds: stands.map((t) => t.place.id) } : undefined)
  // Seats the cart did not hold are claimed now: held-back accessible spaces only as the cart would let them (issue 20).
  const claimed = seats.filter((t) => !converted.has(t.place.id))
  await guardHeldBack(trx, session, claimed.map((t) => t.place.id), now, false, (s) => placeText(claimed.find((t) => t.place.id === s.id)?.place ?? seats[0].place))
  const taken: Place[] = await claimSeats(trx, calendarId, seats.filter((t) => !converted.has(t.place.id)).map((t) => ({ place: t.place, priceId: t.price.id })), owner, now)
  const others = await standingTaken(trx, calendarId, stands.map((t) => t.place.id), now, null)
  for (const t of stands) {
    if (t.quantity > Math.max(0, t.place.capacity - (others.get(t.place.id) ?? 0))) {
      taken.push(t.place)
      continue
    }
    await holdStanding(trx, calendarId, t.place.id, t.price.id, t.quantity, owner, now)
  }
  if (taken.length) throw takenFailure(taken)
}

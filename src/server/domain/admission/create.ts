import { ticketsInOrder } from '../../../contract/rules/limits'
import type { Db } from '../../db/connect'
import { ApiFailure } from '../../errors'
import * as repo from '../events/repository'
import { orderCheckboxes } from '../events/checkboxes-cached'
import { showprocultureFor } from '../settings/cached'
import { capacityLeft, salesOf } from '../inventory/stock'
import { placeOrder, type OrderContext, type PlacedOrder } from '../orders/claim'
import { queueTicketMail } from '../../mail/ticket-mail'
import { draftOrder, type OrderDraft } from '../orders/draft'
import { planOrder, type OrderCreateInput, type OrderPlan } from './plan'

/**
 * POST /api/order/create: the general-admission planner. Checks the order (plan.ts) and drafts
 * it (orders/draft.ts); the order module writes the draft in one claim transaction of its
 * sessions (orders/claim.ts: lock, cancel expired reservations, write), in which the tickets
 * are counted again (checkAvailability). Two orders for the last
 * tickets cannot both pass: the second one counts after the first committed (see
 * lockCalendars). Returns the new order's hash.
 */
export async function createOrder(db: Db, input: OrderCreateInput, ctx: OrderContext): Promise<PlacedOrder> {
  const event = await repo.findEventByHash(db, input.hash)
  if (!event) throw new ApiFailure('event-not-found', { hash: input.hash })
  if (event.scheme === 1) throw new ApiFailure('event-sold-on-map')
  if (event.soon_on_sale === 1) throw new ApiFailure('sales-not-open')

  const calendars = await repo.listOpenCalendars(db, event.id, ctx.now)
  const wanted = new Set(input.data.map((l) => `${l.day} ${l.time}`))
  const used = calendars.filter((c) => wanted.has(`${c.day} ${c.time}`))
  const [prices, checkboxes, subscription, showproculture] = await Promise.all([
    repo.listPriceRows(db, used.map((c) => c.id)),
    orderCheckboxes(db),
    findSubscription(db, input, event.id, ctx),
    showprocultureFor(db, event, ctx.now),
  ])
  const plan = planOrder(input, { event, calendars: used, prices, checkboxes, subscription, showproculture, emailOptional: ctx.emailOptional })
  // Asked once the order passes every other check: DNS is the slowest of them.
  await ctx.checkEmail(input.email)

  const draft = draftOrder(input, plan.lines.map((l) => ({
    eventId: event.id,
    calendarId: l.calendar.id,
    priceId: l.price.id,
    clientCategoryId: l.price.client_category_id,
    zoneId: l.price.zone_id,
    seatId: null,
    standingPlaceId: null,
    quantity: l.quantity,
    price: l.priceMinor,
    fee: l.feeMinor,
  })), { ...ctx, subscriptionId: plan.subscriptionId, giftCard: plan.giftCard, named: event.writeticketname === 1 })
  return placeOrder(db, draft, (trx, order) => checkAvailability(trx, plan, draft, order.id), queueTicketMail, undefined, undefined, ctx.gate)
}

function findSubscription(db: Db, input: OrderCreateInput, eventId: number, ctx: OrderContext) {
  const id = input.data.find((l) => l.subscrit_id !== undefined)?.subscrit_id ?? input.crmClient?.subscritId
  if (id === undefined) return Promise.resolve(null)
  if (ctx.crmClientId === null) throw new ApiFailure('subscription-sign-in')
  return repo.findClientSubscription(db, id, ctx.crmClientId, eventId, ctx.now).then((s) => (s ? { id: s.id, quant: s.quant } : null))
}

/**
 * Counts again under the claim lock: every row and every session must still have the tickets
 * asked besides what other orders hold (the one stock rule, inventory/stock.ts; this order,
 * whose lines are written after the claim, is left out in any case).
 */
async function checkAvailability(trx: Db, plan: OrderPlan, draft: OrderDraft, orderId: number): Promise<void> {
  const calendarIds = [...new Set(draft.lines.map((l) => l.calendarId))]
  const sales = await salesOf(trx, calendarIds, draft.createdAt, orderId)
  const rows = await repo.listPriceRows(trx, calendarIds)
  for (const calendarId of calendarIds) {
    const s = sales.get(calendarId)!
    const calLines = plan.lines.filter((l) => l.calendar.id === calendarId)
    const cal = calLines[0].calendar
    // A group ticket is one ticket of the session's stock, as the event page counts it.
    const asked = ticketsInOrder(calLines)
    // The session's own stock: the order as a whole. Each line is held to its row's own left
    // below, so a regular order never takes more than stock.ts sessionLeft, what the page shows.
    const sessionLeft = capacityLeft(cal.capacity, rows.filter((r) => r.calendar_id === calendarId), s)
    for (const l of calLines) {
      const stock = rows.find((r) => r.id === l.price.id)?.quantity ?? 0
      const rowLeft = Math.max(0, stock - (s.byPrice.get(l.price.id) ?? 0))
      if (l.price.passagequant > 0 && l.quantity > rowLeft) {
        throw new ApiFailure('group-limit', { day: cal.day, time: cal.time, passes: rowLeft * l.price.passagequant, groups: rowLeft, asked: l.quantity * l.price.passagequant })
      }
      if (l.quantity > rowLeft) {
        throw new ApiFailure('row-sold-out', { left: rowLeft, day: cal.day, time: cal.time, asked: l.quantity })
      }
    }
    if (asked > sessionLeft) {
      throw new ApiFailure('session-sold-out', { left: sessionLeft, day: cal.day, time: cal.time, asked })
    }
  }
}

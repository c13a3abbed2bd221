import { randomBytes, randomInt } from 'node:crypto'
import { ORDER_STATUS_CONFIRMED } from '../../../contract/constants'
import { normalizeFio, normalizeGiftName } from '../../../contract/rules'
import type { Db } from '../../db/connect'
import { ApiFailure } from '../../errors'
import { ORDER_HASH_BYTES, ORDER_NUMBER_BASE, ORDER_STATUS_CREATED, TICKET_CODE_DIGITS, TICKET_HASH_BYTES } from './constants'
import { expireOrders } from './expiry'
import { planOrder, type OrderCreateInput, type OrderPlan } from './plan'
import * as repo from './repository'
import { capacityOf, lockCalendars, salesOf } from './stock'

export interface OrderContext {
  now: number
  reserveSeconds: number
  sessionId: string | null
  /** The CRM client kept in the session (never the one the body names). */
  crmClientId: number | null
}

const newHash = (bytes: number) => randomBytes(bytes).toString('base64url')
const newTicketCode = () => Array.from({ length: TICKET_CODE_DIGITS }, (_, i) => randomInt(i === 0 ? 1 : 0, 10)).join('')

/**
 * POST /api/order/create: checks the order (plan.ts), then in one transaction locks the
 * sessions, cancels expired reservations, re-counts what is left, reserves and writes the
 * order. Two orders for the last tickets cannot both pass: the second one counts after the
 * first committed (see lockCalendars). Returns the new order's hash.
 */
export async function createOrder(db: Db, input: OrderCreateInput, ctx: OrderContext): Promise<string> {
  const event = await repo.findEventByHash(db, input.hash)
  if (!event) throw new ApiFailure('event-not-found', { hash: input.hash })
  if (event.scheme === 1) throw new ApiFailure('event-sold-on-map')
  if (event.soon_on_sale === 1) throw new ApiFailure('sales-not-open')

  const calendars = await repo.listOpenCalendars(db, event.id, ctx.now)
  const wanted = new Set(input.data.map((l) => `${l.day} ${l.time}`))
  const used = calendars.filter((c) => wanted.has(`${c.day} ${c.time}`))
  const [prices, checkboxes, subscription] = await Promise.all([
    repo.listPriceRows(db, used.map((c) => c.id)),
    repo.listOrderCheckboxes(db),
    findSubscription(db, input, event.id, ctx),
  ])
  const plan = planOrder(input, { event, calendars: used, prices, checkboxes, subscription })

  return db.transaction().execute(async (trx) => {
    const calendarIds = [...new Set(plan.lines.map((l) => l.calendar.id))]
    await lockCalendars(trx, calendarIds)
    await expireOrders(trx, ctx.now, calendarIds)
    await checkAvailability(trx, plan, calendarIds)
    if (plan.subscriptionId !== null) await takeSubscriptionTickets(trx, plan.subscriptionId, plan.tickets)
    return insertOrder(trx, input, plan, event, ctx)
  })
}

function findSubscription(db: Db, input: OrderCreateInput, eventId: number, ctx: OrderContext) {
  const id = input.data.find((l) => l.subscrit_id !== undefined)?.subscrit_id ?? input.crmClient?.subscritId
  if (id === undefined) return Promise.resolve(null)
  if (ctx.crmClientId === null) throw new ApiFailure('subscription-sign-in')
  return repo.findClientSubscription(db, id, ctx.crmClientId, eventId, ctx.now).then((s) => (s ? { id: s.id, quant: s.quant } : null))
}

/** Re-counts under lock, with stock re-read: every row and every session must still have the tickets asked. */
async function checkAvailability(trx: Db, plan: OrderPlan, calendarIds: number[]): Promise<void> {
  const sales = await salesOf(trx, calendarIds)
  const rows = await repo.listPriceRows(trx, calendarIds)
  for (const calendarId of calendarIds) {
    const s = sales.get(calendarId)!
    const calLines = plan.lines.filter((l) => l.calendar.id === calendarId)
    const cal = calLines[0].calendar
    const sessionLeft = Math.max(0, capacityOf(cal.capacity, rows.filter((r) => r.calendar_id === calendarId)) - s.sold)
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
    const asked = calLines.reduce((n, l) => n + l.quantity, 0)
    if (asked > sessionLeft) {
      throw new ApiFailure('session-sold-out', { left: sessionLeft, day: cal.day, time: cal.time, asked })
    }
  }
}

/**
 * Conditional decrement: succeeds only when the subscription still has the tickets. Shared with
 * the seat-map order (domain/scheme/order.ts), inside its claim transaction.
 */
export async function takeSubscriptionTickets(trx: Db, subscriptionId: number, n: number): Promise<void> {
  const res = await trx
    .updateTable('crm_subscriptions')
    .set((eb) => ({ quant: eb('quant', '-', n) }))
    .where('id', '=', subscriptionId)
    .where('quant', '>=', n)
    .executeTakeFirst()
  if (Number(res.numUpdatedRows) !== 1) throw new ApiFailure('subscription-empty')
}

async function insertOrder(trx: Db, input: OrderCreateInput, plan: OrderPlan, event: repo.EventRow, ctx: OrderContext): Promise<string> {
  const hash = newHash(ORDER_HASH_BYTES)
  const named = event.writeticketname === 1
  const free = plan.total === 0
  const { id } = await trx
    .insertInto('orders')
    .values({
      hash,
      // Unique placeholder until the id is known (ORDER_NUMBER_BASE + id, below).
      ord_num: -randomInt(1, 2 ** 31 - 1),
      session_id: ctx.sessionId,
      crm_client_id: ctx.crmClientId,
      crm_subscription_id: plan.subscriptionId,
      // Named tickets stay unconfirmed until the visitor data is entered (tickets-nominal).
      status: named ? ORDER_STATUS_CREATED : ORDER_STATUS_CONFIRMED,
      lang: input.lang,
      fio: plan.giftCard ? '' : normalizeFio(input.fio ?? ''),
      surname: plan.giftCard ? normalizeGiftName(input.surname ?? '') : '',
      name: plan.giftCard ? normalizeGiftName(input.name ?? '') : '',
      patronymic: plan.giftCard ? normalizeGiftName(input.patronymic ?? '') : '',
      phone: input.phone.trim(),
      email: input.email.trim(),
      referrer: input.crmClient?.referrer ?? '',
      // A free order (maybefree, every price 0) has nothing to pay and never expires.
      paid: free ? 1 : 0,
      paid_at: free ? ctx.now : null,
      use_pushkin_card: plan.giftCard ? 1 : 0,
      total: plan.total,
      service_total: plan.serviceTotal,
      reserve_until: ctx.now + ctx.reserveSeconds * 1000,
      created_at: ctx.now,
      confirmed_at: named ? null : ctx.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await trx.updateTable('orders').set({ ord_num: ORDER_NUMBER_BASE + id }).where('id', '=', id).execute()

  // One line per ticket: named-ticket data, returns and ticket codes are per ticket.
  const rows = plan.lines.flatMap((l) =>
    Array.from({ length: l.quantity }, () => ({
      order_id: id,
      event_id: event.id,
      calendar_id: l.calendar.id,
      price_id: l.price.id,
      client_category_id: l.price.client_category_id,
      zone_id: l.price.zone_id,
      crm_subscription_id: l.subscriptionId,
      quantity: 1,
      price: l.priceMinor,
      service_fee: l.feeMinor,
      cost: l.priceMinor + l.feeMinor,
      ticket_hash: newHash(TICKET_HASH_BYTES),
      ticket_code: newTicketCode(),
    })),
  )
  await trx.insertInto('order_lines').values(rows).execute()
  return hash
}

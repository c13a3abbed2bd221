import type { Db } from '../../src/server/db/connect'
import { orderBody, type EventFx, type Fixtures, type OrderAnswer, type Visitor } from './order-fixtures'
import { decide, pathOf, startPay, type PaymentFx } from './payment-fixtures'

const DAY_MS = 86_400_000

/**
 * A session of `ev` added after its first one yet starting a day earlier (a matinee put on sale
 * later): its calendar id is the higher, its start the earlier, so an order of both sessions
 * tells listing by session id (or by when it was added) from listing by start, the tickets' order
 * (src/server/domain/orders/ticket-order.repository.ts).
 * Answers the event as seen at that session, with the first session's prices copied.
 */
export async function addEarlierSession(db: Db, ev: EventFx): Promise<EventFx> {
  const first = await db.selectFrom('calendars').selectAll().where('id', '=', ev.calendarId).executeTakeFirstOrThrow()
  const startsAt = Number(first.starts_at) - DAY_MS
  const day = new Date(startsAt).toISOString().slice(0, 10)
  const cal = await db
    .insertInto('calendars')
    .values({ event_id: ev.id, venue_id: first.venue_id, drawing_id: null, day, time: ev.time, capacity: null, starts_at: startsAt })
    .returning('id')
    .executeTakeFirstOrThrow()
  const prices: EventFx['prices'] = {}
  for (const [key, p] of Object.entries(ev.prices)) {
    const old = await db.selectFrom('prices').selectAll().where('id', '=', p.id).executeTakeFirstOrThrow()
    const { id: _old, ...copy } = old
    const row = await db.insertInto('prices').values({ ...copy, calendar_id: cal.id }).returning('id').executeTakeFirstOrThrow()
    prices[key] = { ...p, id: row.id }
  }
  return { ...ev, calendarId: cal.id, day, prices }
}

/**
 * A paid card order of `ev`'s adult tickets: `first` of its first session and `earlier` of the
 * session addEarlierSession added. Answers its hash.
 */
export async function paidTwoSessionOrder(v: Visitor, fx: Fixtures, pfx: PaymentFx, ev: EventFx, earlierEv: EventFx, first: number, earlier: number): Promise<string> {
  const body = orderBody(fx, ev, [{ price: ev.prices.adult, quantity: first }])
  const later = orderBody(fx, earlierEv, [{ price: earlierEv.prices.adult, quantity: earlier }])
  const data = [...(body.data as object[]), ...(later.data as object[])]
  const res = await v.post<OrderAnswer>('/api/order/create', { ...body, data })
  if (res.body.errorCode !== '0' || !res.body.hash) throw new Error(`order failed: ${JSON.stringify(res.body)}`)
  const start = await startPay(v, res.body.hash, pfx.types.card)
  if (start.body.errorCode !== '0') throw new Error(`payment start failed: ${JSON.stringify(start.body)}`)
  const back = await decide(v, pathOf(start.body.bankUrl!).split('/').pop()!, 'approve')
  if (back.status !== 303) throw new Error(`bank page answered ${back.status}`)
  return res.body.hash
}

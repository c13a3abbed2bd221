/**
 * The seat-map calls of the rush benchmark's buyers (bench/load/scenarios.ts, admitted.ts): the
 * session's free seats as the map shows them, a hold of one seat, the order of it, and what
 * counts as held and ordered. `headers` carries an admission token behind a waiting room.
 */
import type { Buyer, CallResult } from './buyers'
import { demoHash } from '../../src/server/seed/catalog'

/** Seat-map demo event on the 5,000-seat hall (two sessions). */
export const SEAT_EVENT = 'organ-night'

export interface SeatSession {
  calendarId: number
  free: Array<{ seat_id: string; zone: number }>
  categoryOf(zone: number): number
}

/** Session `index` of the seat event, with its free seats read from the map now. */
export async function seatSession(b: Buyer, index: number): Promise<SeatSession> {
  const hash = demoHash('event', SEAT_EVENT)
  const sessions = (await b.call('POST', '/api/scheme/sessions', { hash })).body as { calendar: Array<{ calendar_id: number }>; prices: Array<{ calendar_id: number; zonelevel_id: number; clientcategory_id: number }> }
  const calendarId = sessions.calendar[index].calendar_id
  const map = (await b.call('POST', '/api/scheme/map', { hash, calendar_id: calendarId })).body as { seat_numbers: Array<{ seat_id: string; status: string; zonelevel_id: number }> }
  const free = map.seat_numbers.filter((s) => s.status === 'free').map((s) => ({ seat_id: s.seat_id, zone: s.zonelevel_id }))
  return { calendarId, free, categoryOf: (zone) => sessions.prices.find((p) => p.calendar_id === calendarId && p.zonelevel_id === zone)!.clientcategory_id }
}

export const hold = (b: Buyer, s: SeatSession, seat: { seat_id: string; zone: number }, headers: Record<string, string> = {}) =>
  b.call('POST', '/api/cart/update', { calendar_id: s.calendarId, changes: [{ seat_id: seat.seat_id, clientcategory_id: s.categoryOf(seat.zone), quantity: 1 }] }, headers)

/** The buyer's contact details on every order of the bench. */
export const buyerDetails = { fio: 'Иван Петров', phone: '+79161234567', email: 'ivan@example.org', re_email: 'ivan@example.org', lang: 'ru' }

export const orderSeats = (b: Buyer, s: SeatSession, seat: { seat_id: string; zone: number }, checkboxes: number[], headers: Record<string, string> = {}) =>
  b.call(
    'POST',
    '/api/order/create-scheme',
    {
      ...buyerDetails,
      action_id: demoHash('event', SEAT_EVENT),
      calendarId: s.calendarId,
      checkboxList: checkboxes.map((id) => ({ id, checked: 1 })),
      tickets: [{ seat_id: seat.seat_id, clientcategory_id: s.categoryOf(seat.zone), quantity: 1, sector: '', row: '', seat: '' }],
    },
    headers,
  )

export const held = (r: CallResult, seat: string) => r.status === 200 && Array.isArray(r.body?.items) && (r.body.items as Array<{ seat_id: string }>).some((i) => i.seat_id === seat)
export const ordered = (r: CallResult) => r.status === 200 && r.body?.errorCode === '0'

/** The agreement checkboxes an order must tick. */
export async function checkboxIds(b: Buyer): Promise<number[]> {
  const head = (await b.call('POST', '/api/scheme', { hash: demoHash('event', SEAT_EVENT) })).body as { checkboxList: Array<{ id: number }> }
  return head.checkboxList.map((c) => c.id)
}

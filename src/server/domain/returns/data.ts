import { RETURN_STATUS_CONFIRMED, RETURN_STATUS_CONFIRMED_FINAL, RETURN_STATUS_NOT_CONFIRMED } from '../../../contract/constants'
import type { OrderReturnDataResponse, ReturnLinkState, ReturnRow } from '../../../contract/entities/returns'
import { ErrorCode } from '../../../contract/errors'
import type { Lang } from '../../../contract/lang'
import type { Db } from '../../db/connect'
import { ApiFailure } from '../../errors'
import { messageText, REASONS } from '../../messages'
import { toMajor } from '../../../contract/rules/money'
import { seatPlaceText } from '../../../contract/rules/seat-place'
import { findOrderByHash } from '../orders/order.repository'
import { buyerName } from '../orders/state'
import { personName } from '../tickets/lines'
import { loadStoredSetup } from '../settings/service'
import { venueDateTime, venueGmtText } from '../../venue-time'
import { MS_PER_S, REQUEST_STATUS_LATE, REQUEST_STATUS_REFUNDED, REQUEST_STATUS_USED } from './constants'
import { storedHashConf } from './hashconf'
import { returnRefusal } from './policy'
import { lineRefunded, returnShareByLine } from './refund-payment'
import { consentText, findPayingPayment, findReturnRequest, listReasons, listRequestLines, listReturnLines, reasonsByLine, usedLineIds, type ReturnLineRow } from './repository'
import { sweepReturnRequests } from './sweep'

/** Seconds left before a line's return deadline (0 = closed). */
export function secondsLeft(line: Pick<ReturnLineRow, 'deadline'>, now: number): number {
  return Math.max(0, Math.floor((Number(line.deadline) - now) / MS_PER_S))
}

/**
 * What became of the request of the link the page was opened from (read after the sweep, so a
 * request past its deadline or its link's life is no longer 'waiting'). Statuses: 60 waiting,
 * 70/80 confirmed, REQUEST_STATUS_LATE late, REQUEST_STATUS_USED used, REQUEST_STATUS_REFUNDED
 * refunded, any other (90) expired. Each withdrawal keeps its own state so the page can tell the
 * visitor the true reason (an expired link only needs a new request; a used or refunded one not).
 */
async function linkState(db: Db, hash: string, hashConf: string): Promise<{ link_state: ReturnLinkState; link_rows?: number[] }> {
  const request = await findReturnRequest(db, hash, storedHashConf(hashConf))
  if (!request) return { link_state: 'unknown' }
  // The tickets this link confirms, so the page shows (and sends) their refund, not every waiting ticket's.
  if (request.status === RETURN_STATUS_NOT_CONFIRMED) return { link_state: 'waiting', link_rows: (await listRequestLines(db, request.id)).map((l) => l.id) }
  return { link_state: linkStateOf(request.status) }
}

/** The link_state of a request no longer waiting, by its status (linkState). */
function linkStateOf(status: number): ReturnLinkState {
  if (status === RETURN_STATUS_CONFIRMED || status === RETURN_STATUS_CONFIRMED_FINAL) return 'confirmed'
  if (status === REQUEST_STATUS_LATE) return 'late'
  if (status === REQUEST_STATUS_USED) return 'used'
  return status === REQUEST_STATUS_REFUNDED ? 'refunded' : 'expired'
}

/**
 * POST /api/order/return/:hash (001 §3 "Return data"). Every ticket line of the order as a row:
 * owner_name is the buyer on every row (with the order's email and phone), visitor_name the
 * ticket holder of a named ticket ('' otherwise); name_{lang} is the visitor category;
 * zonelevel the price zone in the asked language; returndatime the deadline in the venue time
 * zone (returnzone, its offset then: GMT+03:00 in Moscow) and returnleft the seconds left to it; summa what returning the line refunds
 * (refund-payment.ts returnShareByLine, with its own part of the card's bonuses, so ticked rows add up to exactly what the confirm refunds), or for a returned line what it refunded (lineRefunded); admitted whether the ticket was admitted at the door
 * (repository.ts usedLineIds: the rule create and confirm refuse it by). error_code '0' when the order may be
 * returned, else the code of its refusal (policy.ts returnRefusal: not allowed, or paid at the
 * box office, then with its text as error_text) and no rows. Opened from an e-mailed link (`hashConf`),
 * link_state says what became of that link's request, and link_rows, while it waits, its tickets (linkState).
 */
export async function buildReturnData(db: Db, hash: string, lang: Lang, now = Date.now(), hashConf?: string): Promise<OrderReturnDataResponse> {
  const order = await findOrderByHash(db, hash)
  if (!order) throw new ApiFailure('order-not-found', { hash })
  const [setup, reasons, text] = await Promise.all([loadStoredSetup(db), listReasons(db), consentText(db, lang)])
  const base = { date: venueDateTime(now), text, reasons: reasons.map((r) => ({ id: r.id, name_ru: r.name_ru, name_en: r.name_en, name_kz: r.name_kz, name_ch: r.name_ch, descript_ru: r.descript_ru, descript_en: r.descript_en, descript_kz: r.descript_kz, descript_ch: r.descript_ch })) }
  const refusal = returnRefusal(order, setup, await findPayingPayment(db, order.id))
  // The refusal return-create would answer, by its code; the one the visitor can act on (the box
  // office) with its text in the asked language, which the page shows instead of going back to the
  // order's view (001 §4, what it does for every other refusal).
  if (refusal) return { ...base, rows: [], error_code: REASONS[refusal], ...(refusal === 'return-at-desk' ? { error_text: messageText(refusal, lang) } : {}) }
  await sweepReturnRequests(db, now, order.id)
  const lines = await listReturnLines(db, order.id)
  const lineIds = lines.map((l) => l.id)
  const [reasonOf, admitted] = await Promise.all([reasonsByLine(db, lineIds), usedLineIds(db, lineIds).then((ids) => new Set(ids))])
  // What returning each line refunds now, by the rule the confirm refunds by: with a promo code or
  // offers it differs from the list cost, and the page's refund total adds these up. A returned
  // line refunds nothing more: it shows what it refunded (lineRefunded).
  const shares = await returnShareByLine(db, order, lines)
  const buyer = buyerName(order)
  const rows: ReturnRow[] = lines.map((l, i) => ({
    id: l.id,
    ord_num: order.ord_num,
    datime: venueDateTime(Number(order.paid_at ?? order.created_at)),
    owner_name: buyer,
    visitor_name: personName(l),
    email: order.email,
    phone: order.phone,
    status_id: l.return_status,
    quant: l.quantity,
    summa: toMajor(shares.get(l.id) ?? lineRefunded(l)),
    // The lines come in the tickets' one order (orders/ticket-order.repository.ts), as the order
    // view's do, so a ticket's place here is its 'Ticket N' there.
    sortnum: i + 1,
    returndatime: venueDateTime(Number(l.deadline)),
    // The offset at the deadline itself, so the wall time and its zone name the same instant across a daylight-saving change.
    returnzone: venueGmtText(Number(l.deadline)),
    returnleft: secondsLeft(l, now),
    returnreason_id: reasonOf.get(l.id) ?? null,
    action_id: l.event_id,
    name_ru: l.name_ru,
    name_en: l.name_en,
    name_kz: l.name_kz,
    name_ch: l.name_ch,
    action_ru: l.action_ru,
    action_en: l.action_en,
    action_kz: l.action_kz,
    action_ch: l.action_ch,
    day: l.day,
    time: l.time,
    zonelevel: (l[`zone_${lang}`] || l.zone_en || l.zone_ru) ?? '',
    ...placeOf(l, lang),
    admitted: admitted.has(l.id),
  }))
  const link = hashConf === undefined ? {} : await linkState(db, hash, hashConf)
  return { ...base, rows, error_code: ErrorCode.OK, ...link }
}

/** The ticket's seat ('Stalls centre, row 12, seat 19') or standing place in `lang`, as its e-mail names it; nothing for a general-admission ticket. */
function placeOf(l: ReturnLineRow, lang: Lang): { place?: string } {
  const place = l.seat_id !== null ? seatPlaceText({ sector: l.sector_name, row: l.row_label, seat: l.number_label }, lang) : (l.stand_name ?? '').trim()
  return place === '' ? {} : { place }
}

import type { OrderDataResponse, OrderDataRow } from '../../../contract/entities/nominal'
import { sameInAll, type Lang } from '../../../contract/lang'
import type { Db } from '../../db/connect'
import { ApiFailure } from '../../errors'
import { toMajor } from '../../../contract/rules/money'
import { orderToPay } from '../orders/money'
import { MS_PER_SECOND } from './constants'
import { hasConfirmDeadline } from './deadline'
import * as repo from './repository'

/** Seconds left to confirm (never below 0): the page's countdown starts here. */
export function reserveSecondsLeft(reserveUntil: number, now: number): number {
  return Math.max(0, Math.floor((reserveUntil - now) / MS_PER_SECOND))
}

function toRow(order: repo.NominalOrder, line: repo.NominalLine, lang: Lang, now: number): OrderDataRow {
  const seat = line.seat_id !== null
  const action = { action_ru: line.action_ru, action_en: line.action_en, action_kz: line.action_kz, action_ch: line.action_ch }
  return {
    id: line.id,
    ord_num: order.ord_num,
    hash_id: order.hash,
    action: action[`action_${lang}`] || line.action_ru,
    day: line.day,
    time: line.time,
    reservetime: reserveSecondsLeft(order.reserve_until, now),
    demandstatusid: order.status,
    paid: hasConfirmDeadline(order) ? 0 : 1,
    clientcategory: line.client_category_id,
    needage: line.needage,
    needmiddlename: line.needmiddlename,
    needdocument: line.needdocument,
    needcountry: line.needcountry,
    needregion: line.needregion,
    summa: toMajor(line.cost),
    country_id: line.country_id,
    tickethash_id: line.ticket_hash,
    usereturn: order.usereturn,
    usepushkarta: line.usepushkarta,
    usenopushkarta: line.usenopushkarta,
    ...action,
    category_ru: line.category_ru,
    category_en: line.category_en,
    category_kz: line.category_kz,
    category_ch: line.category_ch,
    // Seat-map labels come from the venue drawing: the same text in every language.
    ...sameInAll('sector', seat ? (line.sector_name ?? '') : (line.stand_name ?? '')),
    ...sameInAll('row', seat ? (line.row_label ?? '') : ''),
    ...sameInAll('seat', seat ? (line.number_label ?? '') : ''),
  }
}

/**
 * POST /api/order-data: one row per ticket of the order plus the reference lists the form
 * needs. An unknown hash answers NOT_FOUND ("order deleted" on the page). Confirmed and
 * cancelled orders are answered too: the page reads demandstatusid and sends the visitor to
 * the order view. demsumma is the order view's, by the same rule (orders/money.ts orderToPay):
 * promo code, bonuses and offers taken into account, never the rows' list costs summed.
 */
export async function buildOrderData(db: Db, hash: string, lang: Lang, now = Date.now()): Promise<OrderDataResponse> {
  const order = await repo.findOrder(db, hash)
  if (!order) throw new ApiFailure('order-not-found', { hash })
  const [lines, demsumma, text, checkboxList, docTypes, countries, regions] = await Promise.all([
    repo.listNominalLines(db, order.id),
    orderToPay(db, order),
    repo.readConsentText(db, lang),
    repo.listNominalCheckboxes(db),
    repo.listDocTypes(db),
    repo.listCountries(db),
    repo.listRegions(db),
  ])
  return {
    rows: lines.map((l) => toRow(order, l, lang, now)),
    demsumma: toMajor(demsumma),
    text,
    checkboxList,
    docTypes,
    countries,
    regions,
  }
}

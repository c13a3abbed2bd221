import { RETURN_STATUS_CONFIRMED } from '../../../contract/constants'
import type { Db } from '../../db/connect'
import { inTicketOrder } from '../orders/ticket-order.repository'
import { NOMINAL_CHECKBOX_SCOPE, NOMINAL_TEXT_SETTING } from './constants'

/** Queries of the named-ticket page: the order's ticket lines and the reference lists. */

/** An order by its public hash; undefined when unknown. */
export function findOrder(db: Db, hash: string) {
  return db
    .selectFrom('orders')
    .select(['id', 'hash', 'ord_num', 'status', 'paid', 'usereturn', 'use_pushkin_card', 'reserve_until'])
    .where('hash', '=', hash)
    .executeTakeFirst()
}
export type NominalOrder = NonNullable<Awaited<ReturnType<typeof findOrder>>>

/**
 * The order's ticket lines with their category flags and every text a row shows: event,
 * category, and for seat-map tickets sector, row and seat labels (the drawing's labels, the
 * same in every language). Line order = the order the page numbers its cards and a confirm's
 * refusal names them by (confirm.ts): the tickets' one order (orders/ticket-order.repository.ts),
 * so card N is ticket N of the order view, the return page and the e-mails. Returned lines
 * (orders/money.ts isReturned, as SQL) are left out: a refunded ticket admits no one, so it has
 * no holder to name.
 */
export function listNominalLines(db: Db, orderId: number) {
  return db
    .selectFrom('order_lines as l')
    .innerJoin('events as e', 'e.id', 'l.event_id')
    .innerJoin('calendars as c', 'c.id', 'l.calendar_id')
    .innerJoin('client_categories as cc', 'cc.id', 'l.client_category_id')
    .leftJoin('seats as s', 's.id', 'l.seat_id')
    .leftJoin('sectors as sec', 'sec.id', 's.sector_id')
    .leftJoin('standing_places as sp', 'sp.id', 'l.standing_place_id')
    .select([
      'l.id', 'l.client_category_id', 'l.cost', 'l.ticket_hash', 'l.country_id', 'l.seat_id',
      'e.name_ru as action_ru', 'e.name_en as action_en', 'e.name_kz as action_kz', 'e.name_ch as action_ch',
      'e.usepushkarta', 'e.usenopushkarta',
      'c.day', 'c.time',
      'cc.needage', 'cc.needmiddlename', 'cc.needdocument', 'cc.needcountry', 'cc.needregion',
      'cc.name_ru as category_ru', 'cc.name_en as category_en', 'cc.name_kz as category_kz', 'cc.name_ch as category_ch',
      'sec.name as sector_name', 's.row_label', 's.number_label', 'sp.name as stand_name',
    ])
    .where('l.order_id', '=', orderId)
    .where('l.return_status', '<', RETURN_STATUS_CONFIRMED)
    .$call(inTicketOrder)
    .execute()
}
export type NominalLine = Awaited<ReturnType<typeof listNominalLines>>[number]

export function listNominalCheckboxes(db: Db) {
  return db
    .selectFrom('checkbox_lists')
    .select(['id', 'filling', 'name_ru', 'name_en', 'name_kz', 'name_ch'])
    .where('scope', '=', NOMINAL_CHECKBOX_SCOPE)
    .orderBy('sortnum')
    .orderBy('id')
    .execute()
}

export function listDocTypes(db: Db) {
  return db
    .selectFrom('document_types')
    .select(['id', 'country_id', 'name_ru', 'name_en', 'name_kz', 'name_ch', 'note_ru', 'note_en', 'note_kz', 'note_ch'])
    .orderBy('sortnum')
    .orderBy('id')
    .execute()
}

export function listCountries(db: Db) {
  return db.selectFrom('countries').select(['id', 'name_ru', 'name_en', 'name_kz', 'name_ch']).orderBy('sortnum').orderBy('id').execute()
}

export function listRegions(db: Db) {
  return db
    .selectFrom('regions')
    .select(['id', 'country_id', 'name_ru', 'name_en', 'name_kz', 'name_ch'])
    .orderBy('country_id')
    .orderBy('sortnum')
    .orderBy('id')
    .execute()
}

/** The consent text in `lang` from settings ('' when none is set). */
export async function readConsentText(db: Db, lang: string): Promise<string> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', NOMINAL_TEXT_SETTING).executeTakeFirst()
  if (!row) return ''
  const value = JSON.parse(row.value) as unknown
  if (typeof value !== 'object' || value === null) return ''
  const text = (value as Record<string, unknown>)[lang]
  return typeof text === 'string' ? text : ''
}

/** The visitor columns of one order line (what its category asks; the rest cleared). */
export interface LineVisitorColumns {
  person_surname: string
  person_name: string
  person_middle_name: string
  age: number | null
  birth_date: string
  document_type_id: number | null
  doc_num: string
  country_id: number | null
  region_id: number | null
}

/** Writes the named-ticket data of one order line. */
export async function writeLineVisitor(trx: Db, lineId: number, v: LineVisitorColumns): Promise<void> {
  await trx.updateTable('order_lines').set(v).where('id', '=', lineId).execute()
}

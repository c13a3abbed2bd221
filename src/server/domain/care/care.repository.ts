import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely'
import type { Db } from '../../db/connect'
import { lineCounts, ticketCounts } from '../orders/returned-lines.repository'

/** Queries of order care (issue 19.2): finding orders, and what an order's history is made of. */

/** Order ids matching a search text: its number, a ticket's code, or the buyer's e-mail, phone or name. */
export async function searchOrderIds(db: Db, q: string, limit: number): Promise<number[]> {
  const text = q.trim().toLowerCase()
  const digits = text.replace(/[^0-9]/g, '')
  // SQLite's lower() folds ASCII only: a Cyrillic name is also matched as typed and as Capitalised
  // words (how names are written), which PostgreSQL's lower() already covers.
  const escape = (t: string) => `%${t.replace(/[\\%_]/g, (m) => `\\${m}`)}%`
  const like = escape(text)
  const variants = [...new Set([q.trim(), text.replace(/(^|\s)(\S)/g, (_m, sp: string, c: string) => sp + c.toUpperCase())])].map(escape)
  const rows = await db
    .selectFrom('orders as o')
    .select('o.id')
    .where((eb) => {
      const fullName = sql<string>`(o.surname || ' ' || o.name || ' ' || o.patronymic)`
      // ESCAPE '\\' on both databases (SQLite has no default escape character).
      const matches = (expr: RawBuilder<string>, pattern: string) => sql<SqlBool>`${expr} like ${pattern} escape '\\'`
      const or: Expression<SqlBool>[] = [
        matches(sql<string>`lower(o.email)`, like),
        matches(sql<string>`lower(o.fio)`, like),
        matches(sql<string>`lower(${fullName})`, like),
        ...variants.flatMap((v) => [matches(sql<string>`o.fio`, v), matches(fullName, v)]),
      ]
      // Digits: an order number, a ticket's printed code, or a phone number (typed with any separators).
      if (digits.length > 0 && /^[0-9 ()+-]+$/.test(text)) {
        if (digits.length <= 9) or.push(eb('o.ord_num', '=', Number(digits)))
        or.push(eb('o.id', 'in', eb.selectFrom('order_lines').select('order_id').where('ticket_code', '=', digits)))
        if (digits.length >= 5) or.push(eb(sql<string>`replace(replace(replace(replace(replace(o.phone, ' ', ''), '-', ''), '(', ''), ')', ''), '+', '')`, 'like', `%${digits}%`))
      }
      return eb.or(or)
    })
    .orderBy('o.id', 'desc')
    .limit(limit)
    .execute()
  return rows.map((r) => r.id)
}

export function careOrderRows(db: Db, ids: readonly number[]) {
  return db
    .selectFrom('orders as o')
    .leftJoin('order_lines as l', 'l.order_id', 'o.id')
    .select(['o.id', 'o.ord_num', 'o.hash', 'o.status', 'o.paid', 'o.total', 'o.fio', 'o.surname', 'o.name', 'o.patronymic', 'o.email', 'o.phone', 'o.reserve_until', 'o.created_at', 'o.paid_at', 'o.cancelled_at', 'o.confirmed_at'])
    // Tickets held and returned (returned-lines.repository.ts ticketCounts).
    .select(ticketCounts)
    // Its lines and its returned ones (admin/order-state.ts orderStateOf: refunded, partly refunded), in the same grouping.
    .select(lineCounts)
    .where('o.id', 'in', ids.length > 0 ? [...ids] : [-1])
    .groupBy(['o.id', 'o.ord_num', 'o.hash', 'o.status', 'o.paid', 'o.total', 'o.fio', 'o.surname', 'o.name', 'o.patronymic', 'o.email', 'o.phone', 'o.reserve_until', 'o.created_at', 'o.paid_at', 'o.cancelled_at', 'o.confirmed_at'])
    .orderBy('o.id', 'desc')
    .execute()
}

export function careLines(db: Db, orderId: number) {
  return db
    .selectFrom('order_lines as l')
    .innerJoin('events as e', 'e.id', 'l.event_id')
    .innerJoin('calendars as c', 'c.id', 'l.calendar_id')
    .innerJoin('client_categories as cc', 'cc.id', 'l.client_category_id')
    .leftJoin('seats as s', 's.id', 'l.seat_id')
    .leftJoin('sectors as sec', 'sec.id', 's.sector_id')
    .leftJoin('standing_places as sp', 'sp.id', 'l.standing_place_id')
    .select([
      'l.id', 'l.ticket_code', 'l.quantity', 'l.return_status', 'l.person_surname', 'l.person_name', 'l.person_middle_name',
      'e.name_ru', 'e.name_en', 'e.name_kz', 'e.name_ch', 'c.day', 'c.time',
      'cc.name_ru as cat_ru', 'cc.name_en as cat_en', 'cc.name_kz as cat_kz', 'cc.name_ch as cat_ch',
      'sec.name as sector_name', 's.row_label', 's.number_label', 'sp.name as stand_name', 'l.seat_id', 'l.standing_place_id',
      'l.calendar_id', 'e.hash_id',
    ])
    .where('l.order_id', '=', orderId)
    .orderBy('l.id')
    .execute()
}

/** Valid entry scans of the order's tickets, earliest first. */
export function careEntries(db: Db, orderId: number) {
  return db
    .selectFrom('ticket_redemptions as r')
    .innerJoin('order_lines as l', 'l.id', 'r.order_line_id')
    .select(['r.order_line_id', 'r.scanned_at', 'r.gate', 'l.ticket_code'])
    .where('l.order_id', '=', orderId)
    .where('r.direction', '=', 'in')
    .where('r.result', '=', 'valid')
    .orderBy('r.scanned_at')
    .execute()
}

export function careReturns(db: Db, orderId: number) {
  return db.selectFrom('return_requests').select(['id', 'created_at', 'confirmed_at']).where('order_id', '=', orderId).orderBy('id').execute()
}

export function careAudit(db: Db, orderId: number) {
  return db.selectFrom('audit_log').select(['created_at', 'action', 'actor']).where('entity', '=', 'order').where('entity_id', '=', String(orderId)).orderBy('id').execute()
}

/** Sold seats of an order's lines as people read them (a reseat's from and to). */
export function seatLabels(db: Db, seatIds: readonly number[]) {
  if (seatIds.length === 0) return Promise.resolve([])
  return db
    .selectFrom('seats as s')
    .leftJoin('sectors as sec', 'sec.id', 's.sector_id')
    .select(['s.id', 'sec.name as sector_name', 's.row_label', 's.number_label'])
    .where('s.id', 'in', [...seatIds])
    .execute()
}

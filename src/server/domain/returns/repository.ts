import type { Lang } from '../../../contract/lang'
import type { Db } from '../../db/connect'
import { DEFAULT_RETURN_CLOSE_MINUTES, MS_PER_MIN } from './constants'

/** Queries of the return page: the order's ticket lines with their return state and deadline. */

/** Ticket lines of an order with what the return page shows and the session start. */
export function listReturnLines(db: Db, orderId: number) {
  return db
    .selectFrom('order_lines as l')
    .innerJoin('events as e', 'e.id', 'l.event_id')
    .innerJoin('calendars as c', 'c.id', 'l.calendar_id')
    .innerJoin('client_categories as cc', 'cc.id', 'l.client_category_id')
    .leftJoin('zones as z', 'z.id', 'l.zone_id')
    .leftJoin('event_return_rules as r', 'r.event_id', 'l.event_id')
    .select([
      'l.id', 'l.event_id', 'l.calendar_id', 'l.seat_id', 'l.standing_place_id', 'l.quantity', 'l.cost', 'l.return_status',
      'l.person_surname', 'l.person_name', 'l.person_middle_name',
      'e.name_ru as action_ru', 'e.name_en as action_en', 'e.name_kz as action_kz', 'e.name_ch as action_ch',
      'cc.name_ru', 'cc.name_en', 'cc.name_kz', 'cc.name_ch',
      'z.name_ru as zone_ru', 'z.name_en as zone_en', 'z.name_kz as zone_kz', 'z.name_ch as zone_ch',
      'c.day', 'c.time', 'c.starts_at', 'r.close_minutes',
    ])
    .where('l.order_id', '=', orderId)
    .orderBy('c.starts_at')
    .orderBy('l.calendar_id')
    .orderBy('l.id')
    .execute()
}
export type ReturnLineRow = Awaited<ReturnType<typeof listReturnLines>>[number]

/** Epoch ms after which a line can no longer be returned: its session start minus the event's rule. */
export function returnDeadline(line: Pick<ReturnLineRow, 'starts_at' | 'close_minutes'>): number {
  return Number(line.starts_at) - (line.close_minutes ?? DEFAULT_RETURN_CLOSE_MINUTES) * MS_PER_MIN
}

/** The reason of the newest request of each line (null when none). */
export async function reasonsByLine(db: Db, lineIds: readonly number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>()
  if (lineIds.length === 0) return out
  const rows = await db
    .selectFrom('return_request_lines as rl')
    .innerJoin('return_requests as r', 'r.id', 'rl.return_request_id')
    .select(['rl.order_line_id', 'r.reason_id'])
    .where('rl.order_line_id', 'in', [...lineIds])
    .orderBy('r.id')
    .execute()
  for (const r of rows) out.set(r.order_line_id, r.reason_id)
  return out
}

export function listReasons(db: Db) {
  return db.selectFrom('return_reasons').selectAll().orderBy('sortnum').orderBy('id').execute()
}

/** The consent text of the return form: the return-scope agreement in the language (its first one). */
export async function consentText(db: Db, lang: Lang): Promise<string> {
  const row = await db.selectFrom('checkbox_lists').selectAll().where('scope', '=', 'return').orderBy('sortnum').orderBy('id').executeTakeFirst()
  if (!row) return ''
  return row[`name_${lang}`] || row.name_en || row.name_ru
}

import type { Insertable } from 'kysely'
import { isPostgresDb, type Db } from '../../db/connect'
import type { Database } from '../../db/database'
import { personName } from '../tickets/lines'
import type { Direction, DoorTicket } from './outcome'

/** Queries of door scans: the ticket a code names, the line lock, and the scan log. */

/** A ticket with what the door checks and shows. */
export function ticketQuery(db: Db) {
  return db
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .innerJoin('client_categories as cc', 'cc.id', 'l.client_category_id')
    .leftJoin('seats as s', 's.id', 'l.seat_id')
    .leftJoin('sectors as sec', 'sec.id', 's.sector_id')
    .leftJoin('standing_places as sp', 'sp.id', 'l.standing_place_id')
    .select([
      'l.id', 'l.calendar_id', 'l.seat_id', 'l.standing_place_id', 'l.client_category_id', 'l.ticket_code', 'l.quantity', 'l.return_status',
      'l.person_surname', 'l.person_name', 'l.person_middle_name',
      'o.paid', 'o.status as order_status',
      'cc.name_ru', 'cc.name_en', 'cc.name_kz', 'cc.name_ch',
      's.sector_id', 'sec.name as sector_name', 's.row_label', 's.number_label', 'sp.name as stand_name',
    ])
}
export type TicketRow = NonNullable<Awaited<ReturnType<ReturnType<typeof ticketQuery>['executeTakeFirst']>>>

export function findTicketById(db: Db, id: number) {
  return ticketQuery(db).where('l.id', '=', id).executeTakeFirst()
}

export function findTicketByCode(db: Db, code: string) {
  return ticketQuery(db).where('l.ticket_code', '=', code).executeTakeFirst()
}

export function doorTicketOf(row: TicketRow): DoorTicket {
  return {
    id: row.id,
    sessionId: row.calendar_id,
    code: row.ticket_code,
    seat: row.seat_id !== null ? { sector: row.sector_name ?? '', row: row.row_label ?? '', seat: row.number_label ?? '' } : null,
    standing: row.standing_place_id !== null ? (row.stand_name ?? '') : null,
    category: { ru: row.name_ru, en: row.name_en, kz: row.name_kz, ch: row.name_ch },
    holder: personName(row),
    quantity: row.quantity,
  }
}

/**
 * Locks a ticket for the rest of the transaction so two gates scanning it at once decide one
 * after the other: SELECT … FOR UPDATE on PostgreSQL; on SQLite a no-op UPDATE takes the write
 * lock (the same way as orders/order.repository.ts lockOrder).
 */
export async function lockTicket(trx: Db, id: number): Promise<void> {
  if (isPostgresDb(trx)) await trx.selectFrom('order_lines').select('id').where('id', '=', id).forUpdate().execute()
  else await trx.updateTable('order_lines').set((eb) => ({ return_status: eb.ref('return_status') })).where('id', '=', id).execute()
}

export function findScanByNonce(db: Db, nonce: string) {
  return db.selectFrom('ticket_redemptions').selectAll().where('nonce', '=', nonce).executeTakeFirst()
}
export type ScanRow = NonNullable<Awaited<ReturnType<typeof findScanByNonce>>>

/** The scans already logged under any of `nonces` (an upload's, at most MAX_BATCH_SCANS). */
export function findScansByNonces(db: Db, nonces: readonly string[]) {
  return nonces.length === 0 ? Promise.resolve([]) : db.selectFrom('ticket_redemptions').selectAll().where('nonce', 'in', [...nonces]).execute()
}

/**
 * The entry/exit history of a ticket, in scan time order (ties: arrival order), each scan with
 * its gate's re-entry rule (`list_reentry`; null for a scan without a check-in list).
 */
export function ticketHistory(db: Db, lineId: number) {
  return db
    .selectFrom('ticket_redemptions as r')
    .leftJoin('checkin_lists as cl', 'cl.id', 'r.list_id')
    .selectAll('r')
    .select('cl.reentry as list_reentry')
    .where('r.order_line_id', '=', lineId)
    .where('r.counted', '=', 1)
    .orderBy('r.scanned_at')
    .orderBy('r.id')
    .execute()
}

/**
 * The latest valid scan of a ticket before a scan, one way: entries (`in`), the entry in force at
 * an *Already used*; exits (`out`), the exit that left the ticket outside at a *Not inside*.
 */
export function validBefore(db: Db, scan: Pick<ScanRow, 'id' | 'order_line_id' | 'scanned_at'>, direction: Direction) {
  return db
    .selectFrom('ticket_redemptions')
    .select(['scanned_at', 'gate'])
    .where('order_line_id', '=', scan.order_line_id)
    .where('counted', '=', 1)
    .where('direction', '=', direction)
    .where('result', '=', 'valid')
    .where((eb) => eb.or([eb('scanned_at', '<', scan.scanned_at), eb.and([eb('scanned_at', '=', scan.scanned_at), eb('id', '<', scan.id)])]))
    .orderBy('scanned_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst()
}

/** Which of the given sessions exist. */
export async function existingSessionIds(db: Db, ids: readonly number[]): Promise<Set<number>> {
  return new Set((await db.selectFrom('calendars').select('id').where('id', 'in', [...ids]).execute()).map((c) => c.id))
}

/** When a session begins (epoch ms); undefined when there is no such session. */
export async function sessionStart(db: Db, id: number): Promise<number | undefined> {
  const row = await db.selectFrom('calendars').select('starts_at').where('id', '=', id).executeTakeFirst()
  return row ? Number(row.starts_at) : undefined
}

/** Logs a scan under its nonce; undefined when a scan with that nonce is already logged. */
export function insertScan(trx: Db, scan: Insertable<Database['ticket_redemptions']>) {
  return trx.insertInto('ticket_redemptions').values(scan).onConflict((oc) => oc.column('nonce').doNothing()).returning('id').executeTakeFirst()
}

/** Rewrites a scan's result and flag (its ticket's history was replayed). */
export async function setScanResult(trx: Db, id: number, result: string, flagged: number): Promise<void> {
  await trx.updateTable('ticket_redemptions').set({ result, flagged }).where('id', '=', id).execute()
}

/**
 * Settles an online entry once its ticket's history is replayed (the device shows our answer): a
 * valid one let the holder through (admitted); one the history refused (already used) turned the
 * holder away, so it leaves the history (counted 0), as an entry an offline phone refused does,
 * and no scan uploaded later (an exit before it) can turn it into an entry nobody made. An exit
 * stays in it whatever it answered: nobody is held in, so one answered "not inside" may still
 * stand as the holder's way out once an earlier entry arrives.
 */
export async function settleOnlineScan(trx: Db, id: number): Promise<void> {
  const entry = trx.updateTable('ticket_redemptions').where('id', '=', id).where('direction', '=', 'in')
  await entry.set({ admitted: 1 }).where('result', '=', 'valid').execute()
  await entry.set({ counted: 0 }).where('result', '!=', 'valid').execute()
}

/**
 * Records that a scan's device let the holder through after all: admitted, and flagged as given.
 * `rejoinAt`: an online entry the history had refused, the holder gone in after all, is counted
 * again, received at that time (the door's incremental sync brings the ticket's history again).
 * Only a scan not admitted yet changes; answers whether this call changed it (two uploads at once record it once).
 */
export async function setScanAdmitted(trx: Db, id: number, flagged: number, rejoinAt?: number): Promise<boolean> {
  const done = await trx
    .updateTable('ticket_redemptions')
    .set({ admitted: 1, flagged, ...(rejoinAt !== undefined ? { counted: 1, received_at: rejoinAt } : {}) })
    .where('id', '=', id)
    .where('admitted', '=', 0)
    .executeTakeFirst()
  return Number(done.numUpdatedRows) > 0
}

export function findScanById(db: Db, id: number) {
  return db.selectFrom('ticket_redemptions').selectAll().where('id', '=', id).executeTakeFirst()
}

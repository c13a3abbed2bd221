import { KIND_SUBSCRIPTIONS } from '../../../contract/constants'
import type { Db } from '../../db/connect'

/**
 * Reads of the console's selling extras: the storefront's own tables (compositions, services,
 * promo_codes, checkbox_lists), never copies of them. Writes go through the catalogue's row
 * helpers (admin/catalogue/rows.ts), which write the audit row in the same transaction.
 */

export function listCompositions(db: Db) {
  return db.selectFrom('compositions').selectAll().orderBy('subscription_event_id').orderBy('sortnum').orderBy('id').execute()
}

export function listOffers(db: Db) {
  return db.selectFrom('services').selectAll().orderBy('active', 'desc').orderBy('sortnum').orderBy('id').execute()
}

export function listPromos(db: Db) {
  return db.selectFrom('promo_codes').selectAll().orderBy('active', 'desc').orderBy('id', 'desc').execute()
}

export function listAgreements(db: Db) {
  return db.selectFrom('checkbox_lists').selectAll().orderBy('scope').orderBy('sortnum').orderBy('id').execute()
}

/** The id of the promo code `code` (stored upper-cased), if any. */
export async function promoIdByCode(db: Db, code: string): Promise<number | undefined> {
  return (await db.selectFrom('promo_codes').select('id').where('code', '=', code).executeTakeFirst())?.id
}

/** The menu kind of an event; undefined when there is no such event. */
export async function eventKind(db: Db, eventId: number): Promise<number | undefined> {
  return (await db.selectFrom('events').select('menu_kind_id').where('id', '=', eventId).executeTakeFirst())?.menu_kind_id
}

/** Subscriptions (events of the subscriptions kind) not archived, for the composition form. */
export function listSubscriptions(db: Db) {
  return db
    .selectFrom('events')
    .select(['id', 'name_ru', 'name_en', 'name_kz', 'name_ch'])
    .where('menu_kind_id', '=', KIND_SUBSCRIPTIONS)
    .where('archived_at', 'is', null)
    .orderBy('id')
    .execute()
}

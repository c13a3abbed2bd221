import type { Db } from '../../db/connect'
import { inSaleWindow } from '../events/sale-window'

/**
 * Archived sections (menu kinds), menu items and tags leave the storefront's menus and filters
 * (their events stay listed); an archived section takes its menu items with it.
 */
export const listMenuKinds = (db: Db) => db.selectFrom('menu_kinds').selectAll().where('archived_at', 'is', null).orderBy('sortnum').orderBy('id').execute()
export const listMainMenus = (db: Db) =>
  db
    .selectFrom('main_menus')
    .selectAll()
    .where('archived_at', 'is', null)
    .where('menu_kind_id', 'not in', (q) => q.selectFrom('menu_kinds').select('id').where('archived_at', 'is not', null))
    .orderBy('sortnum')
    .orderBy('id')
    .execute()
export const listSubMenus = (db: Db) => db.selectFrom('sub_menus').selectAll().orderBy('sortnum').orderBy('id').execute()
export const listTags = (db: Db) => db.selectFrom('tags').selectAll().where('archived_at', 'is', null).orderBy('sortnum').orderBy('id').execute()

export const listActiveEvents = (db: Db) =>
  db
    .selectFrom('events as e')
    .leftJoin('images as i', 'i.id', 'e.image_id')
    .selectAll('e')
    .select('i.file_name as image_file')
    .where('e.active', '=', 1)
    .where('e.published', '=', 1)
    .orderBy('e.sortnum')
    .orderBy('e.id')
    .execute()

export const listEventMenus = (db: Db, eventIds: number[]) =>
  eventIds.length === 0
    ? Promise.resolve([])
    : db.selectFrom('event_menus').selectAll().where('event_id', 'in', eventIds).orderBy('main_menu_id').execute()

export const listEventTags = (db: Db, eventIds: number[]) =>
  eventIds.length === 0
    ? Promise.resolve([])
    : db.selectFrom('event_tags').selectAll().where('event_id', 'in', eventIds).orderBy('event_id').orderBy('tag_id').execute()

/** Active sessions of the given events starting at or after `from` (epoch ms). */
export const listUpcomingCalendars = (db: Db, eventIds: number[], from: number) =>
  eventIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('calendars')
        .selectAll()
        .where('event_id', 'in', eventIds)
        .where('active', '=', 1)
        .where('starts_at', '>=', from)
        .where(inSaleWindow(from))
        .orderBy('starts_at')
        .orderBy('id')
        .execute()

export const listVenues = (db: Db, ids: number[]) =>
  ids.length === 0 ? Promise.resolve([]) : db.selectFrom('venues').selectAll().where('id', 'in', ids).orderBy('id').execute()

export const listCompositions = (db: Db, subscriptionIds: number[]) =>
  subscriptionIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('compositions as c')
        .leftJoin('venues as v', 'v.id', 'c.venue_id')
        .leftJoin('events as inc', 'inc.id', 'c.event_id')
        .selectAll('c')
        .select(['v.name_ru as venue_name_ru', 'v.address_ru as venue_address_ru', 'inc.hash_id as included_hash', 'inc.scheme as included_scheme'])
        .where('c.subscription_event_id', 'in', subscriptionIds)
        .orderBy('c.subscription_event_id')
        .orderBy('c.sortnum')
        .execute()

/** Whether a session (calendar row) exists: the console's session pages answer not-found without one. */
export async function calendarExists(db: Db, calendarId: number): Promise<boolean> {
  return (await db.selectFrom('calendars').select('id').where('id', '=', calendarId).executeTakeFirst()) !== undefined
}

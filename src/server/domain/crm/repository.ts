import type { Db } from '../../db/connect'

export async function findCrmClient(db: Db, id: number) {
  return db.selectFrom('crm_clients').selectAll().where('id', '=', id).executeTakeFirst()
}

/** A client's subscriptions that still have tickets and are not past valid_to, with menu ids. */
export async function listCrmSubscriptions(db: Db, clientId: number, now: number) {
  return db
    .selectFrom('crm_subscriptions as s')
    .innerJoin('events as e', 'e.id', 's.event_id')
    .select(['s.id', 'e.hash_id', 's.quant', 's.main_menu_id', 'e.menu_kind_id', 'e.id as event_id'])
    .where('s.crm_client_id', '=', clientId)
    .where('s.quant', '>', 0)
    .where((eb) => eb.or([eb('s.valid_to', 'is', null), eb('s.valid_to', '>', now)]))
    .orderBy('s.id')
    .execute()
}

export async function listCrmClients(db: Db) {
  return db.selectFrom('crm_clients').selectAll().orderBy('id').execute()
}

/**
 * Main-menu items of events, live ones first, then in menu id order (a subscription without its
 * own item takes its event's first): an archived item is named only when the event has no other,
 * so a visitor's subscription stays in their list.
 */
export function listEventMenus(db: Db, eventIds: readonly number[]) {
  return db
    .selectFrom('event_menus as em')
    .innerJoin('main_menus as m', 'm.id', 'em.main_menu_id')
    .select(['em.event_id', 'em.main_menu_id'])
    .where('em.event_id', 'in', [...eventIds])
    .orderBy((eb) => eb.case().when('m.archived_at', 'is', null).then(0).else(1).end())
    .orderBy('em.main_menu_id')
    .execute()
}

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

/** Main-menu items of events, in menu id order (a subscription without its own item takes its event's first). */
export function listEventMenus(db: Db, eventIds: readonly number[]) {
  return db.selectFrom('event_menus').select(['event_id', 'main_menu_id']).where('event_id', 'in', [...eventIds]).orderBy('main_menu_id').execute()
}

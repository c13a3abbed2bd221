import type { CrmClient } from '../../../contract/entities/crm'
import type { Db } from '../../db/connect'
import { findCrmClient, listCrmSubscriptions, listEventMenus } from './repository'

export const ANONYMOUS: CrmClient = { data: null, subscriptions: [] }

/**
 * The crm_client object of setup for a client id (null or unknown id: anonymous). A
 * subscription without its own menu item falls back to the first main-menu item of its event.
 */
export async function crmClientView(db: Db, clientId: number | null, now = Date.now()): Promise<CrmClient> {
  if (clientId === null) return ANONYMOUS
  const client = await findCrmClient(db, clientId)
  if (!client) return ANONYMOUS
  const subs = await listCrmSubscriptions(db, clientId, now)
  const eventIds = [...new Set(subs.map((s) => s.event_id))]
  const menus = eventIds.length ? await listEventMenus(db, eventIds) : []
  const firstMenu = new Map<number, number>()
  for (const m of menus) if (!firstMenu.has(m.event_id)) firstMenu.set(m.event_id, m.main_menu_id)
  return {
    data: {
      id: String(client.id),
      typeId: String(client.type_id),
      typeName: client.type_name,
      cardCode: client.card_code,
      first_name: client.first_name,
      last_name: client.last_name,
      middle_name: client.middle_name,
      phone: client.phone,
      email: client.email,
    },
    subscriptions: subs.map((s) => ({
      subscrit_id: s.id,
      hash_id: s.hash_id,
      quant: s.quant,
      mainmenu_id: s.main_menu_id ?? firstMenu.get(s.event_id) ?? 0,
      menukind_id: s.menu_kind_id,
    })),
  }
}

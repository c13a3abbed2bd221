import type { Db } from '../db/connect'
import type { CatalogIds } from './catalog'
import { EVENTS } from './catalog-data'
import { demoHash } from './catalog'
import { loc } from './util'

/** Kopecks per rouble. */
const MINOR = 100
/** Order status "confirmed" (spec 000 §4). */
const STATUS_CONFIRMED = 20
/** The sold-out demo event: every ticket of its only session is sold to one demo order. */
const SOLD_OUT_EVENT = 'romance-evening'
const YEAR_MS = 365 * 86_400_000

/** Special offers (services added to an order) for a few events and one for all. */
export async function seedOffers(db: Db, ids: CatalogIds): Promise<void> {
  await db
    .insertInto('services')
    .values([
      { event_id: null, package_id: 1, price: 150 * MINOR, limit_per_order: 2, sortnum: 1, ...loc('name', ['Программка', 'Programme booklet', 'Бағдарлама', '節目單']), ...loc('descript', ['Печатная программа вечера', 'A printed programme', 'Басылған бағдарлама', '紙質節目單']) },
      { event_id: ids.events.get('cherry-orchard')!, package_id: 2, price: 500 * MINOR, limit_per_order: 4, sortnum: 2, ...loc('name', ['Гардероб без очереди', 'Priority cloakroom', 'Кезексіз гардероб', '優先衣帽間']), ...loc('descript', ['Отдельная стойка гардероба', 'A separate cloakroom desk', 'Жеке гардероб', '專用衣帽間']) },
      { event_id: ids.events.get('stadium-rock')!, package_id: 3, price: 800 * MINOR, limit_per_order: 1, sortnum: 3, ...loc('name', ['Парковка', 'Parking', 'Тұрақ', '停車']), ...loc('descript', ['Место на парковке стадиона', 'A space at the stadium car park', 'Стадион тұрағында орын', '體育場停車位']) },
    ])
    .execute()
}

/** Two CRM clients: one with two subscriptions and a loyalty card, one with neither. */
export async function seedClients(db: Db, ids: CatalogIds, now: number): Promise<void> {
  const anna = await db
    .insertInto('crm_clients')
    .values({ first_name: 'Анна', last_name: 'Петрова', middle_name: 'Сергеевна', phone: '+79161234567', email: 'anna.petrova@example.org', type_id: 2, type_name: 'Подписчик', card_code: 'CARD-0001', created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow()
  await db
    .insertInto('crm_clients')
    .values({ first_name: 'Ivan', last_name: 'Smirnov', middle_name: '', phone: '+79031112233', email: 'ivan.smirnov@example.org', type_id: 1, type_name: 'Гость', card_code: '', created_at: now })
    .execute()
  // Both subscription events carry for_subscription price rows (flag subscriptionPrices).
  const covered = EVENTS.filter((e) => e.flags?.subscriptionPrices).map((e) => e.key)
  await db
    .insertInto('crm_subscriptions')
    .values(covered.map((key, i) => ({ crm_client_id: anna.id, event_id: ids.events.get(key)!, quant: 2 + i, main_menu_id: null, valid_to: now + YEAR_MS })))
    .execute()
  const card = await db.insertInto('loyalty_cards').values({ crm_client_id: anna.id, card_code: 'CARD-0001', bonus_balance: 1500 }).returning('id').executeTakeFirstOrThrow()
  await db.insertInto('bonus_transactions').values({ loyalty_card_id: card.id, order_id: null, amount: 1500, kind: 'welcome', created_at: now }).execute()
}

/**
 * Sells out the demo's sold-out event through a real confirmed, paid order, so "sold out" is
 * what the availability count finds, not a flag.
 */
export async function seedSoldOut(db: Db, ids: CatalogIds, now: number): Promise<void> {
  const calendarId = ids.firstCalendar.get(SOLD_OUT_EVENT)!
  const prices = await db.selectFrom('prices').selectAll().where('calendar_id', '=', calendarId).where('for_subscription', '=', 0).execute()
  const total = prices.reduce((s, p) => s + p.price * p.quantity, 0)
  const order = await db
    .insertInto('orders')
    .values({
      hash: demoHash('order', SOLD_OUT_EVENT),
      ord_num: 100001,
      status: STATUS_CONFIRMED,
      lang: 'ru',
      fio: 'Культурный центр «Романс»',
      email: 'group@example.org',
      phone: '+74950000000',
      paid: 1,
      usereturn: 0,
      total,
      reserve_until: now,
      created_at: now,
      confirmed_at: now,
      paid_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  let n = 0
  for (const p of prices) {
    for (let i = 0; i < p.quantity; i++) {
      n++
      await db
        .insertInto('order_lines')
        .values({
          order_id: order.id,
          event_id: ids.events.get(SOLD_OUT_EVENT)!,
          calendar_id: calendarId,
          price_id: p.id,
          client_category_id: p.client_category_id,
          zone_id: p.zone_id,
          quantity: 1,
          price: p.price,
          cost: p.price,
          ticket_hash: demoHash('ticket', `${SOLD_OUT_EVENT}-${n}`),
          ticket_code: `DEMO${String(n).padStart(8, '0')}`,
        })
        .execute()
    }
  }
  const paymentType = await db.selectFrom('payment_types').select('id').orderBy('sortnum').executeTakeFirstOrThrow()
  await db.insertInto('payments').values({ order_id: order.id, payment_type_id: paymentType.id, amount: total, status: 'paid', provider_ref: 'demo', created_at: now, updated_at: now }).execute()
}

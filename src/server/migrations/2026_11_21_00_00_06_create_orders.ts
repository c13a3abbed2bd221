import { sql, type Kysely } from 'kysely'
import { flag, fk, id, localized, money, timestamp } from './schema-helpers'

/**
 * Orders, their lines (one per ticket or per quantity of a general-admission row), seat and
 * standing holds, special offers (services) added to orders.
 *
 * The seat-hold table is what makes double selling impossible: a partial UNIQUE index on
 * (calendar_id, seat_id) over live rows (released_at IS NULL) lets the database itself refuse a
 * second hold or sale of one seat in one session, whatever the application does. Releasing a
 * hold (cart expiry, cancelled order, return) sets released_at and keeps the row as history.
 * Partial indexes mean the same on SQLite (3.8+) and PostgreSQL.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  let orders = id(db, db.schema.createTable('orders'))
  orders = orders
    .addColumn('hash', 'text', (c) => c.notNull().unique())
    .addColumn('ord_num', 'integer', (c) => c.notNull().unique())
    .addColumn('session_id', 'text', (c) => c.references('sessions.id').onDelete('set null'))
  orders = fk(orders, 'crm_client_id', 'crm_clients.id', { onDelete: 'set null' })
  orders = fk(orders, 'crm_subscription_id', 'crm_subscriptions.id', { onDelete: 'set null' })
  // demandstatusid: 10 created (named data pending), 20 confirmed, 90 cancelled.
  orders = orders.addColumn('status', 'integer', (c) => c.notNull().defaultTo(10))
  for (const f of ['lang', 'fio', 'surname', 'name', 'patronymic', 'phone', 'email', 'referrer']) {
    orders = orders.addColumn(f, 'text', (c) => c.notNull().defaultTo(''))
  }
  orders = flag(orders, 'paid')
  orders = flag(orders, 'use_pushkin_card')
  // 1 = tickets of this order may be returned (otherwise setup's app.order_return decides).
  orders = flag(orders, 'usereturn', 1)
  orders = money(orders, 'total')
  orders = money(orders, 'service_total')
  orders = timestamp(orders, 'reserve_until')
  orders = timestamp(orders, 'created_at')
  orders = timestamp(orders, 'confirmed_at', false)
  orders = timestamp(orders, 'paid_at', false)
  await timestamp(orders, 'cancelled_at', false).execute()

  let lines = id(db, db.schema.createTable('order_lines'))
  lines = fk(lines, 'order_id', 'orders.id', { notNull: true, onDelete: 'cascade' })
  lines = fk(lines, 'event_id', 'events.id', { notNull: true })
  lines = fk(lines, 'calendar_id', 'calendars.id', { notNull: true })
  lines = fk(lines, 'price_id', 'prices.id', { notNull: true })
  lines = fk(lines, 'client_category_id', 'client_categories.id', { notNull: true })
  lines = fk(lines, 'zone_id', 'zones.id')
  lines = fk(lines, 'seat_id', 'seats.id')
  lines = fk(lines, 'standing_place_id', 'standing_places.id')
  lines = fk(lines, 'crm_subscription_id', 'crm_subscriptions.id', { onDelete: 'set null' })
  lines = lines.addColumn('quantity', 'integer', (c) => c.notNull().defaultTo(1))
  lines = money(lines, 'price')
  lines = money(lines, 'service_fee')
  lines = money(lines, 'cost')
  lines = lines
    .addColumn('ticket_hash', 'text', (c) => c.notNull().unique())
    .addColumn('ticket_code', 'text', (c) => c.notNull().unique())
    // 1 QR, 2 no code, 3 barcode.
    .addColumn('tickettype', 'integer', (c) => c.notNull().defaultTo(1))
  for (const f of ['person_surname', 'person_name', 'person_middle_name', 'birth_date', 'doc_num']) {
    lines = lines.addColumn(f, 'text', (c) => c.notNull().defaultTo(''))
  }
  lines = lines.addColumn('age', 'integer')
  lines = fk(lines, 'document_type_id', 'document_types.id')
  lines = fk(lines, 'country_id', 'countries.id')
  lines = fk(lines, 'region_id', 'regions.id')
  // Return status: 0 returnable, 60 requested (not confirmed), 70 confirmed, 80 refunded.
  await lines.addColumn('return_status', 'integer', (c) => c.notNull().defaultTo(0)).execute()
  await db.schema.createIndex('order_lines_order_idx').on('order_lines').column('order_id').execute()
  await db.schema.createIndex('order_lines_calendar_idx').on('order_lines').column('calendar_id').execute()

  let holds = id(db, db.schema.createTable('seat_holds'))
  holds = fk(holds, 'calendar_id', 'calendars.id', { notNull: true, onDelete: 'cascade' })
  holds = fk(holds, 'seat_id', 'seats.id', { notNull: true, onDelete: 'cascade' })
  holds = fk(holds, 'cart_id', 'carts.id', { onDelete: 'set null' })
  holds = fk(holds, 'order_id', 'orders.id', { onDelete: 'set null' })
  holds = fk(holds, 'price_id', 'prices.id')
  // 'cart' (held by a visitor's cart), 'order' (unpaid order), 'sold'.
  holds = holds.addColumn('state', 'text', (c) => c.notNull())
  holds = timestamp(holds, 'created_at')
  holds = timestamp(holds, 'expires_at', false) // null once sold
  await timestamp(holds, 'released_at', false).execute()
  await db.schema
    .createIndex('seat_holds_live_uq')
    .on('seat_holds')
    .columns(['calendar_id', 'seat_id'])
    .unique()
    .where(sql.ref('released_at'), 'is', null)
    .execute()

  let standingHolds = id(db, db.schema.createTable('standing_holds'))
  standingHolds = fk(standingHolds, 'calendar_id', 'calendars.id', { notNull: true, onDelete: 'cascade' })
  standingHolds = fk(standingHolds, 'standing_place_id', 'standing_places.id', { notNull: true, onDelete: 'cascade' })
  standingHolds = fk(standingHolds, 'cart_id', 'carts.id', { onDelete: 'set null' })
  standingHolds = fk(standingHolds, 'order_id', 'orders.id', { onDelete: 'set null' })
  standingHolds = fk(standingHolds, 'price_id', 'prices.id')
  standingHolds = standingHolds
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
  standingHolds = timestamp(standingHolds, 'created_at')
  standingHolds = timestamp(standingHolds, 'expires_at', false)
  await timestamp(standingHolds, 'released_at', false).execute()
  await db.schema
    .createIndex('standing_holds_place_idx')
    .on('standing_holds')
    .columns(['calendar_id', 'standing_place_id'])
    .execute()

  // Special offers (the spec's toping / addToping): extra services bought for a ticket line.
  let services = id(db, db.schema.createTable('services'))
  services = fk(services, 'event_id', 'events.id', { onDelete: 'cascade' })
  services = localized(services, 'name', 'descript')
  services = money(services, 'price')
  services = services
    .addColumn('package_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('limit_per_order', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sortnum', 'integer', (c) => c.notNull().defaultTo(0))
  await flag(services, 'active', 1).execute()

  let orderServices = id(db, db.schema.createTable('order_services'))
  orderServices = fk(orderServices, 'order_id', 'orders.id', { notNull: true, onDelete: 'cascade' })
  orderServices = fk(orderServices, 'order_line_id', 'order_lines.id', { onDelete: 'cascade' })
  orderServices = fk(orderServices, 'service_id', 'services.id', { notNull: true })
  orderServices = money(orderServices, 'cost')
  await timestamp(orderServices, 'created_at').execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['order_services', 'services', 'standing_holds', 'seat_holds', 'order_lines', 'orders']) {
    await db.schema.dropTable(t).execute()
  }
}

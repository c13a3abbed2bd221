import type { Kysely } from 'kysely'
import { flag, fk, id, localized, money, timestamp } from './schema-helpers'

/**
 * What is on sale: visitor categories, calendars (sessions: day and time of an event), price
 * rows with every flag of the spec, carts and cart items.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // Visitor categories (adult, child, …); need* flags drive the named-ticket form.
  let categories = id(db, db.schema.createTable('client_categories'))
  categories = localized(categories, 'name', 'descript')
  // needage: 0 none, 1 age number, 2 birth date.
  categories = categories.addColumn('needage', 'integer', (c) => c.notNull().defaultTo(0))
  for (const f of ['needmiddlename', 'needdocument', 'needcountry', 'needregion']) categories = flag(categories, f)
  await categories.addColumn('sortnum', 'integer', (c) => c.notNull().defaultTo(0)).execute()

  let calendars = id(db, db.schema.createTable('calendars'))
  calendars = fk(calendars, 'event_id', 'events.id', { notNull: true, onDelete: 'cascade' })
  calendars = fk(calendars, 'venue_id', 'venues.id')
  // Seat-map sessions point at the drawing whose seats they sell.
  calendars = fk(calendars, 'drawing_id', 'venue_drawings.id')
  calendars = calendars
    .addColumn('day', 'text', (c) => c.notNull()) // YYYY-MM-DD, venue local date
    .addColumn('time', 'text', (c) => c.notNull()) // HH:MM
    .addColumn('pricetype_id', 'integer', (c) => c.notNull().defaultTo(1))
    // General admission: tickets on sale in this session over all price rows (null = sum of rows).
    .addColumn('capacity', 'integer')
  calendars = timestamp(calendars, 'starts_at')
  await flag(calendars, 'active', 1).execute()
  await db.schema.createIndex('calendars_event_idx').on('calendars').columns(['event_id', 'starts_at']).execute()

  let prices = id(db, db.schema.createTable('prices'))
  prices = fk(prices, 'calendar_id', 'calendars.id', { notNull: true, onDelete: 'cascade' })
  prices = fk(prices, 'client_category_id', 'client_categories.id', { notNull: true })
  prices = fk(prices, 'zone_id', 'zones.id', { notNull: true })
  prices = money(prices, 'price')
  prices = prices
    // Tickets of this row on sale in the session (general admission stock).
    .addColumn('quantity', 'integer', (c) => c.notNull().defaultTo(0))
    // 0 everyone, 1 gift card only, 2 not with the gift card.
    .addColumn('useproculture', 'integer', (c) => c.notNull().defaultTo(0))
    // Minimum quantity of this row in one order (0 = none).
    .addColumn('needprice', 'integer', (c) => c.notNull().defaultTo(0))
    // Passes per group ticket (group excursions; 0 = not a group row).
    .addColumn('passagequant', 'integer', (c) => c.notNull().defaultTo(0))
    // Service fee: minor units when currency_id = 1, hundredths of a percent when 2.
    .addColumn('priceservise', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('currency_id', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sortnum', 'integer', (c) => c.notNull().defaultTo(0))
  // 1 = the price a CRM client pays with a subscription (shown when the subscription box is on).
  await flag(prices, 'for_subscription').execute()
  await db.schema.createIndex('prices_calendar_idx').on('prices').column('calendar_id').execute()

  let carts = id(db, db.schema.createTable('carts'))
  carts = carts.addColumn('session_id', 'text', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
  carts = fk(carts, 'calendar_id', 'calendars.id', { notNull: true, onDelete: 'cascade' })
  carts = timestamp(carts, 'created_at')
  await timestamp(carts, 'updated_at')
    .addUniqueConstraint('carts_session_calendar_uq', ['session_id', 'calendar_id'])
    .execute()

  let items = id(db, db.schema.createTable('cart_items'))
  items = fk(items, 'cart_id', 'carts.id', { notNull: true, onDelete: 'cascade' })
  items = fk(items, 'price_id', 'prices.id', { notNull: true, onDelete: 'cascade' })
  items = fk(items, 'seat_id', 'seats.id')
  items = fk(items, 'standing_place_id', 'standing_places.id')
  items = items.addColumn('quantity', 'integer', (c) => c.notNull().defaultTo(1))
  await timestamp(items, 'created_at').execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['cart_items', 'carts', 'prices', 'calendars', 'client_categories']) {
    await db.schema.dropTable(t).execute()
  }
}

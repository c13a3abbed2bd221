import type { Kysely } from 'kysely'
import { flag, fk, id, localized , type Table } from './schema-helpers'

/**
 * The catalogue: images, venues (the spec's seatroot), events (the spec's event / action; a
 * subscription is an event of kind 2 with composition lines), tags, menu placement.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // Images are stored in the database (SVG posters are small text) and served under /media/.
  await id(db, db.schema.createTable('images'))
    .addColumn('file_name', 'text', (c) => c.notNull().unique())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('height', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('body', 'text', (c) => c.notNull())
    .execute()

  await localized(id(db, db.schema.createTable('venues')), 'name', 'address')
    .addColumn('urlyandexmap', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('latitude', 'real')
    .addColumn('longitude', 'real')
    .execute()

  let events = id(db, db.schema.createTable('events'))
  events = events.addColumn('hash_id', 'text', (c) => c.notNull().unique())
  events = fk(events, 'menu_kind_id', 'menu_kinds.id', { notNull: true })
  events = fk(events, 'venue_id', 'venues.id')
  events = fk(events, 'image_id', 'images.id', { onDelete: 'set null' })
  events = localized(events, 'name', 'descript', 'descript_url', 'note', 'ticketinfo')
  // Flags of the listing card and of the order page (spec 000 §3, 001 §3).
  for (const f of ['usepushkarta', 'usenopushkarta', 'signlang', 'maybefree', 'writeticketname', 'mailconfirm']) {
    events = flag(events, f)
  }
  events = flag(events, 'showticketcount', 1)
  events = flag(events, 'showquant', 1)
  // 1 = booked on a seat map (route scheme-view); 0 = general admission (route events).
  events = flag(events, 'scheme')
  // 1 = sales not open yet: the listing shows totalticketcount -99999 ("soon on sale").
  events = flag(events, 'soon_on_sale')
  events = flag(events, 'active', 1)
  await events
    .addColumn('age_from', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rowcount', 'integer', (c) => c.notNull().defaultTo(5))
    .addColumn('demquantlimit', 'integer', (c) => c.notNull().defaultTo(10))
    .addColumn('sortnum', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema.createIndex('events_kind_idx').on('events').column('menu_kind_id').execute()

  // Which main-menu items (and optionally sub-menu items) list an event.
  let eventMenus: Table = db.schema.createTable('event_menus')
  eventMenus = fk(eventMenus, 'event_id', 'events.id', { notNull: true, onDelete: 'cascade' })
  eventMenus = fk(eventMenus, 'main_menu_id', 'main_menus.id', { notNull: true, onDelete: 'cascade' })
  eventMenus = fk(eventMenus, 'sub_menu_id', 'sub_menus.id', { onDelete: 'cascade' })
  await eventMenus.addPrimaryKeyConstraint('event_menus_pk', ['event_id', 'main_menu_id']).execute()

  await localized(id(db, db.schema.createTable('tags')), 'name')
    .addColumn('sortnum', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()

  let eventTags: Table = db.schema.createTable('event_tags')
  eventTags = fk(eventTags, 'event_id', 'events.id', { notNull: true, onDelete: 'cascade' })
  eventTags = fk(eventTags, 'tag_id', 'tags.id', { notNull: true, onDelete: 'cascade' })
  await eventTags.addPrimaryKeyConstraint('event_tags_pk', ['event_id', 'tag_id']).execute()

  // Composition lines of a subscription: each names an included performance (optionally a
  // catalogue event) with its own day, time and place.
  let compositions = id(db, db.schema.createTable('compositions'))
  compositions = fk(compositions, 'subscription_event_id', 'events.id', { notNull: true, onDelete: 'cascade' })
  compositions = fk(compositions, 'event_id', 'events.id', { onDelete: 'set null' })
  compositions = fk(compositions, 'venue_id', 'venues.id')
  compositions = localized(compositions, 'eventstr')
  await compositions
    .addColumn('eventstr_day', 'text', (c) => c.notNull())
    .addColumn('eventstr_time', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sortnum', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema.createIndex('compositions_sub_idx').on('compositions').column('subscription_event_id').execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['compositions', 'event_tags', 'tags', 'event_menus', 'events', 'venues', 'images']) {
    await db.schema.dropTable(t).execute()
  }
}

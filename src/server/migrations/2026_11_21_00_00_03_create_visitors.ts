import type { Kysely } from 'kysely'
import { flag, fk, id, localized, timestamp } from './schema-helpers'

/**
 * Visitors and reference lists: CRM clients and their subscriptions, browser sessions (with the
 * CSRF token), countries, regions, document types, agreement checkbox lists, captchas and the
 * mail outbox.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  let clients = id(db, db.schema.createTable('crm_clients'))
  for (const f of ['first_name', 'last_name', 'middle_name', 'phone', 'email', 'type_name', 'card_code']) {
    clients = clients.addColumn(f, 'text', (c) => c.notNull().defaultTo(''))
  }
  clients = clients.addColumn('type_id', 'integer', (c) => c.notNull().defaultTo(0))
  await timestamp(clients, 'created_at').execute()

  // A client's right to obtain `quant` tickets of an event by subscription (at its price rows with
  // for_subscription = 1); main_menu_id is the menu item where the subscription filter applies
  // (null = the event's own menu items). The spec's hash_id is the event's hash.
  let subs = id(db, db.schema.createTable('crm_subscriptions'))
  subs = fk(subs, 'crm_client_id', 'crm_clients.id', { notNull: true, onDelete: 'cascade' })
  subs = fk(subs, 'event_id', 'events.id', { notNull: true })
  subs = subs
    .addColumn('quant', 'integer', (c) => c.notNull().defaultTo(0))
  subs = fk(subs, 'main_menu_id', 'main_menus.id', { onDelete: 'set null' })
  await timestamp(subs, 'valid_to', false).execute()
  await db.schema.createIndex('crm_subscriptions_client_idx').on('crm_subscriptions').column('crm_client_id').execute()

  let sessions = db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('csrf_token', 'text', (c) => c.notNull())
    .addColumn('lang', 'text', (c) => c.notNull().defaultTo('ru'))
  sessions = fk(sessions, 'crm_client_id', 'crm_clients.id', { onDelete: 'set null' })
  sessions = timestamp(sessions, 'created_at')
  sessions = timestamp(sessions, 'last_seen_at')
  await timestamp(sessions, 'expires_at').execute()
  await db.schema.createIndex('sessions_expires_idx').on('sessions').column('expires_at').execute()

  await localized(id(db, db.schema.createTable('countries')), 'name')
    .addColumn('iso', 'text', (c) => c.notNull().unique())
    .addColumn('sortnum', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()

  let regions = id(db, db.schema.createTable('regions'))
  regions = fk(regions, 'country_id', 'countries.id', { notNull: true, onDelete: 'cascade' })
  await localized(regions, 'name').addColumn('sortnum', 'integer', (c) => c.notNull().defaultTo(0)).execute()

  // Document types; ids 1 (passport), 3, 4, 5 carry the spec's number patterns.
  let docTypes = id(db, db.schema.createTable('document_types'))
  docTypes = fk(docTypes, 'country_id', 'countries.id', { onDelete: 'set null' })
  await localized(docTypes, 'name', 'note').addColumn('sortnum', 'integer', (c) => c.notNull().defaultTo(0)).execute()

  // Agreement checkboxes; scope says which form shows them (order, nominal, return).
  let checkboxes = id(db, db.schema.createTable('checkbox_lists'))
  checkboxes = checkboxes.addColumn('scope', 'text', (c) => c.notNull())
  checkboxes = flag(checkboxes, 'filling')
  await localized(checkboxes, 'name').addColumn('sortnum', 'integer', (c) => c.notNull().defaultTo(0)).execute()

  let captchas = db.schema
    .createTable('captchas')
    .addColumn('sid', 'text', (c) => c.primaryKey())
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
  captchas = timestamp(captchas, 'created_at')
  captchas = timestamp(captchas, 'expires_at')
  await timestamp(captchas, 'solved_at', false).execute()

  let outbox = id(db, db.schema.createTable('mail_outbox'))
  for (const f of ['to_address', 'subject', 'text_body', 'html_body', 'last_error', 'file_path']) {
    outbox = outbox.addColumn(f, 'text', (c) => c.notNull().defaultTo(''))
  }
  outbox = outbox.addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
  outbox = timestamp(outbox, 'created_at')
  await timestamp(outbox, 'sent_at', false).execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['mail_outbox', 'captchas', 'checkbox_lists', 'document_types', 'regions', 'countries', 'sessions', 'crm_subscriptions', 'crm_clients']) {
    await db.schema.dropTable(t).execute()
  }
}

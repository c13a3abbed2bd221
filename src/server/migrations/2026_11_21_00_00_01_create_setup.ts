import type { Kysely } from 'kysely'
import { flag, fk, id, localized } from './schema-helpers'

/**
 * Setup and navigation: key/value settings (every setup flag), languages, rules pages, the kind
 * menu (top menu), the main menu and its sub menu.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // One row per setup flag; value is JSON text so numbers, strings and lists keep their type.
  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('languages')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sortnum', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .execute()

  // Rules pages: an external url or an html body per language (infname is the menu label).
  await localized(id(db, db.schema.createTable('rules')), 'infname', 'url', 'filebody')
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('sortnum', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()

  await localized(id(db, db.schema.createTable('menu_kinds')), 'name')
    .addColumn('sortnum', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()

  let mainMenus = id(db, db.schema.createTable('main_menus'))
  mainMenus = fk(mainMenus, 'menu_kind_id', 'menu_kinds.id', { notNull: true, onDelete: 'cascade' })
  mainMenus = localized(mainMenus, 'name')
  for (const f of ['showimage', 'showfiltercalendar', 'showattribute']) mainMenus = flag(mainMenus, f)
  await mainMenus
    .addColumn('sortnum', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('menucolumncount', 'integer', (c) => c.notNull().defaultTo(3))
    .addColumn('menurowcount', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema.createIndex('main_menus_kind_idx').on('main_menus').column('menu_kind_id').execute()

  let subMenus = id(db, db.schema.createTable('sub_menus'))
  subMenus = fk(subMenus, 'main_menu_id', 'main_menus.id', { notNull: true, onDelete: 'cascade' })
  await localized(subMenus, 'name').addColumn('sortnum', 'integer', (c) => c.notNull().defaultTo(0)).execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['sub_menus', 'main_menus', 'menu_kinds', 'rules', 'languages', 'settings']) {
    await db.schema.dropTable(t).execute()
  }
}

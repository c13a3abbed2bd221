import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely'

/**
 * Column helpers shared by the migrations. Migrations are frozen in time, so these helpers are
 * too: change them only by adding new ones, never by altering what an existing one creates.
 * They import nothing from the app (the language list is copied here on purpose).
 */

/** Languages that get a column per localized text (`name_ru`, `name_en`, …) as of 2026-11. */
export const LOCALIZED_LANGS = ['ru', 'en', 'kz', 'ch'] as const

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run on Kysely<any> by design
type AnyDb = Kysely<any>
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Table = CreateTableBuilder<any, any>

export function isPostgres(db: AnyDb): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter
}

/** Integer surrogate key: identity column on PostgreSQL, INTEGER PRIMARY KEY AUTOINCREMENT on SQLite. */
export function id(db: AnyDb, t: Table, name = 'id'): Table {
  return isPostgres(db)
    ? t.addColumn(name, 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : t.addColumn(name, 'integer', (c) => c.primaryKey().autoIncrement())
}

/** One text column per language, never null ('' when the translation is missing). */
export function localized(t: Table, ...keys: string[]): Table {
  let out = t
  for (const key of keys) {
    for (const lang of LOCALIZED_LANGS) {
      out = out.addColumn(`${key}_${lang}`, 'text', (c) => c.notNull().defaultTo(''))
    }
  }
  return out
}

/** A 0/1 flag (the spec's flags are 0/1 numbers; integers behave the same on both databases). */
export function flag(t: Table, name: string, defaultValue = 0): Table {
  return t.addColumn(name, 'integer', (c) => c.notNull().defaultTo(defaultValue))
}

/** Epoch milliseconds (bigint: survives 2038 on PostgreSQL; SQLite stores any integer). */
export function timestamp(t: Table, name: string, notNull = true): Table {
  return t.addColumn(name, 'bigint', (c) => (notNull ? c.notNull() : c))
}

/** Money in minor units (kopecks, tiyn, cents): integers, so sums never drift. */
export function money(t: Table, name: string): Table {
  return t.addColumn(name, 'integer', (c) => c.notNull().defaultTo(0))
}

export function fk(t: Table, name: string, ref: string, opts: { notNull?: boolean; onDelete?: 'cascade' | 'set null' | 'restrict' } = {}): Table {
  return t.addColumn(name, 'integer', (c) => {
    let col = c.references(ref).onDelete(opts.onDelete ?? 'restrict')
    if (opts.notNull) col = col.notNull()
    return col
  })
}

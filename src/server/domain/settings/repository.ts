import type { Db } from '../../db/connect'

/** All settings rows as key → parsed JSON value. */
export async function readSettings(db: Db): Promise<Map<string, unknown>> {
  const rows = await db.selectFrom('settings').select(['key', 'value']).execute()
  const out = new Map<string, unknown>()
  for (const r of rows) out.set(r.key, JSON.parse(r.value))
  return out
}

/** One settings row's parsed JSON value; undefined when the key has no row. */
export async function readSetting(db: Db, key: string): Promise<unknown> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst()
  return row ? (JSON.parse(row.value) as unknown) : undefined
}

export async function writeSettings(db: Db, values: Record<string, unknown>): Promise<void> {
  for (const [key, value] of Object.entries(values)) {
    const json = JSON.stringify(value)
    await db
      .insertInto('settings')
      .values({ key, value: json })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: json }))
      .execute()
  }
}

export async function readLanguages(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('languages').select('code').where('enabled', '=', 1).orderBy('sortnum').orderBy('code').execute()
  return rows.map((r) => r.code)
}

/** The storefront's rules and contacts texts; archived ones are left out (the console keeps them). */
export async function readRules(db: Db) {
  return db.selectFrom('rules').selectAll().where('archived_at', 'is', null).orderBy('sortnum').orderBy('id').execute()
}

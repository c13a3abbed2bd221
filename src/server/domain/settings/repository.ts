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

/** The row of setup_state (migration 2026_12_06_23_sv1_01): the only one it has. */
const SETUP_STATE_ROW = 1

/**
 * The stored setup's version: 0 for a setup never written through the console, and 0 too when
 * setup_state has no row (deleted by hand, or a database restored from a backup taken before the
 * migration): the next write (bumpSetupVersion) makes the row again.
 */
export async function readSetupVersion(db: Db): Promise<number> {
  const row = await db.selectFrom('setup_state').select('version').where('id', '=', SETUP_STATE_ROW).executeTakeFirst()
  return row === undefined ? 0 : Number(row.version)
}

/**
 * Counts one write of the stored setup (the settings rows app, db, title_*): its version + 1,
 * answering the new one. With `expected`, only from that version, in the same statement: null
 * (nothing written) when another write came since. One statement, so of two saves from one version
 * exactly one passes, on SQLite (the transaction holds the write lock from its start) and on
 * PostgreSQL across processes (the second waits for the row's lock, then finds the version moved).
 * Call it first in the write's transaction: the row stays locked until commit, so the reads and
 * writes after it never interleave with another setup write's.
 *
 * A missing row counts as version 0 (readSetupVersion), and the write makes it again, at 1: an
 * insert that falls back to the update on the row's key (ON CONFLICT DO UPDATE), so two writes
 * that both find it missing never both insert. On PostgreSQL the second one's insert waits for
 * the first's row to commit, then takes the update with the version the first left; on SQLite the
 * write lock orders them. From an `expected` other than 0 a missing row is a stale form (loaded
 * before the row went), so it stays a plain conditional update.
 */
export async function bumpSetupVersion(db: Db): Promise<number>
export async function bumpSetupVersion(db: Db, expected: number): Promise<number | null>
export async function bumpSetupVersion(db: Db, expected?: number): Promise<number | null> {
  if (expected !== undefined && expected !== 0) {
    const row = await db
      .updateTable('setup_state')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('id', '=', SETUP_STATE_ROW)
      .where('version', '=', expected)
      .returning('version')
      .executeTakeFirst()
    return row === undefined ? null : Number(row.version)
  }
  const row = await db
    .insertInto('setup_state')
    .values({ id: SETUP_STATE_ROW, version: 1 })
    .onConflict((oc) => {
      const bump = oc.column('id').doUpdateSet((eb) => ({ version: eb('setup_state.version', '+', 1) }))
      return expected === undefined ? bump : bump.where('setup_state.version', '=', expected)
    })
    .returning('version')
    .executeTakeFirst()
  return row === undefined ? null : Number(row.version)
}

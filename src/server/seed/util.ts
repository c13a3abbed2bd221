import { sql } from 'kysely'
import type { Db } from '../db/connect'
import { isPostgresDb } from '../db/connect'

type Texts = [ru: string, en: string, kz: string, ch: string]

/** `loc('name', ['Театр', 'Theatre', 'Театр', '劇院'])` → {name_ru, name_en, name_kz, name_ch}. */
export function loc<K extends string>(key: K, [ru, en, kz, ch]: Texts): Record<`${K}_${'ru' | 'en' | 'kz' | 'ch'}`, string> {
  return { [`${key}_ru`]: ru, [`${key}_en`]: en, [`${key}_kz`]: kz, [`${key}_ch`]: ch } as Record<`${K}_${'ru' | 'en' | 'kz' | 'ch'}`, string>
}

/** Inserts rows in chunks: SQLite allows 32,766 bound values per statement, PostgreSQL 65,535. */
export const INSERT_CHUNK_ROWS = 500

/**
 * After inserting explicit ids (kinds 1, 2, 3; document types 1–6), PostgreSQL's identity
 * sequences still start at 1; move each past the largest id so later inserts do not collide.
 */
export async function syncIdSequences(db: Db, tables: string[]): Promise<void> {
  if (!isPostgresDb(db)) return
  for (const t of tables) {
    await sql`select setval(pg_get_serial_sequence(${t}, 'id'), coalesce((select max(id) from ${sql.table(t)}), 0) + 1, false)`.execute(db)
  }
}

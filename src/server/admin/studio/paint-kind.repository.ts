import type { Db } from '../../db/connect'

/** Seat ids per UPDATE … IN (…): far below both databases' bound-parameter limits. */
const ID_CHUNK = 1000

async function inChunks(ids: readonly number[], fn: (chunk: number[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < ids.length; i += ID_CHUNK) await fn(ids.slice(i, i + ID_CHUNK))
}

/** Seat types (and a companion's space) of seats of a new map version. */
export function paintAccessType(db: Db, ids: readonly number[], type: string | null, companionOf: string | null) {
  return inChunks(ids, (chunk) => db.updateTable('seats').set({ access_type: type, companion_of: companionOf }).where('id', 'in', chunk).execute())
}

/** Best-available quality of seats of a new map version (null = the geometry's default). */
export function paintQuality(db: Db, ids: readonly number[], quality: number | null) {
  return inChunks(ids, (chunk) => db.updateTable('seats').set({ quality }).where('id', 'in', chunk).execute())
}

/** Whether `key` is a wheelchair space of the drawing. */
export async function wheelchairSpace(db: Db, drawingId: number, key: string): Promise<boolean> {
  const row = await db.selectFrom('seats').select('id').where('drawing_id', '=', drawingId).where('seat_key', '=', key).where('access_type', '=', 'wheelchair').executeTakeFirst()
  return row !== undefined
}

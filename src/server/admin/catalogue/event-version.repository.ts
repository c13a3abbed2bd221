import type { Db } from '../../db/connect'

/**
 * Counts one save of an event's own fields and answers the new version, or null when `expected`
 * is given and the stored version is another (a save came between the editor's load and this
 * one). The conditional UPDATE is the check: on PostgreSQL a concurrent save waits on the row
 * and then finds the version moved, so of two saves from one loaded version exactly one passes.
 */
export async function nextEventVersion(db: Db, eventId: number, expected?: number): Promise<number | null> {
  let q = db.updateTable('events').set((eb) => ({ version: eb('version', '+', 1) })).where('id', '=', eventId)
  if (expected !== undefined) q = q.where('version', '=', expected)
  const row = await q.returning('version').executeTakeFirst()
  return row === undefined ? null : Number(row.version)
}

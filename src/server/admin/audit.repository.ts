import type { Insertable } from 'kysely'
import type { AuditLogTable } from '../db/admin.table'
import type { Db } from '../db/connect'

/** The audit log's repository (audit_log; what goes in a row is decided in audit.ts). */

export async function insertAuditRow(db: Db, row: Insertable<AuditLogTable>): Promise<void> {
  await db.insertInto('audit_log').values(row).execute()
}

/** Audit rows, newest first, at most `limit`, of one entity kind and id when given. */
export function listAuditRows(db: Db, q: { entity?: string; entity_id?: string; limit: number }) {
  let query = db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').limit(q.limit)
  if (q.entity) query = query.where('entity', '=', q.entity)
  if (q.entity_id) query = query.where('entity_id', '=', q.entity_id)
  return query.execute()
}

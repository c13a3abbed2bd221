import type { Db } from '../db/connect'
import { insertAuditRow, listAuditRows } from './audit.repository'
import type { Actor } from './context'

/**
 * The audit log: one row per operator change, with who (operator or API token), what (action,
 * entity, id), when, from where, and the entity before and after as JSON. Written in the same
 * transaction as the change, so a change without its audit row cannot happen.
 */
export interface AuditInput {
  action: string
  entity: string
  entityId: number | string
  before?: unknown
  after?: unknown
}

/** Secrets never go into the log. */
const SECRET_KEYS = new Set(['password', 'password_hash', 'token_hash', 'svg'])

function scrub(value: unknown): string | null {
  if (value === undefined || value === null) return null
  return JSON.stringify(value, (key, v: unknown) => (SECRET_KEYS.has(key) ? (key === 'svg' ? `[${String(v).length} characters]` : '[hidden]') : v))
}

export async function writeAudit(db: Db, actor: Actor, input: AuditInput): Promise<void> {
  await insertAuditRow(db, {
    operator_id: actor.operatorId,
    api_token_id: actor.tokenId,
    actor: actor.label,
    action: input.action,
    entity: input.entity,
    entity_id: String(input.entityId),
    before_json: scrub(input.before),
    after_json: scrub(input.after),
    ip: actor.ip,
    created_at: Date.now(),
  })
}

export async function listAudit(db: Db, q: { entity?: string; entity_id?: string; limit: number }) {
  const rows = await listAuditRows(db, q)
  return rows.map((r) => ({
    id: r.id,
    actor: r.actor,
    operator_id: r.operator_id,
    api_token_id: r.api_token_id,
    action: r.action,
    entity: r.entity,
    entity_id: r.entity_id,
    before: r.before_json === null ? null : (JSON.parse(r.before_json) as unknown),
    after: r.after_json === null ? null : (JSON.parse(r.after_json) as unknown),
    ip: r.ip,
    created_at: Number(r.created_at),
  }))
}

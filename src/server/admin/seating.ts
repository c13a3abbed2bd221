import type { EventSeatingInput, SessionSeatingInput, SessionSeatingView } from '../../contract/admin/seating'
import type { Db } from '../db/connect'
import { listReleases } from '../domain/inventory/held-back.repository'
import { ApiFailure } from '../errors'
import { writeAudit } from './audit'
import type { Actor } from './context'
import { findEventRule, findSessionRules, saveEventRule, saveSessionRules } from './seating.repository'
import { tx } from './transaction'
import { mustBeLiveEvent, mustBeLiveSession } from './catalogue/rows.repository'

/**
 * The operator's seat-choice rules (issue 20 items 2-3), each change with its audit row in the
 * same transaction: an event's single-seat rule (the server enforces it under 'enforce'), and a
 * session's hold-back of wheelchair spaces with its release rule and its own single-seat rule.
 */
export async function setEventSeating(db: Db, actor: Actor, eventId: number, input: EventSeatingInput): Promise<{ ok: true }> {
  await tx(db, actor, async (trx) => {
    // The event's lock before any read (catalogue/rows.repository.ts mustBeLiveEvent): the audit's
    // "before" is what another save under way left, and on SQLite another connection's write is
    // waited for, not refused busy.
    await mustBeLiveEvent(trx, eventId)
    const before = await findEventRule(trx, eventId)
    if (!before) throw new ApiFailure('admin-not-found', { what: 'event', id: eventId })
    await saveEventRule(trx, eventId, input.orphan_rule)
    await writeAudit(trx, actor, { action: 'seating-rules', entity: 'event', entityId: eventId, before: { orphan_rule: before.orphan_rule }, after: { orphan_rule: input.orphan_rule } })
  })
  return { ok: true }
}

export async function setSessionSeating(db: Db, actor: Actor, calendarId: number, input: SessionSeatingInput): Promise<{ ok: true }> {
  const after = { accessible_hold: input.accessible_hold ? 1 : 0, accessible_release: input.accessible_release, orphan_rule: input.orphan_rule }
  await tx(db, actor, async (trx) => {
    // Under the event's lock, taken before any read (catalogue/rows.repository.ts mustBeLiveSession), as setEventSeating.
    await mustBeLiveSession(trx, calendarId)
    const before = await findSessionRules(trx, calendarId)
    if (!before) throw new ApiFailure('admin-not-found', { what: 'session', id: calendarId })
    await saveSessionRules(trx, calendarId, after)
    await writeAudit(trx, actor, {
      action: 'seating-rules',
      entity: 'session',
      entityId: calendarId,
      before: { accessible_hold: before.accessible_hold, accessible_release: before.accessible_release, orphan_rule: before.orphan_rule },
      after,
    })
  })
  return { ok: true }
}

export async function sessionSeating(db: Db, calendarId: number): Promise<SessionSeatingView> {
  const row = await findSessionRules(db, calendarId)
  if (!row) throw new ApiFailure('admin-not-found', { what: 'session', id: calendarId })
  const rule = (v: string | null) => (v === 'enforce' ? 'enforce' : v === null ? null : 'warn')
  const release = row.accessible_release === 'area' || row.accessible_release === 'level' ? row.accessible_release : 'all'
  return {
    accessible_hold: row.accessible_hold === 1,
    accessible_release: release,
    orphan_rule: rule(row.orphan_rule),
    event_orphan_rule: rule(row.event_orphan_rule) ?? 'warn',
    releases: (await listReleases(db, calendarId)).map((r) => ({ scope: r.scope === 'sector' || r.scope === 'zone' ? r.scope : 'all', scope_id: Number(r.scope_id), released_at: Number(r.released_at) })),
  }
}

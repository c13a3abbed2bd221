import type { Db } from '../db/connect'

/** The console's seat-choice rules (issue 20): an event's single-seat rule, a session's hold-back and release rule. */

export function findEventRule(db: Db, eventId: number) {
  return db.selectFrom('events').select(['id', 'orphan_rule']).where('id', '=', eventId).executeTakeFirst()
}

export function saveEventRule(db: Db, eventId: number, orphanRule: string) {
  return db.updateTable('events').set({ orphan_rule: orphanRule }).where('id', '=', eventId).execute()
}

export function findSessionRules(db: Db, calendarId: number) {
  return db
    .selectFrom('calendars as c')
    .innerJoin('events as e', 'e.id', 'c.event_id')
    .select(['c.id', 'c.accessible_hold', 'c.accessible_release', 'c.orphan_rule', 'e.orphan_rule as event_orphan_rule'])
    .where('c.id', '=', calendarId)
    .executeTakeFirst()
}

export function saveSessionRules(db: Db, calendarId: number, rules: { accessible_hold: number; accessible_release: string; orphan_rule: string | null }) {
  return db.updateTable('calendars').set(rules).where('id', '=', calendarId).execute()
}

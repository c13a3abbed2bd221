import type { StudioPlan } from '../../../contract/admin/studio'

/** Seated sectors, as the plan gives them (a standing area is named by its place). */
const SEATED = 0

/**
 * The studio's warning about seated sectors without a name on the version it shows (the import
 * leaves a sector unnamed when the drawing names it only in outlined text), or null when every
 * one is named. Counted here rather than kept with the drawing's stored warnings: those are
 * copied to each new version, and this one must go once the studio has renamed the sectors.
 * `text` holds {n} (seats) and {sectors} ("#0, #3", as the studio's sector lists show them).
 */
export function unnamedSectorsNote(sectors: StudioPlan['sectors'], text: string): string | null {
  const unnamed = sectors.filter((s) => s.kind === SEATED && s.name.trim() === '' && s.seat_count > 0)
  if (unnamed.length === 0) return null
  const seats = unnamed.reduce((n, s) => n + s.seat_count, 0)
  return text.replace('{n}', String(seats)).replace('{sectors}', unnamed.map((s) => `#${s.index}`).join(', '))
}

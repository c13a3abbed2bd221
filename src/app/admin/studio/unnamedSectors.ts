import type { StudioPlan } from '../../../contract/admin/studio'
import type { Lang } from '../../../contract/lang'
import { plural } from '../../i18n/plural'
import { WARNING_WORDING } from './warnings'

/** Seated sectors, as the plan gives them (a standing area is named by its place). */
const SEATED = 0

/**
 * The studio's warning about seated sectors without a name on the version it shows (the import
 * leaves a sector unnamed when the drawing names it only in outlined text), or null when every
 * one is named. Counted here rather than kept with the drawing's stored warnings: those are
 * copied to each new version, and this one must go once the studio has renamed the sectors.
 * `text` holds {seats} (the count with its noun in `lang`'s plural form: "1 место", "5 мест") and
 * {sectors} ("#0, #3", as the studio's sector lists show them).
 */
export function unnamedSectorsNote(sectors: StudioPlan['sectors'], text: string, lang: Lang): string | null {
  const unnamed = sectors.filter((s) => s.kind === SEATED && s.name.trim() === '' && s.seat_count > 0)
  if (unnamed.length === 0) return null
  const seats = unnamed.reduce((n, s) => n + s.seat_count, 0)
  return text.replace('{seats}', plural(lang, seats, WARNING_WORDING[lang].seats)).replace('{sectors}', unnamed.map((s) => `#${s.index}`).join(', '))
}

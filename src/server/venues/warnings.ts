import type { VenueWarningView } from '../../contract/admin/venueWarnings'
import { venueWarning, warningText, type VenueWarning } from '../../engine/parse/warnings'

/**
 * A drawing's warnings between the engine, the database and the API: stored as the engine's
 * codes and params (drawings.warnings_json), answered with their English text beside them.
 */

/** One warning as the console API answers it. */
export function warningView(w: VenueWarning): VenueWarningView {
  return { code: w.code, params: w.params as VenueWarningView['params'], times: w.times ?? 1, text: warningText(w) }
}

/**
 * The warnings stored with a drawing. Drawings imported before warnings had codes stored English
 * sentences: those come back as code 'text' (shown as written, in every language).
 */
export function storedWarnings(json: string): VenueWarning[] {
  let stored: unknown
  try {
    stored = JSON.parse(json)
  } catch {
    return []
  }
  if (!Array.isArray(stored)) return []
  return stored.map((w: unknown) => (isWarning(w) ? w : venueWarning('text', { text: String(w) })))
}

function isWarning(w: unknown): w is VenueWarning {
  return typeof w === 'object' && w !== null && typeof (w as { code?: unknown }).code === 'string' && typeof (w as { params?: unknown }).params === 'object' && (w as { params?: unknown }).params !== null
}

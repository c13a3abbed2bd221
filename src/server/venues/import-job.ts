import type { VenueData } from '../../engine/model'
import { ParseErrorCode, recogniseVenue, VenueParseError, venueRefusal, type RecognitionReport, type VenueRefusal, type VenueRules } from '../../engine/parse/index'
import { sanitizeDrawing } from './sanitize'

/**
 * The CPU part of importing a drawing (import.ts): cleaning the text (sanitize.ts) and recognising
 * its seats. Pure: no database, no event loop; compile.worker.ts runs it off the server's thread
 * (compile-pool.ts recogniseInPool). At 1,000,000 seats it is seconds of CPU and ~1 GB.
 */

export interface RecognisedDrawing {
  /** The drawing's text as stored: cleaned of anything that can run. */
  svg: string
  venue: VenueData
  report: RecognitionReport
}

/**
 * Cleans and recognises a drawing. Throws DrawingRejectedError for a drawing over its size bounds,
 * VenueParseError for one that cannot be read or has nothing to sell. What cleaning removed leads
 * the venue's warnings.
 */
export function recogniseDrawing(svg: string, rules?: VenueRules): RecognisedDrawing {
  // Scripts, handlers and javascript: links never reach the database (sanitize.ts); a drawing
  // over its size bounds is refused here with DrawingRejectedError.
  const clean = sanitizeDrawing(svg)
  const { venue, report } = recogniseVenue(clean.svg, { rules })
  venue.warnings.unshift(...clean.removed)
  // A drawing with nothing to sell imports nothing, and says why.
  if (report.seats === 0 && report.standing === 0) throw new VenueParseError(ParseErrorCode.NoSeats, nothingToSell(report))
  return { svg: clean.svg, venue, report }
}

/** Why recognition found nothing to sell: its own warning saying so, with its numbers, when it gave one. */
function nothingToSell(report: RecognitionReport): VenueRefusal {
  for (const w of report.warnings) {
    if (w.code === 'no-shapes') return venueRefusal('no-shapes', {})
    if (w.code === 'no-repeated-shapes') return venueRefusal('no-repeated-shapes', w.params)
  }
  return venueRefusal('no-seats', {})
}

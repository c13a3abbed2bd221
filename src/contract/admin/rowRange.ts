/**
 * The one rule of a row range ("rows 1–10 of Parterre", seatSelectionSchema's from_row/to_row),
 * used by the server when it applies an edit (server/admin/studio/seats.repository.ts), by the
 * studio when it selects a range and when it previews queued edits (app/admin/studio). Pure, so
 * both sides answer the same seats for the same bounds.
 *
 * - No bound: every row of the sector.
 * - A row whose label (trimmed) equals a bound (trimmed) is in, whatever it is.
 * - When every given bound is a plain number, a row whose label is a plain number between them
 *   (inclusive, either order) is in too: "1".."10" takes "2" and "07". One bound alone is a range
 *   of that one number.
 * - A non-numeric bound ("A", "Balcony 2") makes the range only its bounds: rows "5".."A" are row
 *   5 and row A, never the numbers between (there is no order between a number and a name).
 */

/** A row label's number, or null when it is not a plain (optionally signed, decimal) number. */
export function rowNumber(label: string): number | null {
  return /^\s*-?\d+(\.\d+)?\s*$/.test(label) ? Number(label) : null
}

/** Whether a row label is in the range; null when the range has no bound (the whole sector). */
export function rowRangeMatcher(fromRow?: string, toRow?: string): ((label: string) => boolean) | null {
  const bounds = [fromRow, toRow].filter((b): b is string => b !== undefined).map((b) => b.trim())
  if (bounds.length === 0) return null
  const nums = bounds.map(rowNumber)
  const numeric = nums.every((n) => n !== null) ? (nums as number[]) : null
  const lo = numeric ? Math.min(...numeric) : 0
  const hi = numeric ? Math.max(...numeric) : 0
  return (label) => {
    if (bounds.includes(label.trim())) return true
    if (!numeric) return false
    const n = rowNumber(label)
    return n !== null && n >= lo && n <= hi
  }
}

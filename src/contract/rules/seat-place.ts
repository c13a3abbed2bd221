import type { Lang } from '../lang'

/**
 * How a numbered seat is written for people, "Stalls left, row 1, seat 8", in each language:
 * the one home of this wording for the server's refusals (inventory/places.ts placeText),
 * printed box-office tickets, order care, the reseat answer, the sales export, the e-mails and
 * the door app (what the steward reads matches the ticket held up). Sector, row and seat labels
 * come from the venue drawing and are written as they are.
 */

/** What a seat's place is made of: the labels the venue drawing gives (any may be empty). */
export interface SeatPlaceParts {
  sector?: string | null
  row?: string | null
  seat?: string | null
}

interface SeatWords {
  row: string
  seat: string
  separator: string
}

// Kazakh writes an ordinal after the numeral with a hyphen ("3-қатар"); Chinese its own comma.
const SEAT_WORDS: Record<Lang, SeatWords> = {
  ru: { row: 'ряд {row}', seat: 'место {seat}', separator: ', ' },
  en: { row: 'row {row}', seat: 'seat {seat}', separator: ', ' },
  kz: { row: '{row}-қатар', seat: '{seat}-орын', separator: ', ' },
  ch: { row: '{row} 排', seat: '{seat} 號', separator: '，' },
}

/** What separates the parts of a place, and of a line naming one ("Stalls，10 排" in Chinese). */
export function placeSeparator(lang: Lang): string {
  return SEAT_WORDS[lang].separator
}

/**
 * A seat's place in `lang`: "Партер, ряд 10, место 7", "Stalls, row 10, seat 7",
 * "Партер, 10-қатар, 7-орын", "Stalls，10 排，7 號". A part the drawing left empty (a sector
 * imported without a name, until the studio names it) is left out rather than written as
 * ", row 10" or "row , seat 7"; no name is invented for it. A place with only a sector (a
 * standing area's name given as the sector) is that name alone.
 */
export function seatPlaceText(parts: SeatPlaceParts, lang: Lang): string {
  const w = SEAT_WORDS[lang]
  const [sector, row, seat] = [parts.sector, parts.row, parts.seat].map((p) => (p ?? '').trim())
  // A function as the replacement: a label is written as it is, "$&" included.
  const worded = [sector, row && w.row.replace('{row}', () => row), seat && w.seat.replace('{seat}', () => seat)]
  return worded.filter((p) => p !== '').join(w.separator)
}

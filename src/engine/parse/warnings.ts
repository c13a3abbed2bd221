/**
 * The one home of a drawing's import warnings: each is a code and its numbers and names, never a
 * sentence, so the console words it in the operator's language (src/app/admin/studio/warningTexts.ts)
 * and the CLI and logs in English (warningText below). The parser raises most; the server's import
 * adds what cleaning removed (server/venues/sanitize.ts) and the seats left in unnamed sectors
 * (server/venues/import.ts), so the console words every warning an import can give from this list.
 *
 * Params are plain numbers and strings (names from the drawing are kept as written), so the
 * warnings travel through the contract (contract/admin/venueWarnings.ts) and the database as JSON.
 */
import { wordCoded, type CodedMessage, type CodedWording } from './coded'

/** Each code's params. */
export interface VenueWarningParams {
  /** An end tag with no open element of its name (</g> too many). */
  'stray-end-tag': { tag: string }
  /** An end tag that closed elements left open inside it. */
  'unclosed-closed': { tag: string; count: number }
  /** Elements still open at the end of the text. */
  'left-open': { count: number }
  'bad-viewbox': Record<string, never>
  /** A transform part the parser cannot read (first 60 characters), skipped. */
  'bad-transform': { part: string }
  /** A <use> whose target is not among the earlier <defs>/<symbol> elements. */
  'use-missing': { href: string }
  'standing-without-shape': { name: string }
  /** Elements hidden with display:none or visibility:hidden. */
  'hidden-skipped': { count: number }
  'seat-without-shape': { rule: string }
  'bad-seat-coordinates': Record<string, never>
  'bad-decoration-coordinates': Record<string, never>
  'decorations-dropped': { count: number; max: number }
  'duplicate-seat-key': { key: string; renamed: string }
  'seat-numbers-unmatched': { count: number }
  /** Recognition found no closed shape at all. */
  'no-shapes': Record<string, never>
  /** Recognition found no shape repeated often enough at a seat's size. */
  'no-repeated-shapes': { min: number; largest: number }
  'ids-unreliable': { count: number }
  /** `from`: 'stage' when numbered from the stage, 'top' when top to bottom. */
  'rows-inferred': { seats: number; rows: number; from: 'stage' | 'top' }
  'numbers-inferred': { count: number }
  'sectors-inferred': { count: number }
  'numbers-from-text': { count: number }
  'duplicates-dropped': { count: number }
  'unlabelled-rejected': { count: number }
  'not-drawn': { count: number; max: number }
  /**
   * Seats the drawing types (accessible seating): `count` in all, `fromShapes` of them by a typed
   * shape drawn on the seat, and one count per type present (SEAT_ACCESS_NAMES).
   */
  'seats-typed': { count: number; fromShapes: number; wheelchair?: number; companion?: number; transfer?: number; restricted?: number; signlang?: number }
  'companions-unlinked': { count: number }
  'seats-without-number': { count: number }
  'compound-seats': { count: number }
  /** Cleaning (server/venues/sanitize.ts) removed `count` elements named `name` (<script>, <iframe>…). */
  'removed-element': { count: number; name: string }
  /** … `count` event handler attributes named `name` (onclick…). */
  'removed-handler': { count: number; name: string }
  /** … `count` links to script in the attribute `name`. */
  'removed-link': { count: number; name: string }
  /** … `count` animations (`name`) that rewrite a link or a handler. */
  'removed-animation': { count: number; name: string }
  /** Seats in seated sectors the drawing gave no name (server/venues/import.ts). */
  'unnamed-sectors': { count: number }
  /** A warning stored as English text before warnings had codes (read back from old drawings). */
  text: { text: string }
}

export type VenueWarningCode = keyof VenueWarningParams

/**
 * One warning. `times`: how many alike the drawing gave (the first is kept, the rest counted:
 * a broken drawing repeats one problem thousands of times).
 */
export type VenueWarning = CodedMessage<VenueWarningParams> & { times?: number }

/** Every code (the console's wording has one entry each; a unit test checks it words them all). */
export const VENUE_WARNING_CODES = [
  'stray-end-tag', 'unclosed-closed', 'left-open', 'bad-viewbox', 'bad-transform', 'use-missing', 'standing-without-shape',
  'hidden-skipped', 'seat-without-shape', 'bad-seat-coordinates', 'bad-decoration-coordinates', 'decorations-dropped',
  'duplicate-seat-key', 'seat-numbers-unmatched', 'no-shapes', 'no-repeated-shapes', 'ids-unreliable', 'rows-inferred',
  'numbers-inferred', 'sectors-inferred', 'numbers-from-text', 'duplicates-dropped', 'unlabelled-rejected', 'not-drawn',
  'seats-typed', 'companions-unlinked', 'seats-without-number', 'compound-seats', 'removed-element', 'removed-handler',
  'removed-link', 'removed-animation', 'unnamed-sectors', 'text',
] as const satisfies readonly VenueWarningCode[]

/** A warning of `code` with `params` (typed by the code). */
export function venueWarning<C extends VenueWarningCode>(code: C, params: VenueWarningParams[C]): VenueWarning {
  return { code, params } as VenueWarning
}

const SEAT_TYPE_ORDER = ['wheelchair', 'companion', 'transfer', 'restricted', 'signlang'] as const

/** "1 seat", "2 seats": English's two forms. */
const en = (n: number, one: string, other = `${one}s`) => `${n} ${n === 1 ? one : other}`

const ENGLISH: CodedWording<VenueWarningParams> = {
  'stray-end-tag': (p) => `stray end tag </${p.tag}> ignored`,
  'unclosed-closed': (p) => `end tag </${p.tag}> closed ${en(p.count, 'unclosed element')}`,
  'left-open': (p) => `${en(p.count, 'element')} left open at the end of the drawing`,
  'bad-viewbox': () => 'unusable viewBox ignored',
  'bad-transform': (p) => `ignored transform part "${p.part}"`,
  'use-missing': (p) => `<use> of "${p.href}" not found among earlier <defs>/<symbol> elements`,
  'standing-without-shape': (p) => `standing area "${p.name}" has no shape`,
  'hidden-skipped': (p) => `${en(p.count, 'hidden element')} (display:none) skipped`,
  'seat-without-shape': (p) => `seat without a drawable shape skipped (rule "${p.rule}")`,
  'bad-seat-coordinates': () => 'seat with unusable coordinates skipped',
  'bad-decoration-coordinates': () => 'shape with unusable coordinates skipped',
  'decorations-dropped': (p) => `${en(p.count, 'decoration shape')} dropped (over ${p.max} points)`,
  'duplicate-seat-key': (p) => `duplicate seat key "${p.key}" (renamed "${p.renamed}")`,
  'seat-numbers-unmatched': (p) => `${p.count} seat_numbers ${p.count === 1 ? 'entry matches' : 'entries match'} no seat in the drawing`,
  'no-shapes': () => 'no seats: the drawing has no closed shapes that could be seats',
  'no-repeated-shapes': (p) =>
    `no seats: no shape is repeated ${p.min} or more times at a seat's size (the largest group of alike shapes has ${p.largest}); nothing was imported as seats — if this drawing has seats, give a rule set (see RULES.md)`,
  'ids-unreliable': (p) => `the seats' ids do not follow the rows drawn (${en(p.count, 'seat')}; copied shapes keep their ids): ids ignored for rows and numbers, which are inferred instead`,
  'rows-inferred': (p) =>
    `${en(p.seats, 'seat')} ${p.seats === 1 ? 'has' : 'have'} no row in the drawing: rows inferred from their alignment (${en(p.rows, 'row')}, numbered ${p.from === 'stage' ? 'from the stage' : 'top to bottom'} within each sector)`,
  'numbers-inferred': (p) => `${en(p.count, 'seat')} ${p.count === 1 ? 'has' : 'have'} no number in the drawing: numbered left to right within each row`,
  'sectors-inferred': (p) => `the drawing names no sectors: ${en(p.count, 'sector')} inferred from aisles between groups of seats, named 1…${p.count}`,
  'numbers-from-text': (p) => `${en(p.count, 'seat number')} read from the numbers drawn on or beside the seats`,
  'duplicates-dropped': (p) => `${en(p.count, 'seat')} ${p.count === 1 ? 'overlaps' : 'overlap'} exactly: kept one of each`,
  'unlabelled-rejected': (p) =>
    `${en(p.count, 'repeated shape')} ${p.count === 1 ? 'looks' : 'look'} like seats but carry no labels while the other seats do: drawn as decoration (give a rule set if they are seats)`,
  'not-drawn': (p) => `${en(p.count, 'shape')} repeated more than ${p.max} times ${p.count === 1 ? 'is' : 'are'} not seats and ${p.count === 1 ? 'was' : 'were'} not kept for drawing: left out of the map`,
  'seats-typed': (p) =>
    `${en(p.count, 'seat')} typed by the drawing (${SEAT_TYPE_ORDER.filter((t) => (p[t] ?? 0) > 0).map((t) => `${t} ${p[t]}`).join(', ')})${p.fromShapes > 0 ? `, ${p.fromShapes} of them by a typed shape drawn on the seat` : ''}`,
  'companions-unlinked': (p) => `${en(p.count, 'companion seat')} ${p.count === 1 ? 'has' : 'have'} no wheelchair space beside them in their row: not linked to one`,
  'seats-without-number': (p) => `${en(p.count, 'seat')} ${p.count === 1 ? 'has' : 'have'} no number`,
  'compound-seats': (p) => `${en(p.count, 'seat')} ${p.count === 1 ? 'is' : 'are'} drawn as groups of several shapes: each group is one seat`,
  'removed-element': (p) => `removed ${p.count} × <${p.name}> element`,
  'removed-handler': (p) => `removed ${p.count} × ${p.name} handler`,
  'removed-link': (p) => `removed ${p.count} × ${p.name}="javascript:…" link`,
  'removed-animation': (p) => `removed ${p.count} × <${p.name}> rewriting a link or handler`,
  'unnamed-sectors': (p) => `${en(p.count, 'seat')} in sectors without a name: name them in the studio`,
  text: (p) => p.text,
}

/** The warning in English (the CLI, logs, and the API's `text` beside the code). */
export function warningText(w: VenueWarning): string {
  const text = wordCoded(ENGLISH, w)
  return w.times !== undefined && w.times > 1 ? `${text} (${w.times} times in all)` : text
}

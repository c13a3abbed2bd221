import type { Count } from './wording'
import { typeList, type WarningWording } from './wording'

/** "1 seat", "2 seats" (one and other: English's two forms). */
const count = (n: Count, k: number, one: string, other = `${one}s`) => n(k, { one: `{n} ${one}`, other: `{n} ${other}` })
/** A verb agreeing with a count: "1 seat has", "2 seats have". */
const verb = (k: number, one: string, other: string) => (k === 1 ? one : other)

/** Import warnings in English (the console's; the CLI and logs have the engine's warningText). */
export const EN_WARNINGS: WarningWording = {
  'stray-end-tag': (p) => `Stray end tag </${p.tag}> ignored`,
  'unclosed-closed': (p, n) => `End tag </${p.tag}> closed ${count(n, p.count, 'unclosed element')}`,
  'left-open': (p, n) => `${count(n, p.count, 'element')} left open at the end of the drawing`,
  'bad-viewbox': () => 'Unusable viewBox ignored',
  'bad-transform': (p) => `Ignored a transform part that could not be read: "${p.part}"`,
  'use-missing': (p) => `<use> of "${p.href}" not found among earlier <defs>/<symbol> elements`,
  'standing-without-shape': (p) => `Standing area "${p.name}" has no shape`,
  'hidden-skipped': (p, n) => `${count(n, p.count, 'hidden element')} (display:none) skipped`,
  'seat-without-shape': (p) => `Seat without a drawable shape skipped (rule "${p.rule}")`,
  'bad-seat-coordinates': () => 'Seat with unusable coordinates skipped',
  'bad-decoration-coordinates': () => 'Shape with unusable coordinates skipped',
  'decorations-dropped': (p, n) => `${count(n, p.count, 'decoration shape')} dropped (over ${count(n, p.max, 'point')})`,
  'duplicate-seat-key': (p) => `Duplicate seat key "${p.key}" (renamed "${p.renamed}")`,
  'seat-numbers-unmatched': (p, n) => `${count(n, p.count, 'seat_numbers entry', 'seat_numbers entries')} ${verb(p.count, 'matches', 'match')} no seat in the drawing`,
  'no-shapes': () => 'No seats: the drawing has no closed shapes that could be seats',
  'no-repeated-shapes': (p, n) =>
    `No seats: no shape at a seat's size is repeated ${count(n, p.min, 'time')} or more (the largest group of alike shapes has ${p.largest}); nothing was imported as seats. If this drawing has seats, give a rule set (see RULES.md)`,
  'ids-unreliable': (p, n) => `The seats' ids do not follow the rows drawn (${count(n, p.count, 'seat')}; copied shapes keep their ids): ids ignored for rows and numbers, which are inferred instead`,
  'rows-inferred': (p, n) =>
    `${count(n, p.seats, 'seat')} ${verb(p.seats, 'has', 'have')} no row in the drawing: rows inferred from their alignment (${count(n, p.rows, 'row')}, numbered ${p.from === 'stage' ? 'from the stage' : 'top to bottom'} within each sector)`,
  'numbers-inferred': (p, n) => `${count(n, p.count, 'seat')} ${verb(p.count, 'has', 'have')} no number in the drawing: numbered left to right within each row`,
  'sectors-inferred': (p, n) => `The drawing names no sectors: ${count(n, p.count, 'sector')} inferred from aisles between groups of seats, named 1…${p.count}`,
  'numbers-from-text': (p, n) => `${count(n, p.count, 'seat number')} read from the numbers drawn on or beside the seats`,
  'duplicates-dropped': (p, n) => `${count(n, p.count, 'seat')} ${verb(p.count, 'overlaps another', 'overlap')} exactly: kept one of each`,
  'unlabelled-rejected': (p, n) =>
    `${count(n, p.count, 'repeated shape')} ${verb(p.count, 'looks like a seat', 'look like seats')} but ${verb(p.count, 'carries', 'carry')} no labels while the other seats do: drawn as decoration (give a rule set if ${verb(p.count, 'it is a seat', 'they are seats')})`,
  'not-drawn': (p, n) =>
    `${count(n, p.count, 'shape')} repeated more than ${count(n, p.max, 'time')} ${verb(p.count, 'is not a seat and was', 'are not seats and were')} not kept for drawing: left out of the map`,
  'seats-typed': (p, n, types) =>
    `${count(n, p.count, 'seat')} typed by the drawing (${typeList(p, types, 'en', ', ')})${p.fromShapes > 0 ? `, ${count(n, p.fromShapes, 'seat')} of them by a type sign drawn on the seat` : ''}`,
  'companions-unlinked': (p, n) =>
    `${count(n, p.count, 'companion seat')} ${verb(p.count, 'has', 'have')} no wheelchair space beside ${verb(p.count, 'it', 'them')} in ${verb(p.count, 'its', 'their')} row: not linked to one`,
  'seats-without-number': (p, n) => `${count(n, p.count, 'seat')} ${verb(p.count, 'has', 'have')} no number`,
  'compound-seats': (p, n) => `${count(n, p.count, 'seat')} ${verb(p.count, 'is', 'are')} drawn as groups of several shapes: each group is one seat`,
  'removed-element': (p, n) => `Removed ${count(n, p.count, `<${p.name}> element`)}`,
  'removed-handler': (p, n) => `Removed ${count(n, p.count, `${p.name} event handler`)}`,
  'removed-link': (p, n) => `Removed ${count(n, p.count, `link to script in ${p.name}`, `links to script in ${p.name}`)}`,
  'removed-animation': (p, n) => `Removed ${count(n, p.count, `<${p.name}> animation`)} rewriting a link or handler`,
  'unnamed-sectors': (p, n) => `${count(n, p.count, 'seat')} in sectors without a name: name them in the studio`,
  text: (p) => p.text,
  times: (times, n) => `${count(n, times, 'time')} in all`,
  seats: { one: '{n} seat', other: '{n} seats' },
}

/**
 * The one home of the reasons a drawing is refused: each is a code and its numbers and names,
 * never a sentence, like the import warnings (warnings.ts), so the server words it in the
 * operator's language (server/messages/drawing-refusals.ts) and the CLI and logs in English
 * (refusalText below). The parser raises most (VenueParseError, limits.ts); the server's import
 * adds the drawing with nothing to sell (server/venues/import-job.ts) and what cleaning refuses
 * (server/venues/sanitize.ts), so the server words every refusal an import can give from this list.
 *
 * Params are plain numbers and strings (names from the drawing or the rules kept as written), so
 * a refusal travels through the compile workers' messages (server/venues/compile-protocol.ts).
 * Sizes are in bytes (UTF-16 units of the text): the wording chooses the unit.
 */
import { wordCoded, type CodedMessage, type CodedWording } from './coded'

/** Where malformed markup was met: `offset` in the text (UTF-16 units), `line` and `column` from 1. */
export interface MarkupPlace {
  offset: number
  line: number
  column: number
}

/** Which rule of a rule set (RULES.md) a refusal names: `name` as written, or its index. */
export interface RulePlace {
  rule: 'seat' | 'standing' | 'outline'
  name: string
}

/** Each code's params. */
export interface VenueRefusalParams {
  /** What was given is not text at all. */
  'not-text': Record<string, never>
  /** Larger than MAX_SVG_BYTES. */
  'too-large': { bytes: number; max: number }
  /** The first element is not <svg> (`name`: its local name). */
  'root-not-svg': { name: string }
  /** No element at all. */
  'no-svg': Record<string, never>
  /** Elements nest deeper than MAX_DEPTH. */
  'too-deep': { max: number }
  /** <use> references nest deeper than MAX_USE_DEPTH. */
  'use-too-deep': { max: number }
  /** <use> replays more than MAX_USE_EXPANSION elements in all. */
  'use-too-many': { max: number }
  /** A DOCTYPE declaring entities (entity expansion bombs). */
  'entity-declaration': Record<string, never>
  /** Malformed markup, one code per thing left unfinished. */
  'unclosed-end-tag': MarkupPlace
  'unclosed-comment': MarkupPlace
  'unclosed-cdata': MarkupPlace
  'unclosed-declaration': MarkupPlace
  'unclosed-doctype-subset': MarkupPlace
  'unclosed-doctype': MarkupPlace
  'unclosed-instruction': MarkupPlace
  'no-tag-name': MarkupPlace
  'unclosed-start-tag': MarkupPlace & { tag: string }
  'unclosed-attribute': MarkupPlace & { tag: string }
  /** More seats or sectors than the model holds (MAX_SEATS, MAX_SECTORS). */
  'too-many-seats': { max: number }
  'too-many-sectors': { max: number }
  /** A rule set that is not an object with a "seats" array. */
  'rules-not-object': Record<string, never>
  /** A seat rule without "match". */
  'rules-no-match': RulePlace
  /** A pattern of a rule that is no regular expression. */
  'rules-bad-pattern': RulePlace & { pattern: string }
  /** Nothing to sell: no closed shape at all (server/venues/import-job.ts). */
  'no-shapes': Record<string, never>
  /** Nothing to sell: no shape repeated `min` times at a seat's size (the most alike: `largest`). */
  'no-repeated-shapes': { min: number; largest: number }
  /** Nothing to sell, recognition saying no more. */
  'no-seats': Record<string, never>
  /** An attribute value over MAX_ATTRIBUTE_BYTES (server/venues/sanitize.ts). */
  'attribute-too-large': { attribute: string; element: string; bytes: number; max: number }
  /** Script the cleaning could not remove safely (`near`: its first 40 characters). */
  'script-left': { near: string }
}

export type VenueRefusalCode = keyof VenueRefusalParams

/** The malformed-markup codes whose params are only the place. */
export type MarkupRefusalCode =
  | 'unclosed-end-tag' | 'unclosed-comment' | 'unclosed-cdata' | 'unclosed-declaration' | 'unclosed-doctype-subset'
  | 'unclosed-doctype' | 'unclosed-instruction' | 'no-tag-name'

export type VenueRefusal = CodedMessage<VenueRefusalParams>

/** Every code (the server's wording has one entry each per language; a unit test checks it words them all). */
export const VENUE_REFUSAL_CODES = [
  'not-text', 'too-large', 'root-not-svg', 'no-svg', 'too-deep', 'use-too-deep', 'use-too-many', 'entity-declaration',
  'unclosed-end-tag', 'unclosed-comment', 'unclosed-cdata', 'unclosed-declaration', 'unclosed-doctype-subset', 'unclosed-doctype',
  'unclosed-instruction', 'no-tag-name', 'unclosed-start-tag', 'unclosed-attribute', 'too-many-seats', 'too-many-sectors',
  'rules-not-object', 'rules-no-match', 'rules-bad-pattern', 'no-shapes', 'no-repeated-shapes', 'no-seats',
  'attribute-too-large', 'script-left',
] as const satisfies readonly VenueRefusalCode[]

/** A refusal of `code` with `params` (typed by the code). */
export function venueRefusal<C extends VenueRefusalCode>(code: C, params: VenueRefusalParams[C]): VenueRefusal {
  return { code, params } as VenueRefusal
}

/** The place of `offset` in `text`: its line and column, counted only when a refusal needs them. */
export function markupPlace(text: string, offset: number): MarkupPlace {
  let line = 1
  let lineStart = 0
  for (let at = text.indexOf('\n'); at !== -1 && at < offset; at = text.indexOf('\n', at + 1)) {
    line++
    lineStart = at + 1
  }
  return { offset, line, column: offset - lineStart + 1 }
}

const ruleWhere = (p: RulePlace) => (p.rule === 'seat' ? `seat rule ${p.name}` : `${p.rule} rule`)
const MB = 1024 * 1024

/** The English of each code: what the engine said before refusals had codes, word for word. */
const ENGLISH: CodedWording<VenueRefusalParams> = {
  'not-text': () => 'the drawing must be SVG text',
  'too-large': (p) => `the drawing is larger than ${p.max} bytes`,
  'root-not-svg': (p) => `the drawing's root element is <${p.name}>, not <svg>`,
  'no-svg': () => 'no <svg> element found',
  'too-deep': (p) => `elements nest deeper than ${p.max} levels`,
  'use-too-deep': (p) => `<use> references nest deeper than ${p.max}`,
  'use-too-many': (p) => `<use> expands to more than ${p.max} elements`,
  'entity-declaration': () => 'entity declarations are not allowed in venue drawings',
  'unclosed-end-tag': (p) => `unterminated end tag at offset ${p.offset}`,
  'unclosed-comment': (p) => `unterminated comment at offset ${p.offset}`,
  'unclosed-cdata': (p) => `unterminated CDATA section at offset ${p.offset}`,
  'unclosed-declaration': (p) => `unterminated declaration at offset ${p.offset}`,
  'unclosed-doctype-subset': (p) => `unterminated DOCTYPE internal subset at offset ${p.offset}`,
  'unclosed-doctype': (p) => `unterminated DOCTYPE at offset ${p.offset}`,
  'unclosed-instruction': (p) => `unterminated processing instruction at offset ${p.offset}`,
  'no-tag-name': (p) => `"<" not followed by a tag name at offset ${p.offset}`,
  'unclosed-start-tag': (p) => `unterminated start tag <${p.tag}> at offset ${p.offset}`,
  'unclosed-attribute': (p) => `unterminated attribute value in <${p.tag}> at offset ${p.offset}`,
  'too-many-seats': (p) => `more than ${p.max} seats`,
  'too-many-sectors': (p) => `more than ${p.max} sectors`,
  'rules-not-object': () => 'rules must be an object with a "seats" array',
  'rules-no-match': (p) => `${ruleWhere(p)} has no "match"`,
  'rules-bad-pattern': (p) => `invalid regular expression in ${ruleWhere(p)}: ${p.pattern}`,
  'no-shapes': () => 'no seats: the drawing has no closed shapes that could be seats',
  'no-repeated-shapes': (p) =>
    `no seats: no shape is repeated ${p.min} or more times at a seat's size (the largest group of alike shapes has ${p.largest}); nothing was imported as seats — if this drawing has seats, give a rule set (see RULES.md)`,
  'no-seats': () => 'the drawing has no seats',
  'attribute-too-large': (p) =>
    `drawing refused: the ${p.attribute} attribute of a <${p.element}> is ${(p.bytes / MB).toFixed(1)} MB, over the limit of ${p.max / MB} MB per attribute (MAX_ATTRIBUTE_BYTES); simplify the shape or split it`,
  'script-left': (p) => `drawing refused: it holds script that could not be removed safely (near "${p.near}")`,
}

/** The refusal in English (the CLI, logs, the storefront's parser worker, and the errors' messages). */
export function refusalText(r: VenueRefusal): string {
  return wordCoded(ENGLISH, r)
}

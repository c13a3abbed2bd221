import { refusalText, type VenueRefusal } from './refusals'

/**
 * Limits that bound the parser's work and memory on hostile or broken drawings. Every limit
 * fails with a VenueParseError carrying a stable errorCode, before anything is allocated for it.
 */

/**
 * Largest drawing accepted, counted in UTF-16 units of the text (equal to bytes for ASCII
 * markup; the generator's 1,000,000-seat stadium is ~120 MB). Also keeps every string under
 * V8's ~512 M character limit.
 */
export const MAX_SVG_BYTES = 256 * 1024 * 1024
/** Deepest element nesting accepted; real drawings nest under 30 levels. */
export const MAX_DEPTH = 512
/** Deepest chain of <use> references (use → symbol → use …), against reference bombs. */
export const MAX_USE_DEPTH = 8
/** Elements replayed through <use> in total, against exponential expansion (laughs via use). */
export const MAX_USE_EXPANSION = 1_000_000
/** Points kept for decorations in total; more are dropped with a warning. */
export const MAX_DECORATION_POINTS = 4_000_000
/** Largest seat count read. */
export const MAX_SEATS = 2_000_000
/** Sector indices are Uint16 in the model; 0xffff is kept free. */
export const MAX_SECTORS = 0xfffe
/** Warnings kept verbatim; the rest are counted. */
export const MAX_WARNINGS = 100
/** A coordinate or size beyond this is treated as broken (a claimed huge viewBox allocates nothing anyway). */
export const MAX_COORDINATE = 1e9

/** Error codes, as strings like the API's. */
export const ParseErrorCode = {
  TooLarge: '-2001',
  EntityDeclaration: '-2002',
  TooDeep: '-2003',
  Malformed: '-2004',
  NotSvg: '-2005',
  TooManySeats: '-2006',
  BadRules: '-2007',
  /** No seat-like repetition and no standing area: nothing to import. */
  NoSeats: '-2008',
} as const
export type ParseErrorCode = (typeof ParseErrorCode)[keyof typeof ParseErrorCode]

/**
 * A drawing the parser refuses: `errorCode` the class of problem (ParseErrorCode), `refusal` the
 * reason with its numbers (refusals.ts), which the server words in the operator's language;
 * `errorText` its English, for the CLI, the logs and the storefront's parser worker.
 */
export class VenueParseError extends Error {
  readonly errorText: string
  constructor(
    readonly errorCode: ParseErrorCode,
    readonly refusal: VenueRefusal,
  ) {
    const text = refusalText(refusal)
    super(text)
    this.errorText = text
    this.name = 'VenueParseError'
  }
}

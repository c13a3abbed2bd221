/**
 * The parser's public face, for the main thread (fallback when workers are unavailable, tests,
 * Node) and for the worker. See RULES.md for the rule format.
 */
export { parseVenue, recogniseVenue, type ParseOptions } from './parseVenue'
export type { RecognitionReport } from './recognise/recogniser'
export { inspectVenue, type VenueSummary } from './inspect'
export { DEFAULT_RULES, type VenueRules, type SeatRule, type LabelSource, type ElementMatcher } from './rules'
export { VenueParseError, ParseErrorCode, MAX_SVG_BYTES, MAX_DEPTH } from './limits'
export { applyMetadata, type VenueMetadata } from './metadata'
export { venueTransferables, venueByteSize } from './transfer'
export { VENUE_REFUSAL_CODES, refusalText, venueRefusal, type VenueRefusal, type VenueRefusalCode, type VenueRefusalParams } from './refusals'
export { VENUE_WARNING_CODES, venueWarning, warningText, type VenueWarning, type VenueWarningCode, type VenueWarningParams } from './warnings'

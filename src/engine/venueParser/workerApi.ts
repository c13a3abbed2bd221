/**
 * What the venue worker exposes (VenueWorkerApi), as plain functions so Node tests call exactly
 * what the worker runs. Results are plain objects of typed arrays: no class instances and no
 * per-seat objects cross the boundary; the worker transfers every ArrayBuffer (see
 * venueTransferables). Errors come back as {errorCode, errorText}, not thrown, because a thrown
 * error loses its fields in structured clone.
 */
import { maxSeatHalfSize } from '../spatial/hitTest'
import type { VenueData } from '../model'
import { parseVenue, type ParseOptions } from '../parse/parseVenue'
import { VenueParseError } from '../parse/limits'
import { venueTransferables } from '../parse/transfer'

export type VenueParseResult =
  | { errorCode: '0'; venue: VenueData }
  | { errorCode: string; errorText: string }

export interface VenueWorkerApi {
  /** Parses SVG text (plus optional rules and map metadata) into VenueData. */
  parse(svg: string, options?: ParseOptions): Promise<VenueParseResult>
}

/** Error code for failures that are not the drawing's fault (a bug, memory). */
export const INTERNAL_PARSE_ERROR = '-2999'

export function parseForTransfer(svg: string, options?: ParseOptions): { result: VenueParseResult; transfer: ArrayBuffer[] } {
  try {
    const venue = parseVenue(svg, options)
    venue.maxSeatHalf = maxSeatHalfSize(venue.seats)
    return { result: { errorCode: '0', venue }, transfer: venueTransferables(venue) }
  } catch (error) {
    if (error instanceof VenueParseError) return { result: { errorCode: error.errorCode, errorText: error.errorText }, transfer: [] }
    return { result: { errorCode: INTERNAL_PARSE_ERROR, errorText: error instanceof Error ? error.message : String(error) }, transfer: [] }
  }
}

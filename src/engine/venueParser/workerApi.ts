/**
 * What the venue worker exposes (VenueWorkerApi), as plain functions so Node tests call exactly
 * what the worker runs. Results are plain objects of typed arrays: no class instances and no
 * per-seat objects cross the boundary; the worker transfers every ArrayBuffer (see
 * venueTransferables). Errors come back as {errorCode, errorText}, not thrown, because a thrown
 * error loses its fields in structured clone.
 */
import { applySessionStatuses, type CompiledSession } from '../compiled/session'
import { CompiledVenueError } from '../compiled/format'
import { decodeCompiledVenue } from '../compiled/decode'
import { maxSeatHalfSize } from '../spatial/hitTest'
import type { VenueData } from '../model'
import { parseVenue, type ParseOptions } from '../parse/parseVenue'
import { VenueParseError } from '../parse/limits'
import { venueTransferables } from '../parse/transfer'

export type VenueParseResult =
  | { errorCode: '0'; venue: VenueData }
  | { errorCode: string; errorText: string }

/** A session's map in compiled form: the worker fetches both URLs itself (same origin, cookies sent). */
export interface CompiledLoadRequest {
  venueUrl: string
  statusesUrl: string
  session: CompiledSession
}

export interface VenueWorkerApi {
  /** Parses SVG text (plus optional rules and map metadata) into VenueData. */
  parse(svg: string, options?: ParseOptions): Promise<VenueParseResult>
  /** Fetches and decodes a compiled venue and its session's status bytes into VenueData. */
  loadCompiled(request: CompiledLoadRequest): Promise<VenueParseResult>
}

/** Error code for failures that are not the drawing's fault (a bug, memory). */
export const INTERNAL_PARSE_ERROR = '-2999'
/** Error code of a compiled venue or status download that failed or could not be read. */
export const COMPILED_LOAD_ERROR = '-2998'

export function parseForTransfer(svg: string, options?: ParseOptions): { result: VenueParseResult; transfer: ArrayBuffer[] } {
  try {
    const venue = parseVenue(svg, options)
    return done(venue)
  } catch (error) {
    return failed(error)
  }
}

function done(venue: VenueData): { result: VenueParseResult; transfer: ArrayBuffer[] } {
  venue.maxSeatHalf = maxSeatHalfSize(venue.seats)
  return { result: { errorCode: '0', venue }, transfer: venueTransferables(venue) }
}

function failed(error: unknown): { result: VenueParseResult; transfer: ArrayBuffer[] } {
  if (error instanceof VenueParseError) return { result: { errorCode: error.errorCode, errorText: error.errorText }, transfer: [] }
  if (error instanceof CompiledVenueError) return { result: { errorCode: COMPILED_LOAD_ERROR, errorText: error.message }, transfer: [] }
  return { result: { errorCode: INTERNAL_PARSE_ERROR, errorText: error instanceof Error ? error.message : String(error) }, transfer: [] }
}

async function download(url: string, fetcher: typeof fetch): Promise<Uint8Array> {
  const res = await fetcher(url, { credentials: 'same-origin' })
  if (!res.ok) throw new CompiledVenueError(`${url} answered ${res.status}`)
  return new Uint8Array(await res.arrayBuffer())
}

/** Downloads both parts at once, decodes the venue and applies the session (in the worker). */
export async function loadCompiledForTransfer(request: CompiledLoadRequest, fetcher: typeof fetch = fetch): Promise<{ result: VenueParseResult; transfer: ArrayBuffer[] }> {
  try {
    const [bytes, statuses] = await Promise.all([download(request.venueUrl, fetcher), download(request.statusesUrl, fetcher)])
    const venue = decodeCompiledVenue(bytes)
    applySessionStatuses(venue, statuses, request.session)
    return done(venue)
  } catch (error) {
    return failed(error)
  }
}

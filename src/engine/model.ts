/**
 * The venue model: what the parser produces and what the renderer, hit-tester, server import
 * and CLI consume. Everything per seat is a flat typed array (struct of arrays) so a million
 * seats cost a few dozen bytes each and cross the worker boundary as transferable buffers,
 * never as per-seat objects.
 *
 * Coordinates are drawing units after every transform down the tree has been applied (the
 * root viewBox's user space). Seat `i` of every per-seat array describes the same seat.
 *
 * Seat identity: `key` is the seat's stable string key in the drawing. It is the element id
 * when the drawing has a usable one (deduplicated with a `~N` suffix when repeated), otherwise a
 * key built by the rule set (e.g. `sector|row|number`), otherwise `s{documentIndex}`. The server
 * stores this key per seat at import and serves it as `seat_id` in /api/scheme/map, so the map
 * and the inventory always agree.
 */
import type { VenueWarning } from './parse/warnings'

/** Seat outline kinds, stored in `VenueSeats.shape`. */
export const SeatShape = {
  Circle: 0,
  Rect: 1,
  /** Any other outline (path, polygon, use of symbol): drawn as its bounding rectangle's ellipse. */
  Path: 2,
} as const
export type SeatShape = (typeof SeatShape)[keyof typeof SeatShape]

/** Seat status, stored in `VenueSeats.status`; the server's free / held / sold map onto these. */
export const SeatStatus = {
  Free: 0,
  /** Chosen by this visitor (in the cart). */
  Selected: 1,
  /** Held by someone else's cart or an unpaid order. */
  Held: 2,
  Sold: 3,
  /** Not for sale in this session (no price row, blocked). */
  Unavailable: 4,
  /** For sale but hidden by the visitor's filter (e.g. price range). */
  FilteredOut: 5,
} as const
export type SeatStatus = (typeof SeatStatus)[keyof typeof SeatStatus]

/**
 * Seat types for accessible seating (issue 20 item 3), stored in `VenueSeats.access`. The engine
 * knows no contract: SEAT_ACCESS_NAMES spells them as the contract's ACCESS_TYPES do (a unit test
 * keeps the two equal), and the server maps them at import.
 */
export const SeatAccess = { None: 0, Wheelchair: 1, Companion: 2, Transfer: 3, Restricted: 4, SignLanguage: 5 } as const
export type SeatAccess = (typeof SeatAccess)[keyof typeof SeatAccess]
/** Names of the seat types by SeatAccess code (index 0, no type, has none). */
export const SEAT_ACCESS_NAMES = [null, 'wheelchair', 'companion', 'transfer', 'restricted', 'signlang'] as const

/** Sector kinds, stored in `VenueSectors.kind`. */
export const SectorKind = {
  Seated: 0,
  /** A standing area: one element in the drawing, sold by quantity (seat_stand). */
  Standing: 1,
} as const
export type SectorKind = (typeof SectorKind)[keyof typeof SectorKind]

/** Zone value meaning "no zone / price category known". */
export const NO_ZONE = 0xffff

/**
 * An immutable table of strings packed into one UTF-8 buffer, so labels travel as two
 * transferable buffers instead of a million JS strings. Index 0 is always the empty string.
 */
export interface StringTableBuffers {
  /** UTF-8 bytes of all strings back to back. */
  bytes: Uint8Array
  /** offsets[i]..offsets[i+1] are the bytes of string i; length = count + 1. */
  offsets: Uint32Array
  /**
   * Strings kept as parts, not bytes (a compiled venue's seat keys, decode.ts): string
   * `offsets.length - 1 + i` is string `keyPrefix[i]` followed by `keySuffix[i] - 1` in decimal
   * (nothing when 0). Each in 16 bits when its values fit: 4 bytes per key where its bytes and
   * offset took about 14 (strings/stringAt.ts).
   */
  keyPrefix?: Uint16Array | Uint32Array
  keySuffix?: Uint16Array | Uint32Array
}

/** Per-seat arrays; every array has `count` entries. */
export interface VenueSeats {
  count: number
  /** Centre of the seat in drawing units. */
  x: Float32Array
  y: Float32Array
  /** Width and height of the seat's own (unrotated) box in drawing units. */
  w: Float32Array
  h: Float32Array
  /** Rotation of the seat's box in radians (from the composed transform). */
  rotation: Float32Array
  shape: Uint8Array
  /** Index into `VenueSectors`. */
  sector: Uint16Array
  /**
   * String-table index of the row label (e.g. "12", "9A"). Uint16 where every label's index fits
   * (a compiled venue's labels, decode.ts: 2 bytes per seat less), else Uint32.
   */
  row: Uint16Array | Uint32Array
  /** String-table index of the seat number label (e.g. "7"); Uint16 or Uint32 like `row`. */
  number: Uint16Array | Uint32Array
  /**
   * String-table index of the seat key (see the module comment). Absent where the keys are kept
   * as parts (a compiled venue, decode.ts: seat i's key is then the i-th part string, 4 bytes a
   * seat less); read it through seatKeys.ts `seatKeyId`.
   */
  key?: Uint32Array
  /** Zone / price category index into `VenueData.zones`, or NO_ZONE. */
  zone: Uint16Array
  /** SeatStatus per seat; mutable on the main thread (status updates write here). */
  status: Uint8Array
  /**
   * What the seat is for (SeatAccess) as the drawing's markup says, per seat; absent when the
   * drawing types no seat (most drawings), so plain venues carry no extra column.
   */
  access?: Uint8Array
  /** A companion seat's wheelchair space (its seat index), else -1; present with `access`. */
  companionOf?: Int32Array
}

/** Per-sector arrays; seats of sector `s` are not required to be contiguous. */
export interface VenueSectors {
  count: number
  /** String-table index of the sector name. */
  name: Uint32Array
  kind: Uint8Array
  /** Bounding boxes: [minX, minY, maxX, maxY] per sector (4 × count). */
  bbox: Float32Array
  /** Number of seats in the sector (0 for standing areas). */
  seatCount: Uint32Array
  /**
   * Standing capacity per sector as the drawing states it (0 for seated sectors); added by the
   * parser, optional so hand-made fixtures may leave it out.
   */
  capacity?: Uint32Array
  /**
   * Zone of a standing area (index into `VenueData.zones`, NO_ZONE when unknown; NO_ZONE for
   * seated sectors, whose seats carry their zones). The drawing's zone at parse time; the map
   * metadata's priced zone (seat_stand.cat) once applied. Optional like `capacity`.
   */
  zone?: Uint16Array
  /**
   * Outline of the sector for the zoomed-out level of detail: a polygon per sector as a slice of
   * `outlinePoints` (x, y pairs). For sectors whose drawing has no outline, the parser provides
   * the band the sector's seats sweep (geometry/envelope.ts).
   */
  outlineStart: Uint32Array
  outlineLength: Uint32Array
  outlinePoints: Float32Array
  /**
   * The outlines as triangles (geometry/triangulate.ts): per sector a slice of `triangles`, whose
   * entries index the sector's own outline points (relative to its outlineStart). Made by the
   * parser so the main thread never triangulates; optional so hand-made fixtures may leave it
   * out: the renderer then triangulates itself. 32-bit only for outlines over 65,536 points.
   */
  triangleStart?: Uint32Array
  triangleLength?: Uint32Array
  triangles?: Uint16Array | Uint32Array
}

/**
 * Non-seat shapes of the drawing (stage, walls, labels), flattened to polygons/polylines so the
 * renderer can batch them. Curves are flattened with a tolerance in drawing units.
 */
export interface VenueDecorations {
  count: number
  /** Slice of `points` (x, y pairs) per shape. */
  start: Uint32Array
  length: Uint32Array
  points: Float32Array
  /** 0xRRGGBBAA, 0 = none. */
  fill: Uint32Array
  stroke: Uint32Array
  strokeWidth: Float32Array
  /** 1 when the polyline is closed (polygon). */
  closed: Uint8Array
  /** Text labels: position, font size in drawing units, string-table index. */
  labelCount: number
  labelX: Float32Array
  labelY: Float32Array
  labelSize: Float32Array
  labelText: Uint32Array
}

/**
 * Seat keys kept as parts fall into runs: seats start..start+length-1 share a key prefix and their
 * key numbers count up from `first` (one run per row, most often). Typed arrays only, so the venue
 * worker transfers them with the venue.
 */
export interface KeyRunBuffers {
  /** Per run: its first seat, that seat's key number part (keySuffix), its seat count. */
  start: Uint32Array
  first: Uint32Array
  length: Uint32Array
  /** Run ids grouped by prefix, the groups in `prefixes` order, each sorted by `first`. */
  order: Uint32Array
  /** The distinct prefixes' string ids, sorted by their strings (UTF-16 code unit order). */
  prefixes: Uint32Array
  /** Group j of `order` is groupStart[j]..groupStart[j + 1]; prefixes.length + 1 entries. */
  groupStart: Uint32Array
}

/** One zone / price category as the metadata or the drawing names it. */
export interface VenueZone {
  id: string
  name: string
  /** 0xRRGGBB */
  color: number
}

/** Everything the parser produces for one drawing. Plain data: safe to structured-clone. */
export interface VenueData {
  /** Root viewBox [minX, minY, width, height] (or the content bbox when there is none). */
  viewBox: [number, number, number, number]
  /** Bounding box of all seats and decorations: [minX, minY, maxX, maxY]. */
  bbox: [number, number, number, number]
  seats: VenueSeats
  sectors: VenueSectors
  decorations: VenueDecorations
  strings: StringTableBuffers
  zones: VenueZone[]
  /** Spatial index of seats (serialized; see src/engine/spatial). */
  seatIndex: ArrayBuffer
  /** Non-fatal problems met while reading (duplicate ids, unknown elements, …). */
  warnings: VenueWarning[]
  /** Parse plus index time in milliseconds, measured by the parser. */
  parseMs: number
  /**
   * The seat keys' runs (seatKeys.ts), when the keys are kept as parts: made with the decode in the
   * venue worker so the page finds a seat by key without building anything. Absent: built on the
   * page's first key lookup.
   */
  keyRuns?: KeyRunBuffers
  /**
   * Largest half-size of any seat (the hit-test padding), when the parsing worker computed it: an
   * O(seats) pass (5-50 ms at 1M) the main thread then does not repeat. Absent: computed on load.
   */
  maxSeatHalf?: number
}

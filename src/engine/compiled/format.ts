/**
 * The compiled venue: a drawing as the engine needs it, compiled once at import by the server and
 * decoded by the storefront's venue worker, so no visitor's browser parses a drawing. Layout
 * (all little-endian; "column" = ByteWriter.column: delta-coded where marked, in byte planes):
 *
 *   magic "SWVC", format version (u8), flags (u8, 0)
 *   viewBox and bbox: 8 × f64
 *   counts: seats, sectors, decorations, labels, strings (u32 each)
 *   zones: JSON text [{id, name, color}]
 *   strings: varint byte length per string, then the UTF-8 bytes back to back
 *   seats:  x, y (u16 on the bbox grid, delta), w, h (u16 on the size grid, delta),
 *           rotation (u16 turns/65536, delta), shape (u8), sector (u16, delta),
 *           row, number (u32 string ids, delta), key prefix (u32 string id, delta),
 *           key suffix (u32 number+1 or 0, delta), zone (u16, delta)
 *   sectors: name (u32), kind (u8), bbox (f32 × 4), seat count, capacity (u32), zone (u16),
 *           outline start and length (u32), points (u16 grid, delta per axis),
 *           triangle start and length (u32), triangles (u32 column)
 *   decorations: start, length (u32), points (u16 grid, delta per axis), fill, stroke (u32),
 *           stroke width (f32), closed (u8); labels: x, y (u16 grid, delta), size (f32), text (u32)
 *
 * Seat keys are split into a prefix (a string) and a trailing decimal number, because keys such
 * as "A-12-7" differ from their neighbour's only there: the number column then delta-codes to a
 * run of ones and the string table holds one prefix per row instead of one key per seat.
 *
 * Coordinates are quantised to 16 bits over the venue's bounding box (a 300 m stadium: 5 mm
 * steps), sizes to 16 bits of the largest seat side, rotations to 2π/65536. What is lost is below
 * a pixel at any zoom the engine allows; everything else round-trips exactly (tests/unit/engine/
 * compiled-venue.test.ts). A change of layout, or of what the parser puts in it, bumps
 * COMPILED_VENUE_VERSION, and the server compiles stored drawings again on demand (the content
 * hash changes with it). 2: outlines of sectors the drawing does not outline are the band their
 * seats sweep (geometry/envelope.ts), not their convex hull; the layout is 1's. 3: decorations
 * hold only the points that shape them (parse/simplifyDecorations.ts; the render worker no longer
 * simplifies them); the layout is 1's.
 */

export const COMPILED_VENUE_MAGIC = [0x53, 0x57, 0x56, 0x43] as const // "SWVC"
export const COMPILED_VENUE_VERSION = 3

/** Steps of the coordinate and size grids: 16-bit columns. */
export const GRID_STEPS = 65535
/** Steps of a full turn in the rotation column. */
export const ROTATION_STEPS = 65536

/** Flags byte of the header (none defined yet; a decoder refuses bits it does not know). */
export const COMPILED_FLAGS = 0

/** The grid of a venue: origin and step of the coordinate grid, step of the size grid. */
export interface VenueGrid {
  x0: number
  y0: number
  step: number
  sizeStep: number
}

export function gridOf(bbox: readonly number[], maxSize: number): VenueGrid {
  const extent = Math.max(bbox[2] - bbox[0], bbox[3] - bbox[1], 0)
  return { x0: bbox[0], y0: bbox[1], step: extent > 0 ? extent / GRID_STEPS : 1, sizeStep: maxSize > 0 ? maxSize / GRID_STEPS : 1 }
}

export class CompiledVenueError extends Error {}

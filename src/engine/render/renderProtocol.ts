import type { GpuMemory } from './gpuMemory'
import type { GpuApi, GpuPreference } from './gpuApi'
import type { LodTier } from '../lod/lod'
import type { GpuClass } from '../lod/seatBudget'
import type { VenueData, VenueSeats } from '../model'
import type { RingTarget } from './HighlightLayer'
import type { LabelSpec } from './labelsInView'

/**
 * What the engine tells its renderer, as plain data, so the same commands drive a renderer on the
 * main thread (LocalRenderBackend) or in a worker (WorkerRenderBackend, render.worker.ts). The
 * engine decides (camera, level of detail, labels, hover); the renderer only draws.
 */

type Rect = [number, number, number, number]

/**
 * The part of a venue the renderer reads: no string table, no spatial index, no row, number or
 * key columns (labels and hit-testing stay with the engine). Posting it to a worker copies about
 * 26 bytes per seat.
 */
export interface RenderVenue {
  bbox: VenueData['bbox']
  seats: Omit<VenueSeats, 'row' | 'number' | 'key'>
  sectors: VenueData['sectors']
  decorations: VenueData['decorations']
}

export type RenderCommand =
  /** `upload`: the seat columns were sent ahead in 'venuePart' messages of that upload (a worker's copy). */
  | { op: 'venue'; venue: RenderVenue; zoneColors: number[]; upload?: number }
  /**
   * The seats' geometry columns again, for a renderer that let go of them once its tiles were
   * built and must build them again (its GPU context was lost and restored): it asked with
   * 'needGeometry'. `upload` as for 'venue'.
   */
  | { op: 'seatGeometry'; seats: SeatGeometry; upload?: number }
  | { op: 'tier'; tier: LodTier }
  /** world = (p - center) * scale + viewport / 2; `rect` is the visible world rectangle. */
  | { op: 'camera'; centerX: number; centerY: number; scale: number; width: number; height: number; rect: Rect }
  | { op: 'labels'; labels: LabelSpec[] }
  | { op: 'rings'; hover: RingTarget | null; focus: RingTarget | null; pxToWorld: number }
  /** Seat statuses changed: one status for all, or one per index. */
  | { op: 'statuses'; indices: ArrayLike<number>; statuses: ArrayLike<number> | number }
  /**
   * Seats moved to other zones (index into the zone colours; one zone for all, or one per index):
   * the studio draws edits not saved yet without parsing the drawing again.
   */
  | { op: 'zones'; indices: ArrayLike<number>; zones: ArrayLike<number> | number }
  | { op: 'zoneColors'; colors: number[] }
  | { op: 'resize'; width: number; height: number; resolution: number }
  /** Read back a block of the next frame (backing-store pixels, top-left origin), for tests. */
  | { op: 'readPixels'; id: number; x: number; y: number; width: number; height: number }

export interface RenderStats {
  tiles: number
  seatsShown: number
  labels: number
  /** Status colours not yet on the GPU. */
  pendingColors: boolean
  /** Size of the drawing buffer in device pixels. */
  bufferWidth: number
  bufferHeight: number
  /** The GPU API drawing the map ('none' before a renderer starts). */
  gpu: GpuApi | 'none'
  /** Hardware GPU or software rasteriser ('unknown' before a renderer starts, or when the browser hides it). */
  gpuClass: GpuClass
  /** Bytes handed to the GPU (gpuMemory.ts), counted at most every GPU_MEMORY_STATS_MS. */
  gpuMemory: GpuMemory
  /**
   * Bytes of typed arrays the renderer keeps on the CPU: its copy of the seat columns, tile vertex
   * data not yet let go of (SeatLayer), and the seat-to-tile lookup.
   */
  heldBytes: { seatColumns: number; tileVertices: number; tileLookup: number }
}

/** A frame the renderer drew (or decided it had nothing to draw for). */
export interface FrameReport {
  rendered: boolean
  /** Last command batch applied before this frame. */
  batch: number
  /**
   * When this frame drew a camera move: ms from the move reaching the renderer to this frame
   * (the wait for an animation frame, which the browser holds back while the GPU is still busy
   * with the last one, plus the drawing). The seat budget (lod/seatBudget.ts) reads it.
   */
  cameraLatencyMs?: number
  stats: RenderStats
}

/**
 * The buffers of a batch's per-seat commands (statuses, zones): MapRenderer made them as its own
 * copies, so a worker backend moves them instead of cloning (a million-seat change stays a
 * pointer hand-over). Other commands are small and cloned.
 */
export function batchTransferables(commands: readonly RenderCommand[]): ArrayBuffer[] {
  const out: ArrayBuffer[] = []
  const take = (a: ArrayLike<number> | number) => {
    if (typeof a !== 'number' && ArrayBuffer.isView(a) && !out.includes(a.buffer as ArrayBuffer)) out.push(a.buffer as ArrayBuffer)
  }
  for (const c of commands) {
    if (c.op === 'statuses') [c.indices, c.statuses].forEach(take)
    else if (c.op === 'zones') [c.indices, c.zones].forEach(take)
  }
  return out
}

// ---- worker messages ------------------------------------------------------------------------

export type ToRenderWorker =
  | { type: 'init'; canvas: OffscreenCanvas; width: number; height: number; resolution: number; gpu: GpuPreference }
  | { type: 'batch'; seq: number; commands: RenderCommand[]; now: boolean }
  /** A slice of one seat column of a venue upload, at `offset` in a column of `length` values. */
  | { type: 'venuePart'; upload: number; name: SeatColumn; length: number; offset: number; array: SeatColumnArray }
  | { type: 'record'; on: boolean }
  | { type: 'dispose' }

export type FromRenderWorker =
  | { type: 'ready' }
  | { type: 'failed'; message: string }
  | ({ type: 'frame' } & FrameReport)
  | { type: 'pixels'; id: number; pixels: Uint8Array }
  | { type: 'recorded'; intervals: number[] }
  /** The worker let go of the seat geometry and needs it again (see the 'seatGeometry' command). */
  | { type: 'needGeometry' }

/** The per-seat columns the renderer reads. */
export const SEAT_COLUMNS = ['x', 'y', 'w', 'h', 'rotation', 'shape', 'sector', 'zone', 'status'] as const
export type SeatColumn = (typeof SEAT_COLUMNS)[number]
export type SeatColumnArray = RenderVenue['seats'][SeatColumn]
/**
 * The columns only the seat tiles' build reads (21 bytes per seat): a renderer whose host can
 * send them again lets go of them once the tiles are on the GPU. Statuses, zones and sectors stay
 * (repainting tiles and sectors reads them).
 */
export const GEOMETRY_COLUMNS = ['x', 'y', 'w', 'h', 'rotation', 'shape'] as const satisfies readonly SeatColumn[]
export type GeometryColumn = (typeof GEOMETRY_COLUMNS)[number]
export type SeatGeometry = Pick<RenderVenue['seats'], GeometryColumn>

/** The geometry columns of a venue's seats (the same arrays, not copies). */
export function geometryOf(seats: RenderVenue['seats']): SeatGeometry {
  return Object.fromEntries(GEOMETRY_COLUMNS.map((c) => [c, seats[c]])) as SeatGeometry
}

/** Copies the renderer's part of a venue (the caller's arrays stay usable: they are cloned, not transferred). */
export function toRenderVenue(v: RenderVenue): RenderVenue {
  const { count, x, y, w, h, rotation, shape, sector, zone, status } = v.seats
  return { bbox: v.bbox, seats: { count, x, y, w, h, rotation, shape, sector, zone, status }, sectors: v.sectors, decorations: v.decorations }
}

import { MAX_ZOOM, MIN_ZOOM, zoomLabel } from './camera/Camera'
import type { PopoverPlacement } from './interaction/popover'
import type { SeatInfo } from './interaction/seatInfo'
import type { SeatQuery } from './spatial/SeatGrid'
import type { LodTier } from './lod/lod'
import type { VenueData } from './model'
import type { RenderPlacement } from './render/MapRenderer'
import type { GpuPreference } from './render/gpuApi'

/** Options, snapshot and events of SeatMapEngine (kept apart so the app can import types only). */
export interface SeatMapEngineOptions {
  /** Map metadata's detail threshold in percent (spec default 500, capped at 2000); on a running engine, setDetailThreshold. */
  detailThresholdPercent?: number | null
  /** Popover placement on phones: above or below only. Default: `(pointer: coarse)`. */
  mobile?: boolean
  initDelayMs?: number
  /** Seat query override; default: the venue's serialized SeatIndex, or a SeatGrid when it has none. */
  seatQuery?: (venue: VenueData) => SeatQuery
  /** Announcement text for the aria-live region (the app passes a translated one). */
  describe?: (seat: SeatInfo) => string
  /**
   * Where the map is drawn. 'auto' (default): in a worker on an OffscreenCanvas where the browser
   * can, so WebGL start-up, shader compiles and drawing never block the page; else on the main
   * thread. 'main' or 'worker' force one ('worker' fails where it cannot run).
   */
  renderIn?: RenderPlacement
  /**
   * GPU API. 'auto' (default): WebGPU where the browser has a hardware adapter, else WebGL2
   * (render/gpuApi.ts). 'webgl' or 'webgpu' force one ('webgpu' fails without an adapter).
   */
  gpu?: GpuPreference
}

export interface SeatMapSnapshot {
  ready: boolean
  hasVenue: boolean
  /**
   * The renderer has drawn a frame holding the current venue: the map is on screen, not only in
   * the engine (hasVenue turns true before the seats reach the renderer, a frame or more earlier
   * on a big venue). What "interactive" means to the benchmarks and the e2e screenshots.
   */
  drawn: boolean
  zoom: number
  zoomLabel: string
  minZoom: number
  maxZoom: number
  tier: LodTier
  hover: SeatInfo | null
  focus: SeatInfo | null
  popover: { seat: SeatInfo; placement: PopoverPlacement } | null
  announcement: string
  /** Bumped whenever seat statuses change (list view re-reads engine data then). */
  statusRevision: number
}

export interface SeatMapEvents extends Record<string, unknown> {
  seatclick: SeatInfo
  hover: SeatInfo | null
  focus: SeatInfo | null
  change: SeatMapSnapshot
  /**
   * The renderer reported a frame; `venue`: the current venue is in it; `statuses`: it was drawn
   * after every status change made so far reached the renderer (then `getStats().pendingColors`
   * says whether all of them are in its colours).
   */
  frame: { at: number; rendered: boolean; venue: boolean; statuses: boolean }
  ready: void
}

/** The snapshot before init and before any venue. */
export function initialSnapshot(): SeatMapSnapshot {
  return {
    ready: false, hasVenue: false, drawn: false, zoom: 1, zoomLabel: zoomLabel(1), minZoom: MIN_ZOOM, maxZoom: MAX_ZOOM, tier: 'sectors',
    hover: null, focus: null, popover: null, announcement: '', statusRevision: 0,
  }
}

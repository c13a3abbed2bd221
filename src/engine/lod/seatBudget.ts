import { MAX_SEATS_DRAWN } from './lod'

/**
 * The seat budget for this device: how many seats the view may hold before the sectors' fills
 * stand in for single seats (lod.ts). A fixed budget must fit the slowest renderer there is, and
 * on software GL (SwiftShader, llvmpipe: what the benchmarks and CI run on, and what a browser
 * falls back to on a blocklisted GPU) every seat is a quad of CPU work in the GPU process, so
 * that budget is small (MAX_SEATS_DRAWN). A hardware GPU draws a hundred thousand small quads in
 * well under a frame, so there the budget starts high and seats show at the spec's zoom
 * threshold even on a 1M stadium. The renderer then tells how fast it really is: while seats are
 * drawn, each camera move's latency (from the move reaching the renderer to the frame that draws
 * it, which includes the wait for the GPU) is sampled, and a window of slow ones lowers the budget
 * to a share of the seats that were being drawn. The budget only goes down, never below the
 * software one, so it cannot oscillate and never draws less than before on any device.
 */

/** Where the map draws: a GPU, a software rasteriser, or unknown (treated as software). */
export type GpuClass = 'hardware' | 'software' | 'unknown'

/**
 * Starting budget on a hardware GPU. The 1M stadium's 1280×800 desktop view at the spec's 500 %
 * threshold holds about 48k seats (about 56k in the tiles drawn); a phone's GPU (Mali-G52 class)
 * draws that many 3-5 px quads far inside a frame (a few hundred thousand vertices), so the
 * threshold, not the budget, decides there. Measured downward by SLOW_CAMERA_LATENCY_MS if not.
 */
export const HARDWARE_SEAT_BUDGET = 120_000

/** Camera moves sampled before the budget is judged (about half a second of a gesture). */
export const BUDGET_WINDOW = 30
/**
 * A camera move drawn later than this after it reached the renderer is slow: 3 frames at 60 Hz
 * (one frame waiting for the animation frame, one drawing, one of slack). Judged at the window's
 * 90th percentile, so a single hiccup (a tile build, a garbage collection) does not count.
 */
export const SLOW_CAMERA_LATENCY_MS = 50
/** The percentile of the window's latencies that is judged against SLOW_CAMERA_LATENCY_MS. */
export const BUDGET_PERCENTILE = 0.9
/** On a slow window the budget becomes this share of the seats the window drew (median). */
export const BUDGET_BACKOFF = 0.6

/** Renderer names of software rasterisers (WebGL's unmasked renderer string). */
const SOFTWARE_RENDERER = /swiftshader|llvmpipe|softpipe|lavapipe|software|basic render/i

/**
 * Classifies a WebGL renderer string. An empty or masked one ("WebKit WebGL", a browser that hides
 * the GPU) is unknown: the map then keeps the software budget, the one that is safe everywhere.
 */
export function classifyRenderer(renderer: string | null | undefined): GpuClass {
  if (!renderer || /^webkit webgl$/i.test(renderer.trim())) return 'unknown'
  return SOFTWARE_RENDERER.test(renderer) ? 'software' : 'hardware'
}

/** The starting budget for a GPU class. */
export function initialSeatBudget(gpu: GpuClass): number {
  return gpu === 'hardware' ? HARDWARE_SEAT_BUDGET : MAX_SEATS_DRAWN
}

export class SeatBudget {
  private gpu: GpuClass = 'unknown'
  private budget = MAX_SEATS_DRAWN
  private latencies: number[] = []
  private seats: number[] = []

  /** The most seats in view drawn one by one now. */
  get value(): number {
    return this.budget
  }

  get gpuClass(): GpuClass {
    return this.gpu
  }

  /**
   * The renderer said what it draws with (once it has started). Returns whether the budget
   * changed. A class once known is kept: a later report of the same renderer changes nothing,
   * and a budget already lowered by measurement is not raised again.
   */
  setGpu(gpu: GpuClass): boolean {
    if (gpu === this.gpu || this.gpu !== 'unknown') return false
    this.gpu = gpu
    const next = initialSeatBudget(gpu)
    if (next === this.budget) return false
    this.budget = next
    return true
  }

  /**
   * One frame the renderer reported: its GPU class sets the budget (setGpu), and a camera move it
   * drew `cameraLatencyMs` after it came lowers it (observe), sampled only while single seats are
   * drawn (`drawsSeats`). Returns whether the budget changed.
   */
  frameReport(gpu: GpuClass, seatsShown: number, cameraLatencyMs: number | undefined, drawsSeats: boolean): boolean {
    const changed = this.setGpu(gpu)
    if (cameraLatencyMs === undefined || !drawsSeats) return changed
    return this.observe(cameraLatencyMs, seatsShown) || changed
  }

  /**
   * One camera move drawn `latencyMs` after it reached the renderer, with `seatsShown` seats in
   * the tiles drawn (0 when sectors were drawn: not sampled). Returns whether the budget changed.
   */
  observe(latencyMs: number, seatsShown: number): boolean {
    // Only frames that draw more seats than the floor say anything about the budget above it.
    if (seatsShown <= MAX_SEATS_DRAWN || !(latencyMs >= 0)) return false
    this.latencies.push(latencyMs)
    this.seats.push(seatsShown)
    if (this.latencies.length < BUDGET_WINDOW) return false
    const slow = percentile(this.latencies, BUDGET_PERCENTILE) > SLOW_CAMERA_LATENCY_MS
    const drawn = percentile(this.seats, 0.5)
    this.latencies = []
    this.seats = []
    if (!slow) return false
    const next = Math.max(MAX_SEATS_DRAWN, Math.floor(drawn * BUDGET_BACKOFF))
    if (next >= this.budget) return false
    this.budget = next
    return true
  }
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]
}

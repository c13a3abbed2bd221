import type { InputDelta, Point } from './types'

/**
 * Drag inertia: the pointer velocity over the last moments of a drag keeps panning after release,
 * decaying exponentially (maplibre's handler_inertia, simplified to a decay per millisecond).
 */

/** Only samples this recent count towards the release velocity (older motion is stale). */
export const INERTIA_SAMPLE_WINDOW_MS = 100
/** Fraction of velocity kept per millisecond: 0.994^16.7 ≈ 0.90 per 60 Hz frame. */
export const INERTIA_DECAY_PER_MS = 0.994
/** Below this speed (px/ms) the glide stops. */
export const INERTIA_MIN_SPEED = 0.02
/** Release speeds above this (px/ms) are clamped: a flick never throws the map across the hall. */
export const INERTIA_MAX_SPEED = 4

interface Sample {
  x: number
  y: number
  t: number
}

export class Inertia {
  private samples: Sample[] = []
  private vx = 0
  private vy = 0
  private lastFrameAt = 0

  record(p: Point, t: number): void {
    this.samples.push({ x: p.x, y: p.y, t })
    while (this.samples.length > 2 && t - this.samples[0].t > INERTIA_SAMPLE_WINDOW_MS) this.samples.shift()
  }

  /** Start gliding with the recent velocity; returns false when too slow to glide. */
  release(t: number): boolean {
    const s = this.samples.filter((x) => t - x.t <= INERTIA_SAMPLE_WINDOW_MS)
    this.samples = []
    if (s.length < 2) return false
    const first = s[0]
    const last = s[s.length - 1]
    const dt = Math.max(1, last.t - first.t)
    let vx = (last.x - first.x) / dt
    let vy = (last.y - first.y) / dt
    const speed = Math.hypot(vx, vy)
    if (speed < INERTIA_MIN_SPEED) return false
    if (speed > INERTIA_MAX_SPEED) {
      vx *= INERTIA_MAX_SPEED / speed
      vy *= INERTIA_MAX_SPEED / speed
    }
    this.vx = vx
    this.vy = vy
    this.lastFrameAt = t
    return true
  }

  stop(): void {
    this.vx = 0
    this.vy = 0
    this.samples = []
  }

  get active(): boolean {
    return this.vx !== 0 || this.vy !== 0
  }

  renderFrame(now: number): InputDelta | null {
    if (!this.active) return null
    const dt = Math.max(0, Math.min(100, now - this.lastFrameAt))
    this.lastFrameAt = now
    const pan = { x: this.vx * dt, y: this.vy * dt }
    const k = Math.pow(INERTIA_DECAY_PER_MS, dt)
    this.vx *= k
    this.vy *= k
    if (Math.hypot(this.vx, this.vy) < INERTIA_MIN_SPEED) this.stop()
    return { panDelta: pan, needsFrame: this.active }
  }
}

import { type InputDelta, mergeDeltas } from './types'

/**
 * Collects deltas from handlers between frames and hands out one merged delta per animation
 * frame (maplibre handler_manager). Frame-driven sources (wheel accumulation, inertia) are
 * polled through `sources` at frame time.
 */
export interface FrameSource {
  renderFrame(now: number): InputDelta | null
}

export class InputManager {
  private pending: InputDelta[] = []

  constructor(private readonly sources: FrameSource[]) {}

  push(delta: InputDelta): void {
    this.pending.push(delta)
  }

  get hasPending(): boolean {
    return this.pending.length > 0
  }

  /** One merged delta for this frame, or null when nothing moved. */
  takeFrame(now: number): InputDelta | null {
    const all = this.pending
    this.pending = []
    for (const s of this.sources) {
      const d = s.renderFrame(now)
      if (d) all.push(d)
    }
    if (all.length === 0) return null
    return mergeDeltas(all)
  }

  clear(): void {
    this.pending = []
  }
}

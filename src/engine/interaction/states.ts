import type { InputDelta, Point } from '../input/types'

/**
 * Pointer interaction as small state classes (tldraw HandTool childStates): Idle, Pointing,
 * Panning, Pinching. A state sees the tracked pointers, emits deltas and gestures through its
 * context, and returns the next state's id (or its own to stay).
 */

/** A press that moves less than this (CSS px) is a tap/click, not a drag. */
export const TAP_SLOP_PX = 6
/** Touch fingers jitter more than a mouse. */
export const TOUCH_TAP_SLOP_PX = 10
/** Two taps within this time and distance are a double tap (zoom in ×2 at that point). */
export const DOUBLE_TAP_MS = 300
export const DOUBLE_TAP_SLOP_PX = 30

export type StateId = 'idle' | 'pointing' | 'panning' | 'pinching'

export interface TrackedPointer {
  id: number
  x: number
  y: number
  startX: number
  startY: number
  type: string
}

export interface InteractionContext {
  pointers: Map<number, TrackedPointer>
  pushDelta(d: InputDelta): void
  tap(p: Point, pointerType: string, now: number): void
  hover(p: Point | null): void
  dragStart(now: number): void
  dragMove(p: Point, now: number): void
  dragEnd(now: number): void
}

export abstract class InteractionState {
  abstract readonly id: StateId
  constructor(protected readonly ctx: InteractionContext) {}
  enter(_prev: StateId, _now: number): void {}
  onPointerDown(_p: TrackedPointer, _now: number): StateId {
    return this.id
  }
  onPointerMove(_p: TrackedPointer, _prev: Point, _now: number): StateId {
    return this.id
  }
  onPointerUp(_p: TrackedPointer, _now: number): StateId {
    return this.id
  }
  /** Pointer lost (pointercancel, blur): drop the gesture without a click. */
  onCancel(): StateId {
    return 'idle'
  }
}

export class Idle extends InteractionState {
  readonly id = 'idle' as const
  override onPointerDown(): StateId {
    this.ctx.hover(null)
    return this.ctx.pointers.size >= 2 ? 'pinching' : 'pointing'
  }
  override onPointerMove(p: TrackedPointer): StateId {
    if (p.type === 'leave') this.ctx.hover(null)
    else if (p.type === 'mouse' || p.type === 'pen') this.ctx.hover({ x: p.x, y: p.y })
    return 'idle'
  }
}

export class Pointing extends InteractionState {
  readonly id = 'pointing' as const
  override onPointerDown(): StateId {
    return this.ctx.pointers.size >= 2 ? 'pinching' : 'pointing'
  }
  override onPointerMove(p: TrackedPointer): StateId {
    const slop = p.type === 'touch' ? TOUCH_TAP_SLOP_PX : TAP_SLOP_PX
    return Math.hypot(p.x - p.startX, p.y - p.startY) > slop ? 'panning' : 'pointing'
  }
  override onPointerUp(p: TrackedPointer, now: number): StateId {
    this.ctx.tap({ x: p.x, y: p.y }, p.type, now)
    return 'idle'
  }
}

export class Panning extends InteractionState {
  readonly id = 'panning' as const
  override enter(prev: StateId, now: number): void {
    this.ctx.dragStart(now)
    // The slop distance already travelled belongs to the drag, so the map follows the finger exactly.
    if (prev === 'pointing') {
      const p = [...this.ctx.pointers.values()][0]
      if (p) this.ctx.pushDelta({ panDelta: { x: p.x - p.startX, y: p.y - p.startY } })
    }
  }
  override onPointerDown(): StateId {
    return this.ctx.pointers.size >= 2 ? 'pinching' : 'panning'
  }
  override onPointerMove(p: TrackedPointer, prev: Point, now: number): StateId {
    this.ctx.pushDelta({ panDelta: { x: p.x - prev.x, y: p.y - prev.y } })
    this.ctx.dragMove({ x: p.x, y: p.y }, now)
    return 'panning'
  }
  override onPointerUp(_p: TrackedPointer, now: number): StateId {
    if (this.ctx.pointers.size === 0) {
      this.ctx.dragEnd(now)
      return 'idle'
    }
    return 'panning'
  }
}

/** Zoom from the change of finger distance (log2 of the ratio, as maplibre two_fingers_touch). */
export function pinchDelta(a0: Point, b0: Point, a1: Point, b1: Point): InputDelta {
  const d0 = Math.hypot(b0.x - a0.x, b0.y - a0.y)
  const d1 = Math.hypot(b1.x - a1.x, b1.y - a1.y)
  const c0 = { x: (a0.x + b0.x) / 2, y: (a0.y + b0.y) / 2 }
  const c1 = { x: (a1.x + b1.x) / 2, y: (a1.y + b1.y) / 2 }
  const out: InputDelta = { panDelta: { x: c1.x - c0.x, y: c1.y - c0.y }, around: c1 }
  if (d0 > 0 && d1 > 0) out.zoomDelta = Math.log2(d1 / d0)
  return out
}

export class Pinching extends InteractionState {
  readonly id = 'pinching' as const
  override onPointerMove(p: TrackedPointer, prev: Point): StateId {
    const others = [...this.ctx.pointers.values()].filter((q) => q.id !== p.id)
    const other = others[0]
    if (!other) return 'panning'
    // The centroid shift pans, then the zoom anchors at the new centroid: the engine applies a
    // frame's pan before its zoom, so the point under the fingers stays under the fingers.
    this.ctx.pushDelta(pinchDelta(prev, other, { x: p.x, y: p.y }, other))
    return 'pinching'
  }
  override onPointerUp(_p: TrackedPointer, now: number): StateId {
    if (this.ctx.pointers.size === 1) {
      const rest = [...this.ctx.pointers.values()][0]
      rest.startX = rest.x
      rest.startY = rest.y
      this.ctx.dragStart(now)
      return 'panning'
    }
    return this.ctx.pointers.size === 0 ? 'idle' : 'pinching'
  }
}

import { Idle, type InteractionContext, type InteractionState, Panning, Pinching, Pointing, type StateId, type TrackedPointer } from './states'

/**
 * Drives the pointer states from raw pointer data. DOM-free so unit tests can feed it numbers;
 * PointerController binds it to real pointer events.
 */
export class InteractionMachine {
  readonly pointers = new Map<number, TrackedPointer>()
  private readonly states: Record<StateId, InteractionState>
  private current: InteractionState

  constructor(ctx: Omit<InteractionContext, 'pointers'>) {
    const full: InteractionContext = { ...ctx, pointers: this.pointers }
    this.states = {
      idle: new Idle(full),
      pointing: new Pointing(full),
      panning: new Panning(full),
      pinching: new Pinching(full),
    }
    this.current = this.states.idle
  }

  get state(): StateId {
    return this.current.id
  }

  private go(next: StateId, now: number): void {
    if (next === this.current.id) return
    const prev = this.current.id
    this.current = this.states[next]
    this.current.enter(prev, now)
  }

  down(id: number, x: number, y: number, type: string, now: number): void {
    const p: TrackedPointer = { id, x, y, startX: x, startY: y, type }
    this.pointers.set(id, p)
    this.go(this.current.onPointerDown(p, now), now)
  }

  move(id: number, x: number, y: number, type: string, now: number): void {
    const p = this.pointers.get(id)
    if (!p) {
      // Hover: a pointer that is not pressed.
      this.go(this.current.onPointerMove({ id, x, y, startX: x, startY: y, type }, { x, y }, now), now)
      return
    }
    const prev = { x: p.x, y: p.y }
    p.x = x
    p.y = y
    this.go(this.current.onPointerMove(p, prev, now), now)
  }

  up(id: number, x: number, y: number, now: number): void {
    const p = this.pointers.get(id)
    if (!p) return
    p.x = x
    p.y = y
    this.pointers.delete(id)
    this.go(this.current.onPointerUp(p, now), now)
  }

  cancel(id: number): void {
    this.pointers.delete(id)
    if (this.pointers.size === 0) this.go(this.current.onCancel(), 0)
  }
}

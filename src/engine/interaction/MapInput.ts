import { Inertia } from '../input/Inertia'
import { InputManager } from '../input/InputManager'
import type { InputDelta, Point } from '../input/types'
import { WheelHandler } from '../input/WheelHandler'
import { KeyboardController, type KeyboardActions } from './KeyboardController'
import { PointerController } from './PointerController'
import { InteractionMachine } from './StateMachine'

/** What the input needs of the engine: a frame when something moved, seat taps and hovers, and the keys' actions. */
export interface MapInputHost {
  requestFrame(): void
  tap(p: Point, now: number): void
  hover(p: Point | null): void
  keys: KeyboardActions
  /** The seat an arrow key moves the focus to from seat `from`, -1 when none. */
  seatInDirection(from: number, key: string): number
}

/**
 * The input the map's container takes. Pointer and touch go through the interaction states (tap,
 * pan, pinch; hover for the mouse), then the wheel and trackpad and the inertia after a drag: these
 * only record camera deltas and ask for a frame; the engine's frame takes them merged, once
 * (`takeFrame`), and moves the camera (maplibre's handler_manager). Keys (KeyboardController)
 * move the seat focus and call the engine's actions (`keys`).
 */
export class MapInput {
  private readonly wheel = new WheelHandler()
  private readonly inertia = new Inertia()
  private readonly input = new InputManager([this.wheel, this.inertia])
  private readonly machine: InteractionMachine
  private pointer: PointerController | null = null
  private keyboard: KeyboardController | null = null
  private container: HTMLElement | null = null

  constructor(private readonly host: MapInputHost) {
    this.machine = new InteractionMachine({
      pushDelta: (d) => this.push(d),
      tap: (p, _type, now) => host.tap(p, now),
      hover: (p) => host.hover(p),
      dragStart: () => this.inertia.stop(),
      dragMove: (p, now) => this.inertia.record(p, now),
      dragEnd: (now) => {
        if (this.inertia.release(now)) host.requestFrame()
      },
    })
  }

  /** Starts listening to the container's pointer, wheel and key events (once the renderer is up). */
  attach(container: HTMLElement): void {
    this.container = container
    this.pointer = new PointerController(container, this.machine)
    container.addEventListener('wheel', this.onWheel, { passive: false })
    this.keyboard = new KeyboardController(container, this.host.keys, (from, key) => this.host.seatInDirection(from, key))
  }

  /** This frame's camera delta, all gestures merged, or null when nothing moved. */
  takeFrame(now: number): InputDelta | null {
    return this.input.takeFrame(now)
  }

  /** Whether the wheel is still turning (the detail tier waits for it to stop). */
  wheelActive(now: number): boolean {
    return this.wheel.isActive(now)
  }

  /** Whether a drag's inertia still moves the camera (the next frame is needed). */
  get coasting(): boolean {
    return this.inertia.active
  }

  dispose(): void {
    this.pointer?.dispose()
    this.keyboard?.dispose()
    this.container?.removeEventListener('wheel', this.onWheel)
  }

  private onWheel = (e: WheelEvent): void => {
    e.preventDefault()
    const r = (e.currentTarget as HTMLElement).getBoundingClientRect()
    this.wheel.onWheel(e.deltaY, e.deltaMode, e.ctrlKey, { x: e.clientX - r.left, y: e.clientY - r.top }, performance.now())
    this.host.requestFrame()
  }

  private push(d: InputDelta): void {
    this.input.push(d)
    this.host.requestFrame()
  }
}

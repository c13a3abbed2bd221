import type { InteractionMachine } from './StateMachine'

/**
 * Binds pointer events on the map container to the interaction machine. The container gets
 * `touch-action: none` so the browser never scrolls or zooms the page under a gesture; the page
 * stays put and every finger goes to the map.
 */
export class PointerController {
  private readonly disposers: (() => void)[] = []

  constructor(
    private readonly el: HTMLElement,
    private readonly machine: InteractionMachine,
    private readonly now: () => number = () => performance.now(),
  ) {
    el.style.touchAction = 'none'
    const on = <K extends keyof HTMLElementEventMap>(type: K, fn: (e: HTMLElementEventMap[K]) => void, opts?: AddEventListenerOptions) => {
      el.addEventListener(type, fn as EventListener, opts)
      this.disposers.push(() => el.removeEventListener(type, fn as EventListener, opts))
    }
    on('pointerdown', (e) => {
      if (e.pointerType === 'mouse' && e.button !== 0) return
      const p = this.local(e)
      // Capture so a drag that leaves the canvas keeps panning until release.
      try {
        el.setPointerCapture(e.pointerId)
      } catch {
        // Synthetic pointers (tests, CDP) may not be capturable; the gesture still works.
      }
      this.machine.down(e.pointerId, p.x, p.y, e.pointerType, this.now())
    })
    on('pointermove', (e) => {
      const p = this.local(e)
      this.machine.move(e.pointerId, p.x, p.y, e.pointerType, this.now())
    })
    on('pointerup', (e) => {
      const p = this.local(e)
      this.machine.up(e.pointerId, p.x, p.y, this.now())
    })
    on('pointercancel', (e) => this.machine.cancel(e.pointerId))
    on('pointerleave', (e) => {
      if (e.pointerType === 'mouse' && !this.machine.pointers.has(e.pointerId)) this.machine.move(-1, -1e9, -1e9, 'leave', this.now())
    })
    // Safari's own gesture events would zoom the page; the map handles pinch itself.
    on('gesturestart' as keyof HTMLElementEventMap, (e) => e.preventDefault())
  }

  private local(e: PointerEvent): { x: number; y: number } {
    const r = this.el.getBoundingClientRect()
    return { x: e.clientX - r.left, y: e.clientY - r.top }
  }

  dispose(): void {
    for (const d of this.disposers) d()
    this.disposers.length = 0
  }
}

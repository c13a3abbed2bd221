import { Container, Graphics } from 'pixi.js'

/**
 * Rings around the hovered and the keyboard-focused seat. Two tiny Graphics moved around, so a
 * hover never touches the seat buffers.
 */
export const HOVER_RING_COLOR = 0x111827
export const FOCUS_RING_COLOR = 0x2563eb
/** Ring width in CSS pixels (pixelLine would be too thin for a focus indicator). */
export const RING_WIDTH_PX = 2

export interface RingTarget {
  x: number
  y: number
  radius: number
}

export class HighlightLayer {
  readonly container = new Container({ label: 'highlight', eventMode: 'none', interactiveChildren: false })
  private readonly hover = new Graphics()
  private readonly focus = new Graphics()

  constructor() {
    this.container.addChild(this.hover, this.focus)
  }

  /** `pxToWorld` converts the ring width from screen pixels at the current zoom. */
  update(hover: RingTarget | null, focus: RingTarget | null, pxToWorld: number): void {
    draw(this.hover, hover, HOVER_RING_COLOR, pxToWorld)
    draw(this.focus, focus, FOCUS_RING_COLOR, pxToWorld)
  }

  destroy(): void {
    this.container.destroy({ children: true })
  }
}

function draw(g: Graphics, t: RingTarget | null, color: number, pxToWorld: number): void {
  g.clear()
  if (!t) return
  const w = RING_WIDTH_PX * pxToWorld
  g.circle(t.x, t.y, t.radius + w).stroke({ color, width: w })
}

/**
 * Popover placement (spec 001 §4): choose the side of the seat with room for the popover; on
 * mobile only above or below, since a side popover on a narrow screen covers the seat's row.
 */

/** Spec 001 §9: popover about 250 × 150 px. The app draws its popover at this size (SeatMapCanvas). */
export const POPOVER_WIDTH = 250
export const POPOVER_HEIGHT = 150
/** Gap between the seat and the popover edge. */
export const POPOVER_GAP_PX = 8
/** Minimum distance kept from the viewport edge after clamping. */
export const POPOVER_MARGIN_PX = 4

export type PopoverSide = 'top' | 'bottom' | 'right' | 'left'

export interface PopoverPlacement {
  side: PopoverSide
  /** Top-left corner in container CSS pixels. */
  x: number
  y: number
}

export interface PlacementInput {
  /** Seat centre and its on-screen radius, container CSS pixels. */
  anchor: { x: number; y: number; radius?: number }
  viewport: { width: number; height: number }
  size?: { width: number; height: number }
  mobile?: boolean
}

export function placePopover(input: PlacementInput): PopoverPlacement {
  const { anchor, viewport } = input
  const w = input.size?.width ?? POPOVER_WIDTH
  const h = input.size?.height ?? POPOVER_HEIGHT
  const r = (anchor.radius ?? 0) + POPOVER_GAP_PX
  const room: Record<PopoverSide, number> = {
    top: anchor.y - r,
    bottom: viewport.height - anchor.y - r,
    right: viewport.width - anchor.x - r,
    left: anchor.x - r,
  }
  const sides: PopoverSide[] = input.mobile ? ['top', 'bottom'] : ['top', 'bottom', 'right', 'left']
  const need = (s: PopoverSide) => (s === 'top' || s === 'bottom' ? h : w)
  const fits = sides.find((s) => room[s] >= need(s))
  // Nowhere fits: take the side with the most room relative to what it needs.
  const side = fits ?? sides.reduce((best, s) => (room[s] / need(s) > room[best] / need(best) ? s : best), sides[0])
  let x: number
  let y: number
  switch (side) {
    case 'top':
      x = anchor.x - w / 2
      y = anchor.y - r - h
      break
    case 'bottom':
      x = anchor.x - w / 2
      y = anchor.y + r
      break
    case 'right':
      x = anchor.x + r
      y = anchor.y - h / 2
      break
    case 'left':
      x = anchor.x - r - w
      y = anchor.y - h / 2
      break
  }
  const clamp = (v: number, size: number, max: number) => Math.max(POPOVER_MARGIN_PX, Math.min(max - size - POPOVER_MARGIN_PX, v))
  return { side, x: clamp(x, w, viewport.width), y: clamp(y, h, viewport.height) }
}

import { NO_ZONE, SeatStatus } from '../model'

/**
 * Seat colours by price zone and status, packed as 0xRRGGBBAA (the seat layer writes them per corner).
 * Pure so a status change is a table lookup per seat.
 */

/** The map's background behind everything drawn. */
export const BACKGROUND_COLOR = 0xf8fafc
/** Colour of a free seat whose zone has no colour (no price row known). */
export const DEFAULT_ZONE_COLOR = 0x8fa3bf
/** Chosen by this visitor: dark so it reads on every zone colour. */
export const SELECTED_COLOR = 0x1f2937
/** Held in someone else's cart or an unpaid order. */
export const HELD_COLOR = 0xb8bec8
export const SOLD_COLOR = 0xcfd4db
export const UNAVAILABLE_COLOR = 0xe3e6ea
/** Filtered-out seats keep their zone hue but fade (alpha out of 255). */
export const FILTERED_OUT_ALPHA = 56
/** Sector tint at zero availability (zoomed-out tier). */
export const SECTOR_SOLD_OUT_COLOR = 0xd6d9de

export function rgbaOf(rgb: number, alpha = 255): number {
  return (((rgb & 0xffffff) << 8) | (alpha & 0xff)) >>> 0
}

export function seatRgba(status: number, zone: number, zoneColors: ArrayLike<number>): number {
  const zoneColor = zone !== NO_ZONE && zone < zoneColors.length ? zoneColors[zone] : DEFAULT_ZONE_COLOR
  switch (status) {
    case SeatStatus.Free:
      return rgbaOf(zoneColor)
    case SeatStatus.Selected:
      return rgbaOf(SELECTED_COLOR)
    case SeatStatus.Held:
      return rgbaOf(HELD_COLOR)
    case SeatStatus.Sold:
      return rgbaOf(SOLD_COLOR)
    case SeatStatus.FilteredOut:
      return rgbaOf(zoneColor, FILTERED_OUT_ALPHA)
    default:
      return rgbaOf(UNAVAILABLE_COLOR)
  }
}

/** Mix two 0xRRGGBB colours; t=0 gives a, t=1 gives b. */
export function mixRgb(a: number, b: number, t: number): number {
  const k = Math.max(0, Math.min(1, t))
  const ch = (s: number) => Math.round(((a >> s) & 0xff) * (1 - k) + ((b >> s) & 0xff) * k)
  return (ch(16) << 16) | (ch(8) << 8) | ch(0)
}

/** Sector tint for the zoomed-out tier: zone colour fading to grey as seats run out. */
export function sectorTint(zoneColor: number, freeShare: number): number {
  return mixRgb(SECTOR_SOLD_OUT_COLOR, zoneColor, freeShare)
}

import type { LodTier } from '../lod/lod'
import type { VenueData } from '../model'
import type { VenueText } from '../interaction/venueText'

/**
 * Which labels to draw for a view: seat numbers of the given seats (already culled through the
 * spatial index and capped by the LOD), plus decoration labels inside the view rectangle.
 * Drawings with few decoration labels (hall names, "STAGE") keep them at every zoom.
 */

/** Seat number height as a share of the seat's height. */
export const SEAT_NUMBER_SIZE_RATIO = 0.55
export const SEAT_NUMBER_COLOR = 0xffffff
export const DECORATION_LABEL_COLOR = 0x374151

/** One text label in world units, as the renderer's LabelLayer draws it. */
export interface LabelSpec {
  x: number
  y: number
  size: number
  text: string
  color: number
}

/** At or below this many decoration labels, all are drawn at every tier. */
export const DECORATION_LABELS_ALWAYS = 200

export function buildLabels(
  venue: VenueData,
  text: VenueText,
  tier: LodTier,
  rect: readonly [number, number, number, number],
  seatsInView: readonly number[],
): LabelSpec[] {
  const out: LabelSpec[] = []
  const d = venue.decorations
  const all = d.labelCount <= DECORATION_LABELS_ALWAYS
  if (all || tier !== 'sectors') {
    for (let i = 0; i < d.labelCount; i++) {
      const x = d.labelX[i]
      const y = d.labelY[i]
      if (!all && (x < rect[0] || x > rect[2] || y < rect[1] || y > rect[3])) continue
      const t = text.get(d.labelText[i])
      if (t) out.push({ x, y, size: d.labelSize[i], text: t, color: DECORATION_LABEL_COLOR })
    }
  }
  if (tier === 'numbers') {
    const s = venue.seats
    for (const i of seatsInView) {
      const t = text.get(s.number[i])
      if (t) out.push({ x: s.x[i], y: s.y[i], size: Math.min(s.w[i], s.h[i]) * SEAT_NUMBER_SIZE_RATIO, text: t, color: SEAT_NUMBER_COLOR })
    }
  }
  return out
}

import { Container, type Geometry, Graphics, type Mesh, type Shader, type Buffer } from 'pixi.js'
import { triangulateOutlines } from '../geometry/triangulate'
import { SeatStatus, SectorKind } from '../model'
import type { RenderVenue } from './renderProtocol'
import { recolorableFillMesh } from './FillMesh'
import { sectorTint } from './colors'

/**
 * The zoomed-out tier: each sector as its filled outline, tinted by the share of its seats still
 * free; fills in one solid-colour mesh, outlines in one Graphics of 1-px lines. Standing areas
 * have their own mesh and outlines in `standing`, shown in every tier (they have no seats).
 *
 * Geometry (the parser's triangles over the outline points) uploads once per venue; a status
 * change only rewrites the per-point colours (O(seats) to count, O(outline points) to paint) and
 * re-uploads that one buffer, and only while this tier is showing (the engine decides).
 */

/** Outline stroke in CSS pixels (pixelLine keeps it 1 px at every zoom). */
export const SECTOR_OUTLINE_COLOR = 0x4b5563
export const SECTOR_FILL_ALPHA = 0.85
/** Colour of a sector none of whose seats has a priced zone. */
export const UNPRICED_SECTOR_COLOR = 0x8fa3bf

interface Fill {
  mesh: Mesh<Geometry, Shader>
  colorBuffer: Buffer
  colors: Uint8Array
}

export class SectorLayer {
  /** Seated sectors: shown only in the zoomed-out tier, where single seats are not drawn. */
  readonly container = new Container({ label: 'sectors', eventMode: 'none', interactiveChildren: false })
  /** Standing areas: shown in every tier, since they have no seats to take their place. */
  readonly standing = new Container({ label: 'standing', eventMode: 'none', interactiveChildren: false })
  private readonly outlines = new Graphics()
  private readonly standingOutlines = new Graphics()
  private venue: RenderVenue | null = null
  private fills: Fill[] = []
  private stale = true

  constructor() {
    this.container.addChild(this.outlines)
    this.standing.addChild(this.standingOutlines)
  }

  markStale(): void {
    this.stale = true
  }

  get isStale(): boolean {
    return this.stale
  }

  /** Colours from the seat statuses (and, for a new venue, the geometry first). */
  rebuild(venue: RenderVenue, zoneColors: ArrayLike<number>): void {
    if (venue !== this.venue) this.build(venue)
    const { sectors, seats } = venue
    const free = new Uint32Array(sectors.count)
    const total = new Uint32Array(sectors.count)
    // The first priced zone seen in a sector colours it.
    const zoneOf = new Int32Array(sectors.count).fill(-1)
    for (let i = 0; i < seats.count; i++) {
      const sec = seats.sector[i]
      if (sec >= sectors.count) continue
      total[sec]++
      if (seats.status[i] === SeatStatus.Free) free[sec]++
      if (zoneOf[sec] < 0 && seats.zone[i] < zoneColors.length) zoneOf[sec] = seats.zone[i]
    }
    // A standing area has no seats: its own zone (sectors.zone, the priced one) colours it.
    const own = sectors.zone
    if (own !== undefined) for (let s = 0; s < sectors.count; s++) if (zoneOf[s] < 0 && own[s] < zoneColors.length) zoneOf[s] = own[s]
    const alpha = Math.round(SECTOR_FILL_ALPHA * 255)
    for (const fill of this.fills) {
      // Every point belongs to one sector's outline: paint each sector's slice of points.
      const c = fill.colors
      for (let s = 0; s < sectors.count; s++) {
        const len = sectors.outlineLength[s]
        if (len < 3) continue
        const zoneColor = zoneOf[s] >= 0 ? zoneColors[zoneOf[s]] : UNPRICED_SECTOR_COLOR
        const rgb = sectorTint(zoneColor, total[s] > 0 ? free[s] / total[s] : 1)
        for (let p = sectors.outlineStart[s], end = p + len; p < end; p++) {
          const o = p * 4
          c[o] = (rgb >> 16) & 0xff
          c[o + 1] = (rgb >> 8) & 0xff
          c[o + 2] = rgb & 0xff
          c[o + 3] = alpha
        }
      }
      fill.colorBuffer.update()
    }
    this.stale = false
  }

  /** Meshes (seated, standing) over the venue's outline points, and the outline strokes. */
  private build(venue: RenderVenue): void {
    this.clearFills()
    this.venue = venue
    const sectors = venue.sectors
    const tri = sectors.triangles && sectors.triangleStart && sectors.triangleLength
      ? { triangles: sectors.triangles, triangleStart: sectors.triangleStart, triangleLength: sectors.triangleLength }
      : triangulateOutlines(sectors.outlinePoints, sectors.outlineStart, sectors.outlineLength)
    const seated: number[] = []
    const standing: number[] = []
    this.outlines.clear()
    this.standingOutlines.clear()
    for (let s = 0; s < sectors.count; s++) {
      const len = sectors.outlineLength[s]
      if (len < 3) continue
      const isStanding = sectors.kind[s] === SectorKind.Standing
      const into = isStanding ? standing : seated
      const first = sectors.outlineStart[s]
      for (let k = tri.triangleStart[s], end = k + tri.triangleLength[s]; k < end; k++) into.push(first + tri.triangles[k])
      const start = sectors.outlineStart[s] * 2
      const pts = Array.from(sectors.outlinePoints.subarray(start, start + len * 2))
      ;(isStanding ? this.standingOutlines : this.outlines).poly(pts, true).stroke({ color: SECTOR_OUTLINE_COLOR, width: 1, pixelLine: true })
    }
    // Both meshes share the points (one colour per point) and draw their own triangles.
    const pointCount = sectors.outlinePoints.length / 2
    for (const [indices, container] of [[seated, this.container], [standing, this.standing]] as const) {
      if (indices.length === 0) continue
      const colors = new Uint8Array(pointCount * 4)
      const { mesh, colorBuffer } = recolorableFillMesh(sectors.outlinePoints, Uint32Array.from(indices), colors)
      container.addChildAt(mesh, 0)
      this.fills.push({ mesh, colorBuffer, colors })
    }
  }

  private clearFills(): void {
    for (const f of this.fills) {
      f.mesh.geometry.destroy(true)
      f.mesh.destroy()
    }
    this.fills = []
  }

  destroy(): void {
    this.clearFills()
    this.container.destroy({ children: true })
    this.standing.destroy({ children: true })
  }
}


import { Container, Graphics } from 'pixi.js'
import { FillMeshBuilder } from './FillMesh'
import { SeatStatus, SectorKind, type VenueData } from '../model'
import { sectorTint } from './colors'

/**
 * The zoomed-out tier: each sector as its filled outline, tinted by the share of its seats still
 * free: fills in one solid-colour mesh (FillMesh), outlines in one Graphics of 1-px lines. Rebuilt
 * only when availability changes while this tier is showing, never per frame.
 */

/** Outline stroke in CSS pixels (pixelLine keeps it 1 px at every zoom). */
export const SECTOR_OUTLINE_COLOR = 0x4b5563
export const SECTOR_FILL_ALPHA = 0.85

export class SectorLayer {
  /** Seated sectors: shown only in the zoomed-out tier, where single seats are not drawn. */
  readonly container = new Container({ label: 'sectors', eventMode: 'none', interactiveChildren: false })
  /** Standing areas: shown in every tier, since they have no seats to take their place. */
  readonly standing = new Container({ label: 'standing', eventMode: 'none', interactiveChildren: false })
  private readonly outlines = new Graphics()
  private readonly standingOutlines = new Graphics()
  private fill: ReturnType<FillMeshBuilder['build']> = null
  private standingFill: ReturnType<FillMeshBuilder['build']> = null
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

  /** Redraw from the seat statuses. O(seats) for the counts plus O(outline points). */
  rebuild(venue: VenueData, zoneColors: ArrayLike<number>): void {
    const { sectors, seats } = venue
    const free = new Uint32Array(sectors.count)
    const total = new Uint32Array(sectors.count)
    // The dominant zone of a sector colours it; count zones per sector cheaply via first seen.
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
    this.outlines.clear()
    this.standingOutlines.clear()
    const fills = new FillMeshBuilder()
    const standingFills = new FillMeshBuilder()
    for (let s = 0; s < sectors.count; s++) {
      const len = sectors.outlineLength[s]
      if (len < 3) continue
      const start = sectors.outlineStart[s] * 2
      const pts = Array.from(sectors.outlinePoints.subarray(start, start + len * 2))
      const zoneColor = zoneOf[s] >= 0 ? zoneColors[zoneOf[s]] : 0x8fa3bf
      const share = total[s] > 0 ? free[s] / total[s] : 1
      const isStanding = sectors.kind[s] === SectorKind.Standing
      ;(isStanding ? standingFills : fills).addPolygon(pts, sectorTint(zoneColor, share), SECTOR_FILL_ALPHA)
      ;(isStanding ? this.standingOutlines : this.outlines).poly(pts, true).stroke({ color: SECTOR_OUTLINE_COLOR, width: 1, pixelLine: true })
    }
    this.fill = replaceFill(this.container, this.fill, fills)
    this.standingFill = replaceFill(this.standing, this.standingFill, standingFills)
    this.stale = false
  }

  destroy(): void {
    this.container.destroy({ children: true })
    this.standing.destroy({ children: true })
  }
}

/** Swaps a container's fill mesh (its first child) for a new build; returns the new mesh. */
function replaceFill(container: Container, old: ReturnType<FillMeshBuilder['build']>, fills: FillMeshBuilder): ReturnType<FillMeshBuilder['build']> {
  if (old) {
    old.geometry.destroy(true)
    old.destroy()
  }
  const mesh = fills.build()
  if (mesh) container.addChildAt(mesh, 0)
  return mesh
}

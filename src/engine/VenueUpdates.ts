import type { SeatInteraction } from './interaction/SeatInteraction'
import type { VenueData } from './model'
import type { MapRenderer } from './render/MapRenderer'
import { writeSeatColumn } from './seatColumn'

/** What the updates reach: the venue, the renderer's copy of it and the seat infos shown. */
export interface VenueUpdatesHost {
  venue(): VenueData | null
  renderer: Pick<MapRenderer, 'setStatuses' | 'setSeatZones' | 'setZoneColors'>
  seatInfos: Pick<SeatInteraction, 'refreshSeatInfos' | 'zonePrices'>
  /** A seat's status or zone changed: the snapshot's statusRevision moves on. */
  seatsChanged(): void
  requestFrame(): void
}

/**
 * The page's changes to a loaded venue, without parsing it again: seat statuses (the live feed,
 * the cart), seat zones (the studio's paint not saved yet), and the zones' colours, names and
 * prices. Each lands in the venue's model now, reaches the renderer as a command (flushed by the
 * next frame) and refreshes the seat infos shown (tooltip, popover, announcement). SeatMapEngine
 * holds one and keeps the public methods, which call it.
 */
export class VenueUpdates {
  /** Zone colours (0xRRGGBB) by zone index, as the renderer draws them. */
  zoneColors: number[] = []

  constructor(private readonly host: VenueUpdatesHost) {}

  /** A new venue: its zones' own colours until the page sets others. */
  venueLoaded(venue: VenueData): void {
    this.zoneColors = venue.zones.map((z) => z.color)
  }

  /** Batched: statuses land in the model now, colours reach the GPU on the next frame. */
  setStatuses(indices: ArrayLike<number>, statuses: ArrayLike<number> | number): void {
    const v = this.host.venue()
    if (!v) return
    writeSeatColumn(v.seats.status, indices, statuses)
    this.host.renderer.setStatuses(indices, statuses)
    this.host.seatsChanged()
    this.host.seatInfos.refreshSeatInfos()
    this.host.requestFrame()
  }

  /**
   * Draws seats as belonging to other zones without parsing again (the studio shows paint not
   * saved yet): writes the seats' zone indexes into the venue's `seats.zone` (one index for all,
   * or one per seat) and hands the change to the renderer the way status changes travel (copied
   * arrays, moved to a worker), so it costs O(changed seats) here and in the renderer.
   * A zone index may be at or past `venue.zones.length` for a zone the venue does not know
   * (one added but not saved): its colour then comes from `setZoneColors(array)`; seat infos show
   * no category name for it. Out-of-range seat indexes are ignored.
   */
  setSeatZones(indices: ArrayLike<number>, zones: ArrayLike<number> | number): void {
    const v = this.host.venue()
    if (!v) return
    writeSeatColumn(v.seats.zone, indices, zones)
    this.host.renderer.setSeatZones(indices, zones)
    this.host.seatsChanged()
    this.host.seatInfos.refreshSeatInfos()
    this.host.requestFrame()
  }

  /** Zone colours (0xRRGGBB) by zone index, or by zone id. */
  setZoneColors(colors: readonly number[] | Record<string, number>): void {
    const v = this.host.venue()
    if (Array.isArray(colors)) this.zoneColors = [...colors]
    else if (v) this.zoneColors = v.zones.map((z, i) => (colors as Record<string, number>)[z.id] ?? this.zoneColors[i] ?? z.color)
    this.host.renderer.setZoneColors(this.zoneColors)
    this.host.requestFrame()
  }

  /**
   * Zone names (the category that tooltips and announcements give a seat) by zone id: a page that
   * changes its language renames the zones without loading the venue again. Unknown ids are left.
   */
  setZoneNames(names: Readonly<Record<string, string>>): void {
    const v = this.host.venue()
    if (!v) return
    let renamed = false
    v.zones.forEach((z, i) => {
      const name = names[z.id]
      if (name === undefined || name === z.name) return
      v.zones[i] = { ...z, name }
      renamed = true
    })
    if (renamed) this.host.seatInfos.refreshSeatInfos()
  }

  /** Prices shown in tooltips and announcements, by zone index or zone id. */
  setZonePrices(prices: readonly (number | null)[] | Record<string, number | null>): void {
    const v = this.host.venue()
    if (Array.isArray(prices)) this.host.seatInfos.zonePrices = [...prices]
    else if (v) this.host.seatInfos.zonePrices = v.zones.map((z) => (prices as Record<string, number | null>)[z.id] ?? null)
    this.host.seatInfos.refreshSeatInfos()
  }
}

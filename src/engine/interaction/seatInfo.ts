import { SeatStatus, type VenueData } from '../model'
import type { VenueText } from './venueText'

/** What the app needs to show or announce about one seat. Plain data, safe to keep in React state. */
export interface SeatInfo {
  index: number
  key: string
  sector: string
  row: string
  number: string
  /** Zone / price category name, '' when none. */
  category: string
  /** Price of the seat's zone as set through `setZonePrices`, or null when unknown. */
  price: number | null
  status: SeatStatus
  /** Centre and radius on screen (container CSS pixels) when the info was made. */
  screen: { x: number; y: number; radius: number }
}

export const STATUS_NAMES: Record<SeatStatus, string> = {
  [SeatStatus.Free]: 'free',
  [SeatStatus.Selected]: 'selected',
  [SeatStatus.Held]: 'held',
  [SeatStatus.Sold]: 'sold',
  [SeatStatus.Unavailable]: 'unavailable',
  [SeatStatus.FilteredOut]: 'filtered out',
}

export function buildSeatInfo(
  venue: VenueData,
  text: VenueText,
  prices: ArrayLike<number | null>,
  i: number,
  screen: { x: number; y: number; radius: number },
): SeatInfo {
  const s = venue.seats
  const zone = s.zone[i]
  const sec = s.sector[i]
  return {
    index: i,
    key: text.get(s.key[i]),
    sector: sec < venue.sectors.count ? text.get(venue.sectors.name[sec]) : '',
    row: text.get(s.row[i]),
    number: text.get(s.number[i]),
    category: venue.zones[zone]?.name ?? '',
    price: zone < prices.length ? (prices[zone] ?? null) : null,
    status: s.status[i] as SeatStatus,
    screen,
  }
}

/** Default English announcement for the aria-live region; the app may pass its own (translated). */
export function describeSeat(info: SeatInfo): string {
  const parts = [
    info.sector && `Sector ${info.sector}`,
    info.row && `row ${info.row}`,
    info.number && `seat ${info.number}`,
    info.category && `category ${info.category}`,
    info.price != null && `price ${info.price}`,
    STATUS_NAMES[info.status],
  ]
  return parts.filter(Boolean).join(', ')
}

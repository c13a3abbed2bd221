import { SeatStatus, type VenueData } from '../model'
import { seatKeyId } from '../seatKeys'
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
    key: text.get(seatKeyId(venue, i)),
    sector: sec < venue.sectors.count ? text.get(venue.sectors.name[sec]) : '',
    row: text.get(s.row[i]),
    number: text.get(s.number[i]),
    category: venue.zones[zone]?.name ?? '',
    price: zone < prices.length ? (prices[zone] ?? null) : null,
    status: s.status[i] as SeatStatus,
    screen,
  }
}

/** The words of a seat's announcement: field names as headings ("Row") and a name per status. */
export interface SeatWords {
  sector: string
  row: string
  seat: string
  category: string
  price: string
  status: Record<SeatStatus, string>
  /** Between the parts of the spoken line; ', ' when not given (Chinese passes full-width '，'). */
  comma?: string
}

/** The engine's own (English) words, used when the app passes none. */
export const ENGLISH_SEAT_WORDS: SeatWords = { sector: 'Sector', row: 'Row', seat: 'Seat', category: 'Category', price: 'Price', status: STATUS_NAMES }

/**
 * The aria-live announcement of a seat in the given words, as one sentence: "Sector A, row 3,
 * seat 7, category …, price …, free". The words are headings, so all but the sector's go lower
 * case; empty fields are left out. `price` formats a known price (the app's money format).
 */
export function seatDescriber(words: SeatWords, price: (p: number) => string = String): (info: Pick<SeatInfo, 'sector' | 'row' | 'number' | 'category' | 'price' | 'status'>) => string {
  const lower = (word: string) => word.toLocaleLowerCase()
  return (info) =>
    [
      info.sector && `${words.sector} ${info.sector}`,
      info.row && `${lower(words.row)} ${info.row}`,
      info.number && `${lower(words.seat)} ${info.number}`,
      info.category && `${lower(words.category)} ${info.category}`,
      info.price != null && `${lower(words.price)} ${price(info.price)}`,
      words.status[info.status],
    ].filter(Boolean).join(words.comma ?? ', ')
}

/** Labels a page gives seats instead of the drawing's (the studio: as queued renames leave them); null keeps the drawing's. */
export type SeatLabelsOf = (seat: SeatInfo) => Pick<SeatInfo, 'sector' | 'row' | 'number'> | null

/** The seat with the labels `labelsOf` gives it: what the tooltip, the popover and the announcement name. */
export function withLabels(seat: SeatInfo, labelsOf?: SeatLabelsOf): SeatInfo {
  const labels = labelsOf?.(seat)
  return labels ? { ...seat, ...labels } : seat
}

/** Default English announcement for the aria-live region; the app passes its own words through seatDescriber. */
export const describeSeat = seatDescriber(ENGLISH_SEAT_WORDS)

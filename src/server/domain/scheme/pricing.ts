import { GIFT_CARD_TICKET_LIMIT, PROCULTURE_NONE, PROCULTURE_ONLY } from '../../../contract/constants'
import type { CartItem } from '../../../contract/entities/cart'
import { paymentMethods, type PaymentFlags } from '../../../contract/rules/payment'
import { ApiFailure } from '../../errors'
import { priceRowView } from '../admission/event-page'
import type { CalendarRow, EventRow, PriceRowDb } from '../events/repository'
import { placeText, type Place } from '../inventory/places'

/**
 * Prices and limits of seat-map tickets, on the events domain's price rows and money rules: a
 * place is priced by the row of its zone (zonelevel) and the chosen client category, with the
 * same gift-card (useproculture) and free-event rules as general admission.
 */

/**
 * The gift card asked on a cart call: only where the event and the shop offer it (paymentMethods;
 * else -9996, the spec's text). The bank card is not judged here: a hold pays nothing, and the
 * order refuses it where the event takes the gift card only.
 */
export function cartGiftCard(event: PaymentFlags, showproculture: number, flag: 0 | 1 | undefined): boolean {
  if (flag !== 1) return false
  if (!paymentMethods(event, showproculture).includes('gift')) throw new ApiFailure('unknown-payment-method')
  return true
}

/** Tickets one order (and so one cart) may hold: demquantlimit, 1 with the gift card. */
export function ticketLimit(event: Pick<EventRow, 'demquantlimit'>, giftCard: boolean): number {
  return giftCard ? Math.min(GIFT_CARD_TICKET_LIMIT, event.demquantlimit) : event.demquantlimit
}

/** The modal.error-limit answer (-9998) with the spec's text and the numbers. */
export function limitFailure(limit: number, asked: number): ApiFailure {
  return new ApiFailure('seat-order-limit', { limit, asked })
}

/** The price row of `place` for a client category, or a clear -1002 saying why there is none. */
export function priceFor(prices: readonly PriceRowDb[], place: Place, categoryId: number, giftCard: boolean, event: Pick<EventRow, 'maybefree'>): PriceRowDb {
  const inZone = prices.filter((p) => p.zone_id === place.zoneId)
  if (inZone.length === 0) throw new ApiFailure('place-not-on-sale', { place: placeText(place) })
  const row = inZone.find((p) => p.client_category_id === categoryId)
  if (!row) throw new ApiFailure('place-no-category', { category: categoryId, place: placeText(place) })
  if (giftCard && row.useproculture === PROCULTURE_NONE) throw new ApiFailure('place-not-gift', { place: placeText(place) })
  if (!giftCard && row.useproculture === PROCULTURE_ONLY) throw new ApiFailure('place-gift-only', { place: placeText(place) })
  if (row.price === 0 && event.maybefree !== 1) throw new ApiFailure('place-no-amount', { place: placeText(place) })
  return row
}

/**
 * The subscription price row (for_subscription = 1) of `place` for a client category, or a clear
 * -1002. Such rows may cost 0 (the subscription already paid), so the free-event rule of
 * priceFor does not apply; the gift card never pays for subscription tickets.
 */
export function subscriptionPriceFor(rows: readonly PriceRowDb[], place: Place, categoryId: number): PriceRowDb {
  const row = rows.find((p) => p.for_subscription === 1 && p.zone_id === place.zoneId && p.client_category_id === categoryId)
  if (!row) throw new ApiFailure('place-not-by-subscription', { place: placeText(place), category: categoryId })
  return row
}

/** A cart item as the contract sends it: the price row's fields plus the place and the count taken. */
export function cartItemView(price: PriceRowDb, calendar: CalendarRow, eventId: number, place: Place, quantity: number): CartItem {
  return {
    ...priceRowView(price, calendar, eventId, quantity),
    calendar_id: calendar.id,
    seat_id: place.key,
    quantity,
    sector: place.kind === 'seat' ? place.sector : place.name,
    row: place.kind === 'seat' ? place.row : '',
    seat: place.kind === 'seat' ? place.seat : '',
  }
}

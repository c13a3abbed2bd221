import type { NumberedTicket } from './lines'
import type { AddToping } from './types'

/**
 * Special-offer selection (001 §4): an item toggles on click; an item that is not selected
 * becomes disabled once the selected items with the same price_id reach its limit; Add is
 * enabled only with something selected. Selection is a set of offer uids.
 */

/** How many selected offers share this price_id. */
export function selectedCount(offers: readonly AddToping[], selected: ReadonlySet<string>, priceId: number): number {
  return offers.filter((o) => o.price_id === priceId && selected.has(o.uid)).length
}

/** A selected item stays enabled (it can always be unselected); others close at the limit. */
export function isOfferDisabled(offer: AddToping, offers: readonly AddToping[], selected: ReadonlySet<string>): boolean {
  if (selected.has(offer.uid)) return false
  return selectedCount(offers, selected, offer.price_id) >= offer.limit
}

/** The selection after a click: toggles the uid unless the item is disabled. */
export function toggleOffer(offer: AddToping, offers: readonly AddToping[], selected: ReadonlySet<string>): Set<string> {
  const next = new Set(selected)
  if (next.has(offer.uid)) next.delete(offer.uid)
  else if (!isOfferDisabled(offer, offers, selected)) next.add(offer.uid)
  return next
}

/**
 * The ticket an offer is for (its parent_id) with its number in the order (numberTickets, the
 * list's numbering): offers are listed per ticket, and the same offer of three tickets alike
 * would read three times the same without it. Null when the line is not among the tickets.
 */
export function offerTicket(tickets: ReadonlyMap<number, NumberedTicket>, offer: Pick<AddToping, 'parent_id'>): NumberedTicket | null {
  return tickets.get(offer.parent_id) ?? null
}

export function canAddOffers(selected: ReadonlySet<string>): boolean {
  return selected.size > 0
}

/** The add-special-offer payload items of the selection, in the offers' order. */
export function offerPayload(offers: readonly AddToping[], selected: ReadonlySet<string>) {
  return offers
    .filter((o) => selected.has(o.uid))
    .map((o) => ({ uid: o.uid, parent_id: o.parent_id, package_id: o.package_id, price_id: o.price_id, cost: o.cost }))
}

import type { AddToping, Toping } from '../../../contract/entities/offers'
import type { Db } from '../../db/connect'
import { ApiFailure } from '../../errors'
import { fitBonuses } from '../loyalty/service'
import { toMajor, toMinor } from '../../../contract/rules/money'
import { deleteOrderService, insertOrderServices, listLineEvents, listOfferableServices, listOrderServices, lockOrder, type OrderServiceRow, type ServiceRow, type TicketLineRow } from '../orders/order.repository'
import { isReturned } from '../orders/money'
import { clockGate, inGatedTransaction, type CommitGate } from '../orders/commit-gate'
import { assertChangeable } from '../orders/state'
import { preparePaymentsForChange } from '../loyalty/amount-change'

export interface OfferItem {
  uid: string
  parent_id: number
  package_id: number
  price_id: number
  cost: number
}

/**
 * Services are addressed by the spec's price_id: our services.id (one price per service).
 * package_id is the service's package, or its id when it has none (the contract needs a
 * positive id).
 */
const packageOf = (s: { id: number; package_id: number }) => (s.package_id > 0 ? s.package_id : s.id)

/** Services already added per service id. */
function countByService(added: readonly { service_id: number }[]): Map<number, number> {
  const out = new Map<number, number>()
  for (const a of added) out.set(a.service_id, (out.get(a.service_id) ?? 0) + 1)
  return out
}

/**
 * toping of the order view: the services added, removable (candelete 1) only while the order may
 * still change (changeRefusal: not paid, not cancelled, reserve time left) and no card-scheme
 * payment is being verified (amount-change.ts), as removeSpecialOffer itself checks. The offers
 * of a returned ticket are left out: they went back with it and are no longer charged
 * (orders/money.ts), and the spec's toping has no field to mark them returned.
 */
export function topingOf(added: readonly OrderServiceRow[], lines: readonly TicketLineRow[], changeable: boolean): Toping[] {
  const returned = new Set(lines.filter((l) => isReturned(l.return_status)).map((l) => l.id))
  const kept = added.filter((a) => a.order_line_id === null || !returned.has(a.order_line_id))
  return kept.map((a) => {
    const parent = lines.find((l) => l.id === a.order_line_id) ?? lines[0]
    return {
      id: a.id,
      parent_id: parent?.id ?? a.id,
      package_id: packageOf({ id: a.service_id, package_id: a.package_id }),
      price_id: a.service_id,
      cost: toMajor(a.cost),
      action: a.event_id ?? parent?.event_id ?? a.service_id,
      limit: a.limit_per_order,
      candelete: changeable ? 1 : 0,
      action_ru: a.name_ru,
      action_en: a.name_en,
      action_kz: a.name_kz,
      action_ch: a.name_ch,
    }
  })
}

/**
 * addToping of the order view: for every ticket line, each active service of its event (or of
 * every event) that still has room; limit = how many more of that service the order may take
 * (the client disables an item once as many of that price_id are selected).
 */
export function addTopingOf(services: readonly ServiceRow[], added: readonly OrderServiceRow[], lines: readonly TicketLineRow[]): AddToping[] {
  const used = countByService(added)
  const out: AddToping[] = []
  for (const line of lines) {
    for (const s of services) {
      if (s.event_id !== null && s.event_id !== line.event_id) continue
      const left = s.limit_per_order - (used.get(s.id) ?? 0)
      if (left <= 0) continue
      out.push({
        uid: `${line.id}:${s.id}`,
        parent_id: line.id,
        package_id: packageOf(s),
        price_id: s.id,
        cost: toMajor(s.price),
        limit: left,
        action_ru: s.name_ru,
        action_en: s.name_en,
        action_kz: s.name_kz,
        action_ch: s.name_ch,
      })
    }
  }
  return out
}

/**
 * POST /api/order/add-special-offer. With the order locked: every item must name a ticket line
 * of the order and an active service of that line's event with its package; the count per
 * service (already added + asked) stays within its limit per order. Prices are the server's;
 * an item whose cost differs from the service's price is refused (the page shows stale
 * prices). All or nothing, committed through `gate` (orders/commit-gate.ts): a request answered
 * "busy" adds nothing.
 */
export async function addSpecialOffers(db: Db, hash: string, items: readonly OfferItem[], now = Date.now(), gate: CommitGate = clockGate(now)): Promise<void> {
  await inGatedTransaction(db, gate, async (trx) => {
    const order = await lockOrder(trx, hash)
    if (!order) throw new ApiFailure('order-not-found', { hash })
    assertChangeable(order, now)
    await preparePaymentsForChange(trx, order.id, now)
    const lines = await listLineEvents(trx, order.id)
    const services = await listOfferableServices(trx, [...new Set(lines.map((l) => l.event_id))])
    const added = await listOrderServices(trx, order.id)
    const counts = countByService(added)
    const rows = items.map((item, i) => {
      const n = i + 1
      const line = lines.find((l) => l.id === item.parent_id)
      if (!line) throw new ApiFailure('offer-line', { n, uid: item.uid, line: item.parent_id })
      const s = services.find((x) => x.id === item.price_id)
      if (!s || (s.event_id !== null && s.event_id !== line.event_id)) throw new ApiFailure('offer-not-available', { n, uid: item.uid, offer: item.price_id })
      if (packageOf(s) !== item.package_id) throw new ApiFailure('offer-package', { n, uid: item.uid, offer: item.price_id, package: item.package_id })
      if (toMinor(item.cost) !== s.price) throw new ApiFailure('offer-price', { n, uid: item.uid, price: toMajor(s.price), cost: item.cost })
      const taken = (counts.get(s.id) ?? 0) + 1
      if (taken > s.limit_per_order) throw new ApiFailure('offer-limit', { n, uid: item.uid, limit: s.limit_per_order })
      counts.set(s.id, taken)
      return { order_id: order.id, order_line_id: line.id, service_id: s.id, cost: s.price, created_at: now }
    })
    await insertOrderServices(trx, rows)
    // The bonuses' rule is kept after every change of the services (loyalty/service.ts).
    await fitBonuses(trx, order, now)
  })
}

/**
 * POST /api/order/remove-special-offer: removes one added service of an unpaid order; bonuses
 * the order can no longer take go back to the card in the same transaction; through `gate`, as
 * addSpecialOffers.
 */
export async function removeSpecialOffer(db: Db, hash: string, id: number, now = Date.now(), gate: CommitGate = clockGate(now)): Promise<void> {
  await inGatedTransaction(db, gate, async (trx) => {
    const order = await lockOrder(trx, hash)
    if (!order) throw new ApiFailure('order-not-found', { hash })
    assertChangeable(order, now)
    await preparePaymentsForChange(trx, order.id, now)
    if (!(await deleteOrderService(trx, order.id, id))) throw new ApiFailure('service-not-found', { id })
    // Less to pay: bonuses that paid for the service go back to the card (loyalty/service.ts).
    await fitBonuses(trx, order, now)
  })
}

import { useRemembered } from '../../state/remembered'
import type { NoSchemeResponse } from '../../../contract/entities/event'
import type { PriceRow } from '../../../contract/entities/price'
import { countOf, isFree, orderLines, quantityOf, rowKey, rowsFor, totals, type Quantities } from '../../kernel/cart'
import { canIncrement, decrement, groupAddAllowed, increment, orderFill, orderLimit, passesUsed, rowMax } from './model/limits'
import type { PaymentMethod } from '../../../contract/rules/payment'
import { rowAllowed } from '../../kernel/payment'
import type { Selection } from '../../../contract/selection'
import type { PriceLine } from './PriceList'

/**
 * The ticket choice of the event page (000 §4): the price rows of the chosen date and time for
 * the payment method, the chosen quantities, every limit, the totals and the order lines.
 * Quantities belong to one date, time, payment method and subscription mode: changing any of
 * them starts from zero (which also hides the form).
 */
export interface TicketChoiceInput {
  data: NoSchemeResponse
  selection: Selection
  method: PaymentMethod
  /** The client's remaining subscription tickets when buying by subscription, else null. */
  subscriptionQuant: number | null
  subscritId?: number
  /** Called when a group ticket would pass the session's remaining passes. */
  onGroupLimit: () => void
}

function isStoredCart(v: unknown): v is { key: string; q: Quantities } {
  if (typeof v !== 'object' || v === null) return false
  const c = v as { key?: unknown; q?: unknown }
  return typeof c.key === 'string' && typeof c.q === 'object' && c.q !== null && Object.values(c.q).every((n) => Number.isInteger(n) && (n as number) >= 0)
}

export function useTicketChoice(input: TicketChoiceInput) {
  const { data, selection, method, subscriptionQuant } = input
  const { date, time } = selection
  const cartKey = `${date}|${time}|${method}|${subscriptionQuant !== null}`
  // Remembered per event in this tab, so the rules or a step back do not lose the choice.
  const [cart, setCart] = useRemembered<{ key: string; q: Quantities }>(`tickets.${data.action.hash_id}`, () => ({ key: cartKey, q: {} }), isStoredCart)
  const q = cart.key === cartKey ? cart.q : {}
  const setQ = (row: PriceRow, value: number) => setCart({ key: cartKey, q: { ...q, [rowKey(row)]: value } })
  const clear = () => setCart({ key: cartKey, q: {} })

  const slot = data.calendar.find((d) => d.day === date)?.times.find((x) => x.time === time)
  // The subscription box switches between subscription prices and normal prices (000 §4).
  const bySubscription = subscriptionQuant !== null
  const listed = (r: PriceRow) => rowAllowed(r, method) && (r.for_subscription === 1) === bySubscription
  const normalRows = rowsFor(data.price, date, time).filter(listed)
  const groupRows = rowsFor(data.ticketPrice, date, time).filter((r) => r.passagequant > 0 && listed(r))
  const info = data.ticketInfo.find((i) => i.day === date && i.time === time)
  const passageLeft = info === undefined ? null : info.passageleft

  const limit = orderLimit({
    demquantlimit: data.action.demquantlimit,
    timeQuantity: slot?.quantity ?? 0,
    subscriptionQuant,
    giftCard: method === 'gift',
  })
  const normalCount = countOf(normalRows, q)
  const groupChosen = groupRows.map((r) => ({ quantity: quantityOf(q, r), passagequant: r.passagequant }))
  const usedPasses = passesUsed(groupChosen)
  // One limit for the whole order, as the server counts it: normal and group tickets share the
  // session's, the subscription's and the gift card's limit, and group tickets count as their
  // passes towards demquantlimit; the normal rows get what the group tickets leave.
  const fill = orderFill(limit, data.action.demquantlimit, normalCount, groupChosen)

  const normalLines: PriceLine[] = normalRows.map((row) => {
    const quantity = quantityOf(q, row)
    return { row, quantity, canAdd: canIncrement(row, quantity, rowMax(row, quantity, fill.tickets, fill.max)) }
  })
  // Group rows keep "+" enabled while the row has stock at all: a pass beyond the session's
  // remaining group limit is refused with the modal.error-limit warning (000 §5).
  const groupLines: PriceLine[] = groupRows.map((row) => ({ row, quantity: quantityOf(q, row), canAdd: row.quantity > 0 }))

  const add = (row: PriceRow) => {
    const current = quantityOf(q, row)
    if (row.passagequant > 0) {
      if (groupAddAllowed(row, current, fill, usedPasses, passageLeft)) setQ(row, current + 1)
      else input.onGroupLimit()
      return
    }
    const next = increment(row, current, rowMax(row, current, fill.tickets, fill.max))
    if (next !== null) setQ(row, next)
  }
  const remove = (row: PriceRow) => setQ(row, decrement(row, quantityOf(q, row)))

  const allRows = [...normalRows, ...groupRows]
  const sums = totals(allRows, q)
  const free = isFree(data.action.maybefree, allRows)
  return {
    slot,
    normalLines,
    groupLines,
    limit,
    normalCount,
    /** The order's tickets, group tickets included, reached its limit (the limit message shows). */
    atLimit: normalRows.length > 0 && limit > 0 && fill.tickets >= fill.max,
    totals: sums,
    free,
    /** Something is chosen: the form shows (000 §4). */
    chosen: sums.count > 0,
    hasRows: allRows.length > 0,
    add,
    remove,
    clear,
    lines: () =>
      date === null || time === null ? [] : orderLines(allRows, q, { day: date, time, subscritId: input.subscritId }),
  }
}

import { describe, expect, it } from 'vitest'
import { ORDER_STATE_WORDS, ORDER_STATES, wasPaid } from '../../../src/contract/admin/sales-export'
import { ORDER_STATUS_CANCELLED, ORDER_STATUS_CONFIRMED, RETURN_STATUS_CONFIRMED, RETURN_STATUS_CONFIRMED_FINAL, RETURN_STATUS_NOT_CONFIRMED } from '../../../src/contract/constants'
import { LANGS } from '../../../src/contract/lang'
import { orderStateOf, returnCounts } from '../../../src/server/admin/order-state'

const NOW = 1_000_000
const paid = { paid: 1, status: ORDER_STATUS_CONFIRMED, reserve_until: NOW - 1 }

/** The one mapping of an order to the console's state (admin/order-state.ts). */
describe('orderStateOf', () => {
  it('a paid order reads paid, partly refunded or refunded by its returned lines (a SUM may come as text)', () => {
    expect(orderStateOf({ ...paid, lines: 3, returned_lines: 0 }, NOW)).toBe('paid')
    expect(orderStateOf({ ...paid, lines: 3, returned_lines: 1 }, NOW)).toBe('partly_refunded')
    expect(orderStateOf({ ...paid, lines: 3, returned_lines: 3 }, NOW)).toBe('refunded')
    expect(orderStateOf({ ...paid, lines: '2', returned_lines: '2' }, NOW)).toBe('refunded')
    // An order read without lines (a left join finding none) is not "all returned".
    expect(orderStateOf({ ...paid, lines: 0, returned_lines: null }, NOW)).toBe('paid')
  })

  it('an unpaid order is cancelled, expired or reserved, whatever its lines', () => {
    const unpaid = { paid: 0, status: ORDER_STATUS_CONFIRMED, lines: 1, returned_lines: 1 }
    expect(orderStateOf({ ...unpaid, status: ORDER_STATUS_CANCELLED, reserve_until: NOW + 1 }, NOW)).toBe('cancelled')
    expect(orderStateOf({ ...unpaid, reserve_until: NOW }, NOW)).toBe('expired')
    expect(orderStateOf({ ...unpaid, reserve_until: String(NOW + 1) }, NOW)).toBe('reserved')
  })

  it('returnCounts counts each order its lines and its returned ones (a requested return is not one)', () => {
    const counts = returnCounts([
      { order_id: 1, return_status: 0 },
      { order_id: 1, return_status: RETURN_STATUS_NOT_CONFIRMED },
      { order_id: 1, return_status: RETURN_STATUS_CONFIRMED },
      { order_id: 2, return_status: RETURN_STATUS_CONFIRMED_FINAL },
    ])
    expect(Object.fromEntries(counts)).toEqual({ 1: { lines: 3, returned_lines: 1 }, 2: { lines: 1, returned_lines: 1 } })
  })

  it('every state is worded in every language, and the paid ones are told apart', () => {
    for (const lang of LANGS) for (const s of ORDER_STATES) expect(ORDER_STATE_WORDS[lang][s], `${lang} ${s}`).toMatch(/\S/)
    expect(ORDER_STATES.filter(wasPaid)).toEqual(['paid', 'partly_refunded', 'refunded'])
  })
})

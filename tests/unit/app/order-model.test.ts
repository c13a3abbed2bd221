import { describe, expect, it } from 'vitest'
import { sameInAll } from '../../../src/contract/lang'
import type { AddToping } from '../../../src/contract/entities/offers'
import type { OrderViewResponse, TicketLine } from '../../../src/contract/entities/orderView'
import { bonusesLeft, canApplyBonuses, isPromoValid, normalizePromo, parseBonuses } from '../../../src/contract/rules/discount'
import { stepSlide, ticketCode, imageSrc } from '../../../src/app/screens/order/model/codes'
import { formatCountdown, secondsLeft } from '../../../src/app/screens/order/model/countdown'
import { addMajor } from '../../../src/contract/rules/money'
import { groupByAction, isSeatLine, numberTickets, quantityPrefix } from '../../../src/app/screens/order/model/lines'
import { canAddOffers, isOfferDisabled, offerPayload, offerTicket, toggleOffer } from '../../../src/app/screens/order/model/offers'
import { defaultPaymentType, payTarget, shouldOfferBeforePay } from '../../../src/app/screens/order/model/payment'
import { isVerifying, needsConfirmation, orderBadge } from '../../../src/app/screens/order/model/status'
import { bankDataFromSearch } from '../../../src/app/screens/order/useOrder'

function line(over: Partial<TicketLine> & { id: number; action_group: number }): TicketLine {
  return {
    ...sameInAll('action', `Action ${over.action_group}`),
    ...sameInAll('address', 'Main street 1'),
    ...sameInAll('seatroot', 'Big hall'),
    ...sameInAll('day_str', '1 December'),
    ...sameInAll('dayofweek', 'Tuesday'),
    ...sameInAll('zonelevel', 'Stalls'),
    ...sameInAll('category', 'Adult'),
    ...sameInAll('sector', ''),
    ...sameInAll('row', ''),
    ...sameInAll('seat', ''),
    day: '2026-12-01',
    time: '19:00',
    age_from: 12,
    quant: 1,
    price: 500,
    cost: 500,
    personname: '',
    tickettype: 1,
    _barcode: '',
    _qrcode: '',
    ticketcode: '000000000001',
    tickethash_id: 'th1',
    candelete: 0,
    rowname: '',
    return_status: 0,
    ...over,
  }
}

function offer(uid: string, priceId: number, limit: number): AddToping {
  return { uid, parent_id: 1, package_id: 1, price_id: priceId, cost: 100, limit, ...sameInAll('action', `Offer ${uid}`) }
}

describe('ticket lines grouped by action', () => {
  it('groups lines by action_group in first-seen order with totals and service fees', () => {
    const main = [
      line({ id: 1, action_group: 7, cost: 500 }),
      line({ id: 2, action_group: 3, cost: 1200.1 }),
      line({ id: 3, action_group: 7, cost: 250.2, quant: 2 }),
    ]
    const groups = groupByAction(main, [{ action_group: 7, cost: 30.05 }, { action_group: 7, cost: 10 }, { action_group: 3, cost: 0 }], 'en')
    expect(groups.map((g) => g.actionGroup)).toEqual([7, 3])
    expect(groups[0].lines.map((l) => l.id)).toEqual([1, 3])
    expect(groups[0].ticketsTotal).toBe(750.2)
    expect(groups[0].serviceFee).toBe(40.05)
    expect(groups[0].total).toBe(790.25)
    expect(groups[1].serviceFee).toBe(0)
    expect(groups[1].total).toBe(1200.1)
    expect(groups[0].name).toBe('Action 7')
    // A returned line (70) is listed but no longer counts.
    const withReturn = groupByAction([...main, line({ id: 4, action_group: 3, cost: 99, return_status: 70 })], [], 'en')
    expect(withReturn[1].lines.map((l) => l.id)).toEqual([2, 4])
    expect(withReturn[1].total).toBe(1200.1)
    expect(groups[0].location).toBe('Big hall')
  })

  it('sums money in cents', () => {
    expect(addMajor([0.1, 0.2])).toBe(0.3)
    expect(addMajor([])).toBe(0)
  })

  it('tells seat lines from general-admission lines and prefixes quantities over 1', () => {
    expect(isSeatLine(line({ id: 1, action_group: 1 }), 'ru')).toBe(false)
    expect(isSeatLine(line({ id: 1, action_group: 1, ...sameInAll('seat', '12') }), 'ru')).toBe(true)
    expect(quantityPrefix(1)).toBe('')
    expect(quantityPrefix(3)).toBe('3 x')
  })
})

describe('payment countdown', () => {
  it('counts down from reservetime and never below 0', () => {
    expect(secondsLeft(900, 1_000_000, 1_000_000)).toBe(900)
    expect(secondsLeft(900, 1_000_000, 1_000_000 + 61_500)).toBe(839)
    expect(secondsLeft(10, 0, 60_000)).toBe(0)
    expect(secondsLeft(10, 5000, 0)).toBe(10)
  })
  it('formats as MM:SS, with hours when needed', () => {
    expect(formatCountdown(0)).toBe('00:00')
    expect(formatCountdown(125)).toBe('02:05')
    expect(formatCountdown(3725)).toBe('1:02:05')
    expect(formatCountdown(-5)).toBe('00:00')
  })
  it('always shows two-digit hours when asked (the time after a count of days)', () => {
    expect(formatCountdown(2874, true)).toBe('00:47:54')
    expect(formatCountdown(3725, true)).toBe('01:02:05')
    expect(formatCountdown(0, true)).toBe('00:00:00')
  })
})

describe('special-offer selection', () => {
  const offers = [offer('a', 10, 2), offer('b', 10, 2), offer('c', 10, 2), offer('d', 20, 1)]
  it('toggles items and disables the rest of a price once its limit is reached', () => {
    let sel = new Set<string>()
    expect(canAddOffers(sel)).toBe(false)
    sel = toggleOffer(offers[0], offers, sel)
    sel = toggleOffer(offers[1], offers, sel)
    expect([...sel]).toEqual(['a', 'b'])
    expect(canAddOffers(sel)).toBe(true)
    expect(isOfferDisabled(offers[2], offers, sel)).toBe(true)
    // A selected item stays enabled, so it can be unselected.
    expect(isOfferDisabled(offers[0], offers, sel)).toBe(false)
    // Another price id is counted on its own.
    expect(isOfferDisabled(offers[3], offers, sel)).toBe(false)
    // A click on a disabled item changes nothing.
    expect([...toggleOffer(offers[2], offers, sel)]).toEqual(['a', 'b'])
    sel = toggleOffer(offers[0], offers, sel)
    expect(isOfferDisabled(offers[2], offers, sel)).toBe(false)
  })
  it("names each offer's ticket by the number the ticket list shows it with, when the server's lines of two sessions interleave", () => {
    // Lines 1 and 3 are one session, 2 another: the list shows 1, 3 under the first session, then 2.
    const groups = groupByAction([line({ id: 1, action_group: 7 }), line({ id: 2, action_group: 3 }), line({ id: 3, action_group: 7 })], [], 'en')
    const tickets = numberTickets(groups)
    const listed = groups.flatMap((g) => g.lines.map((l) => ({ id: l.id, n: tickets.get(l.id)?.n })))
    expect(listed).toEqual([{ id: 1, n: 1 }, { id: 3, n: 2 }, { id: 2, n: 3 }])
    for (const { id, n } of listed) expect(offerTicket(tickets, { parent_id: id })).toEqual({ n, line: expect.objectContaining({ id }) })
    expect(offerTicket(tickets, { parent_id: 99 })).toBeNull()
  })
  it('builds the add payload of the selection', () => {
    expect(offerPayload(offers, new Set(['d']))).toEqual([{ uid: 'd', parent_id: 1, package_id: 1, price_id: 20, cost: 100 }])
  })
})

describe('bonus and promo rules used by the loyalty block', () => {
  it('accepts integer bonuses above 0 and not above the available ones', () => {
    expect(canApplyBonuses(parseBonuses('50'), 100)).toBe(true)
    expect(canApplyBonuses(parseBonuses('100'), 100)).toBe(true)
    expect(canApplyBonuses(parseBonuses('101'), 100)).toBe(false)
    expect(canApplyBonuses(parseBonuses('0'), 100)).toBe(false)
    expect(canApplyBonuses(parseBonuses('1.5'), 100)).toBe(false)
    expect(canApplyBonuses(parseBonuses(''), 100)).toBe(false)
    expect(bonusesLeft(parseBonuses('30'), 100)).toBe(70)
    expect(bonusesLeft(parseBonuses('300'), 100)).toBe(0)
  })
  it('needs 3 characters of promo code, shown upper-cased', () => {
    expect(isPromoValid('ab')).toBe(false)
    expect(isPromoValid('abc')).toBe(true)
    expect(normalizePromo(' spring ')).toBe('SPRING')
  })
})

describe('order status and payment target', () => {
  const base = { paid: 0, demandstatusid: 20, verifyCode: null } as const
  it('derives the badge', () => {
    expect(orderBadge({ ...base, paid: 1 })).toBe('paid')
    expect(orderBadge(base)).toBe('not-paid')
    expect(orderBadge({ ...base, demandstatusid: 90 })).toBe('cancelled')
    expect(orderBadge({ ...base, verifyCode: 4 })).toBe('cancelled')
  })
  it('tells an unpaid order whose card-scheme payment is being verified (code 3)', () => {
    expect(isVerifying({ ...base, verifyCode: 3 })).toBe(true)
    expect(isVerifying({ ...base, paid: 1, verifyCode: 3 })).toBe(false)
    expect(isVerifying(base)).toBe(false)
    expect(isVerifying({ ...base, verifyCode: 0 })).toBe(false)
    expect(isVerifying({ ...base, verifyCode: 4 })).toBe(false)
  })
  it('sends unconfirmed orders to the named-ticket page', () => {
    expect(needsConfirmation({ demandstatusid: 10 })).toBe(true)
    expect(needsConfirmation({ demandstatusid: 20 })).toBe(false)
    expect(needsConfirmation({ demandstatusid: 90 })).toBe(false)
  })
  const pay = (id: number, kind = 'CARD') => ({ creditcompany_id: id, protocol_type: 'sandbox', protocol_kind: kind, ...sameInAll('name', `T${id}`), ...sameInAll('descript', '') })
  it("answers 'no bank' without types and 'unknown bank' for a type without a path", () => {
    const order = { payments: [pay(1), pay(2)], urnPay: { '1': '/api/payment/start/1' } } as Pick<OrderViewResponse, 'payments' | 'urnPay'>
    expect(payTarget(order, 1)).toEqual({ ok: true, typeId: 1 })
    expect(payTarget(order, 2)).toEqual({ ok: false, error: 'unknown-bank', code: '-9996' })
    expect(payTarget(order, null)).toEqual({ ok: false, error: 'unknown-bank', code: '-9996' })
    expect(payTarget({ payments: [], urnPay: {} }, 1)).toEqual({ ok: false, error: 'no-bank', code: '-9995' })
  })
  it('preselects the chosen type, else the first', () => {
    expect(defaultPaymentType({ payments: [pay(1), pay(2)], creditCompanyId: 2 })).toBe(2)
    expect(defaultPaymentType({ payments: [pay(1), pay(2)], creditCompanyId: 9 })).toBe(1)
    expect(defaultPaymentType({ payments: [], creditCompanyId: null })).toBe(null)
  })
  it('asks about offers before paying only when offers exist and none was added', () => {
    const t = { id: 1, parent_id: 1, package_id: 1, price_id: 1, cost: 1, action: 1, limit: 1, candelete: 1, ...sameInAll('action', 'x') }
    expect(shouldOfferBeforePay({ addToping: [offer('a', 1, 1)], toping: [] })).toBe(true)
    expect(shouldOfferBeforePay({ addToping: [offer('a', 1, 1)], toping: [t] })).toBe(false)
    expect(shouldOfferBeforePay({ addToping: [], toping: [] })).toBe(false)
  })
})

describe('ticket codes and bank return data', () => {
  it('picks the QR for type 1 and the barcode otherwise, with the spec sizes', () => {
    expect(ticketCode({ tickettype: 1, _qrcode: 'AAA', _barcode: 'BBB' })).toEqual({ kind: 'qr', src: 'data:image/png;base64,AAA', width: 180, height: 180 })
    expect(ticketCode({ tickettype: 3, _qrcode: 'AAA', _barcode: 'BBB' })).toEqual({ kind: 'barcode', src: 'data:image/png;base64,BBB', width: 240, height: 102 })
    expect(imageSrc('data:image/png;base64,X')).toBe('data:image/png;base64,X')
    expect(imageSrc('')).toBe('')
  })
  it('clamps slide steps', () => {
    expect(stepSlide(0, -1, 3)).toBe(0)
    expect(stepSlide(2, 1, 3)).toBe(2)
    expect(stepSlide(1, 1, 3)).toBe(2)
  })
  it('keeps the bank query apart from our lang and sub', () => {
    expect(bankDataFromSearch('?lang=en&sub=1')).toBeUndefined()
    expect(bankDataFromSearch('?lang=en&orderId=5&code=0')).toEqual({ orderId: '5', code: '0' })
  })
})

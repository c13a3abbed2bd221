import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toMinor } from '../../src/contract/rules/money'
import { TEST_DBS, type TestServer } from '../support/server'
import { signedIn, type AdminClient } from './admin-helpers'
import { visitor } from './order-fixtures'
import { paymentRow } from './payment-fixtures'
import { mailedRefundSum, type Inbox } from './return-helpers'
import { cardBalance, memberOrder, returnTickets, setCardBalance, startReturnShop, viewSums, type ReturnShop } from './return-money-helpers'

/**
 * Bonuses an order earned that its return can no longer take back from the card (spent since,
 * say on another order) are kept back from the money refunded (returns/refund-payment.ts
 * refundOfReturned, orders/money.ts bonusWithheld), on both databases: buying, spending the
 * bonuses and returning earns nothing, the card never goes below zero, the refund never below
 * zero, and the return page and the request's e-mail show the refund the confirm makes. Fixture
 * tickets cost 1650 ₽ (1500 + 150 fee); a member earns 5 % of what they pay in whole bonuses,
 * and a bonus pays 1 ₽ (BONUS_MINOR, 100 minor units).
 */
describe.each(TEST_DBS)('earned bonuses a return cannot take back on %s', (dbKind) => {
  let server: TestServer
  let inbox: Inbox
  let shop: ReturnShop
  let boxoffice: AdminClient

  beforeAll(async () => {
    shop = await startReturnShop(dbKind)
    ;({ server, inbox } = shop)
    boxoffice = await signedIn(server, 'boxoffice')
  })
  afterAll(() => shop?.close())

  const balance = () => cardBalance(shop)
  const setBalance = (n: number) => setCardBalance(shop, n)
  /** The order's refunds, oldest first: [sent, kept back for bonuses], minor units. */
  const refunds = async (orderId: number) =>
    (await server.db.selectFrom('refunds').select(['amount', 'bonus_withheld']).where('order_id', '=', orderId).orderBy('id').execute()).map((r) => [Number(r.amount), Number(r.bonus_withheld)])
  /** The card's history of one order: [kind, amount], oldest first. */
  const history = async (orderId: number) =>
    (await server.db.selectFrom('bonus_transactions').select(['kind', 'amount']).where('order_id', '=', orderId).orderBy('id').execute()).map((t) => [t.kind, Number(t.amount)])
  /** What the return page shows each line refunds (summa, roubles), by line id. */
  const preview = async (hash: string) => {
    const body = (await (await visitor(server.url)).post<{ error_code: string; rows: { id: number; summa: number; status_id: number }[] }>(`/api/order/return/${hash}`, { hash, lang: 'ru' })).body
    expect(body.error_code).toBe('0')
    return new Map(body.rows.map((r) => [r.id, r.summa]))
  }
  /** The order's history in the console's order view. */
  const careHistory = async (orderId: number) => {
    const res = await boxoffice.get<{ history: { kind: string; amount?: number; withheld?: number }[] }>(`/api/admin/orders/${orderId}`)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return res.body.history
  }

  it('refunds in full when the earned bonuses are still on the card', async () => {
    await setBalance(0)
    const a = await memberOrder(shop, 1, 0)
    expect(await balance()).toBe(82)
    expect((await preview(a.hash)).get(a.lines[0].id)).toBe(1650)
    expect((await returnTickets(shop, a.hash, [a.lines[0].id])).summa).toBe(1650)
    expect(mailedRefundSum(inbox, a.hash)).toMatch(/1.?650/)
    expect(await balance()).toBe(0)
    expect(await refunds(a.id)).toEqual([[165_000, 0]])
    // Nothing kept back: the order view names none.
    expect((await careHistory(a.id)).filter((h) => h.kind === 'returned')).toEqual([{ at: expect.any(Number), kind: 'returned', detail: '', amount: 165_000 }])
  })

  it('keeps back what the card spent on another order: buy A, spend its bonuses on B, return A', async () => {
    await setBalance(0)
    // A: 1650 ₽ by card earns 82. B: those 82 spent, 1568 ₽ by card earns 78.
    const a = await memberOrder(shop, 1, 0)
    expect(await balance()).toBe(82)
    const b = await memberOrder(shop, 1, 82)
    expect((await paymentRow(server.db, b.publicId!)).amount).toBe(156_800)
    expect(await balance()).toBe(78)
    // Returning A takes back the 78 the card holds; the other 4 bonuses (4 ₽) come off the money.
    expect((await preview(a.hash)).get(a.lines[0].id)).toBe(1646)
    expect((await returnTickets(shop, a.hash, [a.lines[0].id])).summa).toBe(1646)
    expect(mailedRefundSum(inbox, a.hash)).toMatch(/1.?646/)
    expect(await balance()).toBe(0)
    expect(await history(a.id)).toEqual([['accrual', 82], ['revoke', -78]])
    expect(await refunds(a.id)).toEqual([[164_600, 400]])
    // The operator's order view says the same of the visitor's return.
    expect((await careHistory(a.id)).filter((h) => h.kind === 'returned')).toEqual([expect.objectContaining({ amount: 164_600, withheld: 400 })])
    // The payment has nothing left to give; the order view says what went back.
    expect((await paymentRow(server.db, a.publicId!)).status).toBe('refunded')
    expect(await viewSums(shop, a.hash)).toMatchObject({ refunded: 1646 })
    // The returned line shows what it refunded.
    expect((await preview(a.hash)).get(a.lines[0].id)).toBe(1646)
  })

  it('keeps back all of them when the card holds none, and the card stays at zero', async () => {
    // A earns 82 on top of 1568; B, paid wholly by bonuses, spends all 1650 (and earns nothing).
    await setBalance(1568)
    const a = await memberOrder(shop, 1, 0)
    expect(await balance()).toBe(1650)
    const b = await memberOrder(shop, 1, 1650)
    expect(b.publicId).toBeNull()
    expect(await balance()).toBe(0)
    expect((await preview(a.hash)).get(a.lines[0].id)).toBe(1568)
    expect((await returnTickets(shop, a.hash, [a.lines[0].id])).summa).toBe(1568)
    expect(await balance()).toBe(0)
    expect(await history(a.id)).toEqual([['accrual', 82]])
    expect(await refunds(a.id)).toEqual([[156_800, 8200]])
  })

  it('does not give the kept-back money back with a later return of the same order', async () => {
    await setBalance(0)
    // A: 2 × 1650 ₽ earns 165 (83 on the first ticket, 82 on the second). B spends them all and earns 74.
    const a = await memberOrder(shop, 2, 0)
    expect(await balance()).toBe(165)
    await memberOrder(shop, 1, 165)
    expect(await balance()).toBe(74)
    const [first, second] = a.lines.map((l) => l.id)
    // The page gives each row its part of the 74 held (38 and 36, by the 83 and 82 earned), so the rows add up to the refund of both.
    expect(Object.fromEntries(await preview(a.hash))).toEqual({ [first]: 1605, [second]: 1604 })
    // Returned alone, the first refunds what its row said: its 38 of the card taken back, its other 45 ₽ kept; its request's e-mail says the same.
    expect((await returnTickets(shop, a.hash, [first])).summa).toBe(1605)
    expect(mailedRefundSum(inbox, a.hash)).toMatch(/1.?605/)
    expect(await balance()).toBe(36)
    // The second's 82 bonuses: the 36 left on the card taken back, 46 ₽ off what the payment has left (1650 ₽, the 45 ₽ kept not among it).
    expect((await preview(a.hash)).get(second)).toBe(1604)
    expect((await returnTickets(shop, a.hash, [second])).summa).toBe(1604)
    expect(await refunds(a.id)).toEqual([
      [160_500, 4500],
      [160_400, 4600],
    ])
    // 3300 ₽ paid, 165 bonuses earned, 74 taken back: 91 ₽ kept, nothing more.
    expect((await paymentRow(server.db, a.publicId!)).status).toBe('refunded')
    expect(await viewSums(shop, a.hash)).toMatchObject({ refunded: 3209 })
    expect(await balance()).toBe(0)
  })

  it('never shows the ticked rows refunding more than the confirm does when the card holds part of their bonuses', async () => {
    await setBalance(0)
    // A: 2 × 1650 ₽ earns 165 (83 and 82); B spends them all and earns 74, which the card holds.
    const a = await memberOrder(shop, 2, 0)
    await memberOrder(shop, 1, 165)
    expect(await balance()).toBe(74)
    const ids = a.lines.map((l) => l.id)
    // Both ticked: the page's rows add up to what the confirm refunds, 3300 ₽ less the 91 bonuses the card cannot give back.
    const rows = await preview(a.hash)
    const shown = ids.reduce((sum, id) => sum + toMinor(rows.get(id)!), 0)
    expect(shown).toBe(320_900)
    const answer = await returnTickets(shop, a.hash, ids)
    expect(toMinor(answer.summa!)).toBe(shown)
    expect(mailedRefundSum(inbox, a.hash)).toMatch(/3.?209/)
    expect(await refunds(a.id)).toEqual([[320_900, 9100]])
    expect(await balance()).toBe(0)
  })

  it('keeps back the same on the console refund, and audits it', async () => {
    await setBalance(0)
    const a = await memberOrder(shop, 1, 0)
    await memberOrder(shop, 1, 82)
    expect(await balance()).toBe(78)
    const answer = await boxoffice.post<{ amount: number }>(`/api/admin/orders/${a.id}/refund`, {})
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body.amount).toBe(164_600)
    expect(await balance()).toBe(0)
    expect(await refunds(a.id)).toEqual([[164_600, 400]])
    // The operator's order view says what the refund sent and what it kept back (the console names it).
    expect(answer.body).toMatchObject({ withheld: 400 })
    expect((await careHistory(a.id)).filter((h) => h.kind === 'refunded')).toEqual([expect.objectContaining({ amount: 164_600, withheld: 400 })])
    const audit = await server.db.selectFrom('audit_log').select('after_json').where('entity', '=', 'order').where('entity_id', '=', String(a.id)).where('action', '=', 'refund').executeTakeFirstOrThrow()
    expect(JSON.parse(audit.after_json!)).toMatchObject({ amount: 164_600, bonusWithheld: 400 })
  })

  it('refunds in full when the venue cancels the session: the bonuses spent are the venue\'s loss', async () => {
    await setBalance(0)
    // A, on a session of its own (1000 ₽, no fee), earns 50; they are spent, and the card holds 20 when the venue cancels.
    const a = await memberOrder(shop, 1, 0, { event: shop.fx.race })
    expect(await balance()).toBe(50)
    await setBalance(20)
    const manager = await signedIn(server, 'manager')
    const res = await manager.post(`/api/admin/sessions/${shop.fx.race.calendarId}/cancel`, { confirm: true })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    // The whole 1000 ₽ back, nothing kept for the 30 spent; the 20 the card holds are taken back.
    expect(await refunds(a.id)).toEqual([[100_000, 0]])
    expect(await history(a.id)).toEqual([['accrual', 50], ['revoke', -20]])
    expect(await balance()).toBe(0)
    const audit = await server.db.selectFrom('audit_log').select('after_json').where('entity', '=', 'order').where('entity_id', '=', String(a.id)).where('action', '=', 'refund').executeTakeFirstOrThrow()
    expect(JSON.parse(audit.after_json!)).toMatchObject({ amount: 100_000, reason: 'session-cancelled' })
  })
})

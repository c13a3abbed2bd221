import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ErrorCode } from '../../src/contract/errors'
import { toMajor, toMinor } from '../../src/contract/rules/money'
import { TEST_DBS, type TestServer } from '../support/server'
import { signedIn, type AdminClient } from './admin-helpers'
import { visitor } from './order-fixtures'
import { decodeMessage, mailedRefundSum, nextReturnLink, type Inbox } from './return-helpers'
import { addPercentPromo, cardBalance, memberOrder, returnTickets, setCardBalance, startReturnShop, type ReturnShop } from './return-money-helpers'

/**
 * One money rule for the return page (returns/row-amounts.ts): what a row shows, and what any
 * ticked rows add up to, is exactly what the confirm then refunds, on both databases, for an
 * order paid partly with bonuses and a percent promo code whose earned bonuses the card has
 * partly spent since (so the refund keeps some of their value back: orders/money.ts
 * bonusWithheld). Fixture tickets cost 1650 ₽ (1500 + 150 fee); a member earns 5 % of what they
 * pay in whole bonuses, a bonus pays 1 ₽.
 */
describe.each(TEST_DBS)('the return page shows what the return refunds on %s', (dbKind) => {
  let server: TestServer
  let inbox: Inbox
  let shop: ReturnShop
  let boxoffice: AdminClient

  beforeAll(async () => {
    shop = await startReturnShop(dbKind)
    ;({ server, inbox } = shop)
    await addPercentPromo(shop, 'ROWS10', 10)
    boxoffice = await signedIn(server, 'boxoffice')
  })
  afterAll(() => shop?.close())

  const balance = () => cardBalance(shop)
  const setBalance = (n: number) => setCardBalance(shop, n)
  /** The refunds of an order, minor units, oldest first. */
  const refunded = async (orderId: number) => (await server.db.selectFrom('refunds').select('amount').where('order_id', '=', orderId).orderBy('id').execute()).map((r) => Number(r.amount))
  /** What the return page shows each open line refunds (summa), minor units, by line id. */
  const rows = async (hash: string) => {
    const body = (await (await visitor(server.url)).post<{ error_code: string; rows: { id: number; summa: number; status_id: number }[] }>(`/api/order/return/${hash}`, { hash, lang: 'ru' })).body
    expect(body.error_code).toBe('0')
    return new Map(body.rows.filter((r) => r.status_id === 0).map((r) => [r.id, toMinor(r.summa)]))
  }
  it('a ticket returned alone, then two ticked together, then the last: each refund is what its rows showed', async () => {
    await setBalance(30)
    // A: 4 tickets with 10 % off and 30 bonuses spent; it earns 5 % of what it paid. B then spends
    // most of what A earned, so the card holds only part of A's earned bonuses when A is returned.
    const a = await memberOrder(shop, 4, 30, { promoCode: 'ROWS10' })
    const earned = await balance()
    expect(earned).toBeGreaterThan(100)
    await memberOrder(shop, 1, earned - 20)
    expect(await balance()).toBeLessThan(earned / 2)
    const ids = a.lines.map((l) => l.id)

    // One ticket alone: the confirm refunds exactly its row, and its e-mail says the same.
    const before = await rows(a.hash)
    expect([...before.keys()]).toEqual(ids)
    const alone = await returnTickets(shop, a.hash, [ids[1]])
    expect(toMinor(alone.summa!)).toBe(before.get(ids[1]))
    expect(toMinor(Number(mailedRefundSum(inbox, a.hash)!.replace(/[^\d,.]/g, '').replace(',', '.')))).toBe(before.get(ids[1]))

    // Two of the three left, ticked together: their rows' sum.
    const next = await rows(a.hash)
    const pair = await returnTickets(shop, a.hash, [ids[0], ids[3]])
    expect(toMinor(pair.summa!)).toBe(next.get(ids[0])! + next.get(ids[3])!)

    // The last: its row.
    const last = await rows(a.hash)
    expect([...last.keys()]).toEqual([ids[2]])
    expect(toMinor((await returnTickets(shop, a.hash, [ids[2]])).summa!)).toBe(last.get(ids[2]))
    expect(await refunded(a.id)).toEqual([before.get(ids[1]), next.get(ids[0])! + next.get(ids[3])!, last.get(ids[2])])
    expect(await balance()).toBeGreaterThanOrEqual(0)
  })

  /** An order whose earned bonuses the card holds only part of, so returning one ticket changes what the others refund. */
  async function shortOrder() {
    await setBalance(30)
    const a = await memberOrder(shop, 3, 30, { promoCode: 'ROWS10' })
    await memberOrder(shop, 1, (await balance()) - 20)
    return a
  }
  type Answer = { errorCode: string; errorText: string; summa?: number }
  /** The page's return-create, with the refund it showed for the tickets. */
  const create = async (hash: string, ids: number[], summa: number) => (await visitor(server.url)).post<Answer>('/api/order/return-create', { hash, lang: 'ru', reason: shop.reasons[0], id: ids, summa: toMajor(summa) })
  /** The page's return-confirm from the link, with the refund it showed. */
  const confirm = async (hash: string, hashConf: string, summa: number) => (await visitor(server.url)).post<Answer>('/api/order/return-confirm', { hash, lang: 'ru', hashConf, summa: toMajor(summa) })
  const lineStatuses = async (orderId: number) => (await server.db.selectFrom('order_lines').select('return_status').where('order_id', '=', orderId).orderBy('id').execute()).map((l) => Number(l.return_status))
  const changed = (answer: { status: number; body: Answer }) => {
    expect(answer.status, JSON.stringify(answer.body)).toBe(409)
    expect(answer.body).toEqual({ errorCode: ErrorCode.AMOUNT_CHANGED, errorText: expect.stringContaining('Сумма возврата изменилась') })
  }

  /**
   * The member buys another ticket in another tab, 50 bonuses off, and earns 5 % of it: the card's
   * balance moves, and with it what the order's earned bonuses keep back of its refunds.
   */
  const anotherTab = () => memberOrder(shop, 1, 50)

  it('refuses a request whose shown refund went stale (the card changed in another tab), doing nothing, and takes the fresh one', async () => {
    const a = await shortOrder()
    const second = a.lines[1].id
    const shown = await rows(a.hash)
    await anotherTab()
    const fresh = await rows(a.hash)
    expect(fresh.get(second)).not.toBe(shown.get(second))
    const mails = inbox.messages.length
    changed(await create(a.hash, [second], shown.get(second)!))
    // Nothing done: the ticket is still returnable, no request, no e-mail.
    expect(await lineStatuses(a.id)).toEqual([0, 0, 0])
    expect(await server.db.selectFrom('return_requests').select('id').where('order_id', '=', a.id).execute()).toHaveLength(0)
    expect(inbox.messages.filter((raw) => decodeMessage(raw).includes(`/order/return/${a.hash}?hash_conf=`))).toHaveLength(0)
    // With what the reloaded page shows, it is taken, and the confirm refunds exactly that.
    const created = await create(a.hash, [second], fresh.get(second)!)
    expect(created.body.errorCode, JSON.stringify(created.body)).toBe('0')
    const { hashConf } = await nextReturnLink(inbox, mails, a.hash)
    const done = await confirm(a.hash, hashConf, fresh.get(second)!)
    expect(done.body.errorCode, JSON.stringify(done.body)).toBe('0')
    expect(toMinor(done.body.summa!)).toBe(fresh.get(second))
  })

  it('refuses a confirmation whose shown refund went stale (the order returned another ticket at the box office), rolling it back whole, and takes the fresh one', async () => {
    const a = await shortOrder()
    const [first, second] = a.lines.map((l) => l.id)
    const shown = await rows(a.hash)
    const mails = inbox.messages.length
    expect((await create(a.hash, [second], shown.get(second)!)).body.errorCode).toBe('0')
    const { hashConf } = await nextReturnLink(inbox, mails, a.hash)
    // Before the link is opened, the box office refunds the first ticket, and the card changes in another tab.
    const refund = await boxoffice.post(`/api/admin/orders/${a.id}/refund`, { lineIds: [first] })
    expect(refund.status, JSON.stringify(refund.body)).toBe(200)
    await anotherTab()
    const cardBefore = await balance()
    changed(await confirm(a.hash, hashConf, shown.get(second)!))
    // Rolled back: the ticket still waits for this link, no refund, the card untouched.
    expect(await lineStatuses(a.id)).toEqual([70, 60, 0])
    expect(await refunded(a.id)).toHaveLength(1)
    expect(await balance()).toBe(cardBefore)
    // The page, reloaded from the link, shows the new refund; confirming it refunds exactly that.
    const fresh = await rows(a.hash)
    expect(fresh.has(second)).toBe(false)
    const body = (await (await visitor(server.url)).post<{ rows: { id: number; summa: number }[] }>(`/api/order/return/${a.hash}`, { hash: a.hash, lang: 'ru', hashConf })).body
    const now = toMinor(body.rows.find((r) => r.id === second)!.summa)
    expect(now).not.toBe(shown.get(second))
    const done = await confirm(a.hash, hashConf, now)
    expect(done.body.errorCode, JSON.stringify(done.body)).toBe('0')
    expect(toMinor(done.body.summa!)).toBe(now)
    expect(await lineStatuses(a.id)).toEqual([70, 70, 0])
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PRICE_CURRENCY_PERCENT } from '../../src/contract/constants'
import { noSchemeResponseSchema } from '../../src/contract/entities/event'
import { orderViewResponseSchema } from '../../src/contract/entities/orderView'
import { orderLines, rowKey, totals } from '../../src/app/kernel/cart'
import { groupByAction } from '../../src/app/screens/order/model/lines'
import { TEST_DBS, type TestServer } from '../support/server'
import { visitor, type Fixtures } from './order-fixtures'
import { decide, pathOf, paymentRow, startPay, startPaymentShop, type PaymentFx } from './payment-fixtures'
import { formatMoney } from '../../src/contract/rules/moneyText'

/** How long the test waits for the queued paid e-mail to reach the outbox. */
const MAIL_WAIT_MS = 10_000
const POLL_MS = 100
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/**
 * One total everywhere (issue 13.2 and issue 14 item 2), through the real server: the event
 * page's own cart arithmetic on the rows /api/no-scheme sends, the order it creates with the
 * line sums it sends, the order view (and the page's grouping of it), the payment amount and the
 * paid e-mail. The rows include the rounding case of the issue: 3 × 333.33 ₽ at 5 %.
 */
describe.each(TEST_DBS)('one total from cart to e-mail on %s', (dbKind) => {
  let server: TestServer
  let fx: Fixtures
  let pfx: PaymentFx

  beforeAll(async () => {
    ;({ server, fx, pfx } = await startPaymentShop(dbKind))
    const category = await server.db.insertInto('client_categories').values({ name_ru: 'Студент', name_en: 'Student' }).returning('id').executeTakeFirstOrThrow()
    // 333.33 ₽ with a 5 % fee (stored: kopecks, hundredths of a percent).
    await server.db
      .insertInto('prices')
      .values({ calendar_id: fx.basic.calendarId, client_category_id: category.id, zone_id: fx.basic.prices.adult.zoneId, price: 33_333, quantity: 50, priceservise: 500, currency_id: PRICE_CURRENCY_PERCENT })
      .execute()
  })
  afterAll(async () => {
    await server?.close()
  })

  it('cart, order, order view, payment and e-mail show the same total; the 5 % fee of 3 × 333.33 ₽ is 50.01 ₽', async () => {
    const v = await visitor(server.url)
    const page = noSchemeResponseSchema.parse((await v.post('/api/no-scheme', { hash: fx.basic.hash, lang: 'ru' })).body)
    const rows = page.price.filter((r) => r.action_day === fx.basic.day)
    const student = rows.find((r) => r.price === 333.33)!
    const adult = rows.find((r) => r.price === fx.basic.prices.adult.price)!
    const q = { [rowKey(student)]: 3, [rowKey(adult)]: 2 }
    const cart = totals(rows, q)
    // 3 × (333.33 + 16.67) + 2 × (1500 + 150)
    expect(cart).toEqual({ count: 5, tickets: 3999.99, fee: 350.01, total: 4350 })

    const created = await v.post<{ errorCode: string; errorText: string; hash: string }>('/api/order/create', {
      fio: 'Иван Петров', phone: '+79161234567', email: 'ivan@example.org', re_email: 'ivan@example.org', lang: 'ru', hash: fx.basic.hash,
      data: orderLines(rows, q, { day: fx.basic.day, time: fx.basic.time }),
      checkboxList: fx.checkboxes.required.map((id) => ({ id, checked: 1 })),
    })
    expect(created.body, created.body.errorText).toMatchObject({ errorCode: '0' })
    const hash = created.body.hash
    const order = await server.db.selectFrom('orders').select(['total', 'service_total']).where('hash', '=', hash).executeTakeFirstOrThrow()
    expect(order).toEqual({ total: 435_000, service_total: 35_001 })

    const view = orderViewResponseSchema.parse((await v.post('/api/order/view', { hash, lang: 'ru' })).body)
    expect(view.demsumma).toBe(cart.total)
    expect(view.cost).toBe(cart.total)
    // The page's groups: lines carry ticket prices, the fee comes once.
    const groups = groupByAction(view.main, view.service, 'ru')
    expect(groups).toHaveLength(1)
    expect(groups[0]).toMatchObject({ ticketsTotal: 3999.99, serviceFee: 350.01, total: 4350 })

    const start = await startPay(v, hash, pfx.types.card)
    expect(start.body.errorCode).toBe('0')
    const publicId = pathOf(start.body.bankUrl!).split('/').pop()!
    expect((await paymentRow(server.db, publicId)).amount).toBe(435_000)
    expect((await decide(v, publicId, 'approve')).status).toBe(303)

    // The paid e-mail (queued after the callback) states the same total.
    const deadline = Date.now() + MAIL_WAIT_MS
    let mail: { text_body: string } | undefined
    while (!mail && Date.now() < deadline) {
      mail = await server.db.selectFrom('mail_outbox').select('text_body').where('text_body', 'like', `%${hash}%`).executeTakeFirst()
      if (!mail) await sleep(POLL_MS)
    }
    expect(mail?.text_body).toContain(`Сумма заказа: ${formatMoney(4350, 'ru', 'RUB')}`)
  })
})

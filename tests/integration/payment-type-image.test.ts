import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calls } from '../../src/contract/calls'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { seedOrderFixtures, visitor, type Fixtures } from './order-fixtures'
import { placeOrder, seedPaymentFixtures, type PaymentFx } from './payment-fixtures'

/** The operator's artwork for the card type: a small SVG (any image the images table holds). */
const ARTWORK = '<svg xmlns="http://www.w3.org/2000/svg" width="48" height="28" viewBox="0 0 48 28"><rect width="48" height="28" fill="#0f754e"/></svg>'
const ARTWORK_FILE = 'payment-card-artwork.svg'

/** A payment type's own image (issue 13 item 18): stored by the operator, offered in the order view, served. */
describe.each(TEST_DBS)('payment type images on %s', (dbKind) => {
  let server: TestServer
  let fx: Fixtures
  let pfx: PaymentFx

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind, env: { DEMO_DATA: '0' } })
    fx = await seedOrderFixtures(server.db)
    pfx = await seedPaymentFixtures(server.db)
  })
  afterAll(async () => {
    await server?.close()
  })

  const payments = async (hash: string) => {
    const res = await (await visitor(server.url)).post('/api/order/view', { hash, lang: 'en' })
    expect(res.status).toBe(200)
    return calls.orderView.response.parse(res.body).payments
  }

  it('offers each type with its own image when it has one, and an empty image_url when not', async () => {
    const hash = await placeOrder(await visitor(server.url), fx, fx.basic, 'adult', 1)
    const before = await payments(hash)
    expect(before.length).toBeGreaterThan(1)
    for (const p of before) expect(p.image_url).toBe('')

    const image = await server.db.insertInto('images').values({ file_name: ARTWORK_FILE, mime: 'image/svg+xml', width: 48, height: 28, body: ARTWORK })
      .returning('id').executeTakeFirstOrThrow()
    await server.db.updateTable('payment_types').set({ image_id: image.id }).where('id', '=', pfx.types.card).execute()
    const after = await payments(hash)
    expect(after.find((p) => p.creditcompany_id === pfx.types.card)!.image_url).toBe(`/media/images/${ARTWORK_FILE}`)
    for (const p of after.filter((t) => t.creditcompany_id !== pfx.types.card)) expect(p.image_url).toBe('')

    // The URL serves the operator's image as it was stored.
    const served = await fetch(new URL(`/media/images/${ARTWORK_FILE}`, server.url))
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toMatch(/^image\/svg\+xml/)
    expect(await served.text()).toBe(ARTWORK)

    // Removing the image leaves the type without one (set null), never a broken link.
    await server.db.deleteFrom('images').where('id', '=', image.id).execute()
    expect((await payments(hash)).find((p) => p.creditcompany_id === pfx.types.card)!.image_url).toBe('')
  })
})

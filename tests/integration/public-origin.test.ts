import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_DBS } from '../support/server'
import { visitor } from './order-fixtures'
import { placeOrder, startPaymentShop as shop, type PaymentShop as Shop, type StartAnswer } from './payment-fixtures'

/** Starts a card payment of a fresh order with extra request headers; answers where the bank page is. */
async function bankUrl(s: Shop, headers: Record<string, string> = {}): Promise<string> {
  const v = await visitor(s.server.url)
  const hash = await placeOrder(v, s.fx, s.fx.basic, 'adult', 1)
  const res = await v.fetch(`/api/payment/start/${s.pfx.types.card}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': v.token, 'x-requested-with': 'XMLHttpRequest', ...headers },
    body: JSON.stringify({ hash, lang: 'ru' }),
  })
  const body = (await res.json()) as StartAnswer
  expect(body.errorCode, body.errorText).toBe('0')
  return body.bankUrl!
}

/**
 * Bank redirects are built on the visitor's own address when PUBLIC_URL is unset (issue 13.19),
 * so a visitor on 127.0.0.1 or another port comes back to the same origin and keeps the session
 * cookie; forwarded headers count only when TRUST_PROXY trusts the proxy; PUBLIC_URL wins when set.
 */
describe.each(TEST_DBS)('links back to the visitor on %s', (dbKind) => {
  let open: Shop
  let direct: Shop
  let fixed: Shop

  beforeAll(async () => {
    open = await shop(dbKind, { TRUST_PROXY: 'loopback' })
    direct = await shop(dbKind, { TRUST_PROXY: '0' })
    fixed = await shop(dbKind, { TRUST_PROXY: 'loopback', PUBLIC_URL: 'https://tickets.example.org' })
  })
  afterAll(async () => {
    await Promise.all([open?.server.close(), direct?.server.close(), fixed?.server.close()])
  })

  it('without PUBLIC_URL the bank page and its way back are on the address the visitor used', async () => {
    // The test server listens on 127.0.0.1:<random port>; the configured fallback is localhost.
    expect(open.server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(open.server.config.publicUrl).toMatch(/^http:\/\/localhost:\d+$/)
    const url = await bankUrl(open)
    expect(url.startsWith(`${open.server.url}/sandbox-bank/pay/`)).toBe(true)
  })

  it('behind a trusted proxy the forwarded scheme and host are used', async () => {
    const url = await bankUrl(open, { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'shop.example.net' })
    expect(url.startsWith('https://shop.example.net/sandbox-bank/pay/')).toBe(true)
  })

  it('without TRUST_PROXY forwarded headers are ignored', async () => {
    const url = await bankUrl(direct, { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'shop.example.net' })
    expect(url.startsWith(`${direct.server.url}/sandbox-bank/pay/`)).toBe(true)
  })

  it('PUBLIC_URL, when set, is used whatever the request says', async () => {
    expect((await bankUrl(fixed)).startsWith('https://tickets.example.org/sandbox-bank/pay/')).toBe(true)
    expect((await bankUrl(fixed, { 'x-forwarded-host': 'shop.example.net' })).startsWith('https://tickets.example.org/sandbox-bank/pay/')).toBe(true)
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_CARD_CODE } from '../../src/contract/admin/offers'
import { TEST_DBS } from '../support/server'
import { signedIn } from './admin-helpers'
import { memberVisitor, placeOrder, startPaymentShop, type PaymentShop } from './payment-fixtures'

/**
 * The console finds a loyalty card by its code (GET /api/admin/loyalty/cards?code=, the owner's
 * settings.manage like the block): the operator knows a card's code, not its id. It answers the
 * card's balance, whether it is blocked, its CRM client and the unpaid orders holding its
 * bonuses (what a block gives back); an unknown code is the console's not-found, a malformed one
 * is refused by the contract (never a 500), a role without settings.manage is refused.
 */

/** The fixtures' card balance and what the test's order takes of it. */
const BALANCE = 500
const APPLIED = 300

interface Card {
  id: number
  card_code: string
  bonus_balance: number
  is_blocked: number
  client: string | null
  unpaid_orders: number
}

describe.each(TEST_DBS)('a loyalty card found by its code, on %s', (dbKind) => {
  let shop: PaymentShop

  beforeAll(async () => {
    shop = await startPaymentShop(dbKind)
  })
  afterAll(async () => {
    await shop?.server.close()
  })

  const find = (code: string) => `/api/admin/loyalty/cards?code=${encodeURIComponent(code)}`

  it('answers the card, its client and the unpaid orders holding its bonuses; the block shows in the next answer', async () => {
    const owner = await signedIn(shop.server, 'owner')
    const { cardId, cardCode } = shop.pfx.client
    // Trimmed: spaces around the code a card reader or a paste leaves are no part of it.
    const first = await owner.get<Card>(find(`  ${cardCode} `))
    expect(first).toEqual({ status: 200, body: { id: cardId, card_code: cardCode, bonus_balance: BALANCE, is_blocked: 0, client: 'Бонусова Анна', unpaid_orders: 0 } })

    const member = await memberVisitor(shop.server, shop.pfx)
    const hash = await placeOrder(member, shop.fx, shop.fx.basic, 'adult', 1)
    const applied = await member.post<{ errorCode: string }>('/api/order/add-discount', { hash, lang: 'ru', bonuses: APPLIED, cardCode: '', promoCode: '' })
    expect(applied.body.errorCode).toBe('0')
    expect((await owner.get<Card>(find(cardCode))).body).toMatchObject({ bonus_balance: BALANCE - APPLIED, is_blocked: 0, unpaid_orders: 1 })

    expect((await owner.post(`/api/admin/loyalty/cards/${cardId}/block`, { blocked: true })).body).toEqual({ ok: true })
    // The block gave the bonuses back: no order holds them any more.
    expect((await owner.get<Card>(find(cardCode))).body).toMatchObject({ id: cardId, bonus_balance: BALANCE, is_blocked: 1, unpaid_orders: 0 })
    expect((await owner.post(`/api/admin/loyalty/cards/${cardId}/block`, { blocked: false })).body).toEqual({ ok: true })
    expect((await owner.get<Card>(find(cardCode))).body).toMatchObject({ is_blocked: 0, bonus_balance: BALANCE })
  })

  it('a card without a CRM client answers client null', async () => {
    await shop.server.db.insertInto('loyalty_cards').values({ crm_client_id: null, card_code: 'LOOSE-1', bonus_balance: 7 }).execute()
    const owner = await signedIn(shop.server, 'owner')
    expect((await owner.get<Card>(find('LOOSE-1'))).body).toMatchObject({ card_code: 'LOOSE-1', bonus_balance: 7, client: null, unpaid_orders: 0 })
  })

  it("an unknown code is the console's not-found, in the operator's language", async () => {
    const owner = await signedIn(shop.server, 'owner')
    const unknown = await owner.get(find('CARD-NOPE'))
    expect(unknown).toEqual({ status: 404, body: { errorCode: '-1004', errorText: 'Loyalty card CARD-NOPE not found' } })
    owner.lang = 'ru'
    expect((await owner.get(find('CARD-NOPE'))).body).toEqual({ errorCode: '-1004', errorText: 'Не найдено: карта лояльности CARD-NOPE' })
  })

  it('a malformed code is refused by the contract, never a 500', async () => {
    const owner = await signedIn(shop.server, 'owner')
    const refusals = ['/api/admin/loyalty/cards', find(''), find('   '), find('X'.repeat(MAX_CARD_CODE + 1)), find('CARD\u0000-1'), `${find('A')}&code=B`]
    for (const path of refusals) {
      const a = await owner.get(path)
      expect(a.status, path).toBe(400)
      expect(a.body.errorCode, path).toBe('-1002')
      expect(a.body.errorText, path).toContain('code')
    }
    // The longest code allowed is looked up (and not found).
    expect((await owner.get(find('X'.repeat(MAX_CARD_CODE)))).status).toBe(404)
  })

  it('only settings.manage (the owner) looks cards up', async () => {
    for (const role of ['manager', 'boxoffice', 'door'] as const) {
      const a = await (await signedIn(shop.server, role)).get(find(shop.pfx.client.cardCode))
      expect(a.status, role).toBe(403)
      expect(JSON.stringify(a.body), role).not.toContain('bonus_balance')
    }
  })
})

import { signCrmToken } from '../../src/server/crm/token'
import type { Db } from '../../src/server/db/connect'
import { signedCallback } from '../../src/server/payments/sandbox/provider'
import { startTestServer, type TestDb, type TestServer } from '../support/server'
import { GIFT_BUYER, orderBody, seedOrderFixtures, Visitor, visitor, type EventFx, type Fixtures, type OrderAnswer } from './order-fixtures'

/**
 * Test data of the payment tests, on top of the general-admission fixtures (order-fixtures.ts,
 * DEMO_DATA=0): the four payment types the sandbox bank serves, special offers, promo codes and
 * a CRM client with a loyalty card.
 */
export interface PaymentFx {
  types: { card: number; form: number; qr: number; widget: number }
  offer: { id: number; limit: number; rub: number }
  promos: { single: string; multi: string; multiLimit: number }
  client: { id: number; cardId: number; cardCode: string; bonuses: number }
}

const MINOR = 100

export async function seedPaymentFixtures(db: Db, now = Date.now()): Promise<PaymentFx> {
  // Every install starts with a payment type per configured bank (seed/system.ts); these tests
  // name their own, so the start's rows (unused yet) make way for them.
  await db.deleteFrom('payment_types').where('protocol_type', 'in', ['card', 'card-form', 'sbp', 'pushkin']).execute()
  const type = async (protocol_type: string, protocol_kind: string, sortnum: number, name: string) =>
    (await db.insertInto('payment_types').values({ protocol_type, protocol_kind, sortnum, name_ru: name, name_en: name }).returning('id').executeTakeFirstOrThrow()).id
  const types = {
    card: await type('card', 'CARD', 1, 'Card'),
    form: await type('card-form', 'CARD', 2, 'Card (form)'),
    qr: await type('sbp', 'QR', 3, 'QR'),
    widget: await type('pushkin', 'CARD_SCHEME', 4, 'Culture card'),
  }
  // A type no provider serves: never offered.
  await type('unknown-bank', 'CARD', 5, 'Unknown bank')
  const offer = await db.insertInto('services').values({ event_id: null, package_id: 7, price: 150 * MINOR, limit_per_order: 2, name_ru: 'Программка', name_en: 'Programme' }).returning('id').executeTakeFirstOrThrow()
  await db
    .insertInto('promo_codes')
    .values([
      { code: 'SINGLE10', discount_percent: 10, discount_amount: 0, multi_use: 0, max_uses: 1, valid_to: null },
      { code: 'MULTI3', discount_percent: 0, discount_amount: 100 * MINOR, multi_use: 1, max_uses: 3, valid_to: null },
      { code: 'OLD20', discount_percent: 20, discount_amount: 0, multi_use: 1, max_uses: null, valid_to: now - 1000 },
    ])
    .execute()
  const client = await db.insertInto('crm_clients').values({ first_name: 'Анна', last_name: 'Бонусова', email: 'anna@example.org', card_code: 'CARD-T1', created_at: now }).returning('id').executeTakeFirstOrThrow()
  const card = await db.insertInto('loyalty_cards').values({ crm_client_id: client.id, card_code: 'CARD-T1', bonus_balance: 500 }).returning('id').executeTakeFirstOrThrow()
  return {
    types,
    offer: { id: offer.id, limit: 2, rub: 150 },
    promos: { single: 'SINGLE10', multi: 'MULTI3', multiLimit: 3 },
    client: { id: client.id, cardId: card.id, cardCode: 'CARD-T1', bonuses: 500 },
  }
}

/** A server on an empty database (DEMO_DATA=0) with the order and payment fixtures. */
export interface PaymentShop {
  server: TestServer
  fx: Fixtures
  pfx: PaymentFx
}

export async function startPaymentShop(db: TestDb, env: Record<string, string> = {}): Promise<PaymentShop> {
  const server = await startTestServer({ db, env: { DEMO_DATA: '0', ...env } })
  return { server, fx: await seedOrderFixtures(server.db), pfx: await seedPaymentFixtures(server.db) }
}

/** A visitor signed in as the fixtures' CRM client (its orders carry the loyalty card). */
export async function memberVisitor(server: TestServer, pfx: PaymentFx): Promise<Visitor> {
  const v = await visitor(server.url)
  const token = signCrmToken(server.config.crmSecret, { id: pfx.client.id, exp: Math.floor(Date.now() / 1000) + 600 })
  const res = await v.post('/api/crm/client-info', { token })
  if (res.status !== 200) throw new Error(`CRM sign-in failed: ${JSON.stringify(res.body)}`)
  return v
}

/** The same session from a new address (the order guard limits orders per address). */
export function sameSessionNewAddress(baseUrl: string, v: Visitor): Visitor {
  const w = new Visitor(baseUrl)
  w.cookie = v.cookie
  w.token = v.token
  return w
}

/** Places an order of `quantity` tickets of `price` and answers its hash. */
export async function placeOrder(v: Visitor, fx: Fixtures, ev: EventFx, priceKey: string, quantity = 1, gift = false): Promise<string> {
  const extra = gift ? { ...GIFT_BUYER, USE_PUSHKIN_CARD: 1 } : ev.hash.includes('pushkin') ? { USE_PUSHKIN_CARD: 0 } : {}
  const res = await v.post<OrderAnswer>('/api/order/create', orderBody(fx, ev, [{ price: ev.prices[priceKey], quantity }], extra))
  if (res.body.errorCode !== '0' || !res.body.hash) throw new Error(`order failed: ${JSON.stringify(res.body)}`)
  return res.body.hash
}

export interface StartAnswer {
  errorCode: string
  errorText: string
  bankUrl?: string
  form_action?: string
  form_bank?: Record<string, string>
  form_qr_url?: string
  form_qr_code?: string
  bankInvoiceId?: string
  backUrl?: string
}

export const startPay = (v: Visitor, hash: string, typeId: number) => v.post<StartAnswer>(`/api/payment/start/${typeId}`, { hash, lang: 'ru' })

/** Path (and query) of an absolute URL the server built on PUBLIC_URL. */
export const pathOf = (url: string) => {
  const u = new URL(url, 'http://x')
  return u.pathname + u.search
}

/** A form post like a browser's (application/x-www-form-urlencoded), redirects not followed. */
export async function formPost(v: Visitor, path: string, fields: Record<string, string>): Promise<Response> {
  return v.fetch(path, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() })
}

/** Presses a button of the sandbox bank page. */
export const decide = (v: Visitor, publicId: string, decision: 'approve' | 'decline' | 'pending', qr = false) =>
  formPost(v, `/sandbox-bank/pay/${publicId}${qr ? '?qr=1' : ''}`, { decision })

/** Sends the bank's callback as the bank would (signed with the server's sandbox secret). */
export async function sendCallback(server: TestServer, body: Record<string, unknown>): Promise<{ status: number; body: { errorCode: string; result?: string } }> {
  const res = await fetch(`${server.url}/payment/callback/sandbox`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  return { status: res.status, body: (await res.json()) as { errorCode: string; result?: string } }
}

export const signed = (server: TestServer, publicId: string, amount: number, status: 'approved' | 'declined' | 'pending') => signedCallback(server.config.sandboxBankSecret, publicId, amount, status)

export async function paymentRow(db: Db, publicId: string) {
  return db.selectFrom('payments').selectAll().where('public_id', '=', publicId).executeTakeFirstOrThrow()
}

export async function orderRow(db: Db, hash: string) {
  return db.selectFrom('orders').selectAll().where('hash', '=', hash).executeTakeFirstOrThrow()
}

/** PNG files start with these 8 bytes. */
export const isPngBase64 = (b64: string) => b64.length > 100 && Buffer.from(b64, 'base64').subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))

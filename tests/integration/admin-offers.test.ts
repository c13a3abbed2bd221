import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AdminErrorCode, type Role } from '../../src/contract/admin/roles'
import { KIND_SUBSCRIPTIONS } from '../../src/contract/constants'
import { ErrorCode } from '../../src/contract/errors'
import { formatMoney } from '../../src/contract/rules/moneyText'
import { SETTINGS_CACHE_TTL_MS } from '../../src/server/domain/settings/cached'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { AdminClient, signedIn } from './admin-helpers'
import { orderBody, seedOrderFixtures, visitor, type Fixtures, type OrderAnswer } from './order-fixtures'
import { decide, memberVisitor, pathOf, placeOrder, sameSessionNewAddress, seedPaymentFixtures, startPay, type PaymentFx } from './payment-fixtures'

type Row = Record<string, unknown> & { id: number }
interface Extras {
  compositions: Row[]
  offers: Row[]
  promos: Row[]
  agreements: Row[]
  loyalty: { accrual_percent: number }
}
interface AuditEntry {
  action: string
  actor: string
  before: Row | null
  after: Row | null
}

/** Operators saving the same new promo code at the same moment. */
const RACERS = 8
const promoBody = (code: string, extra: Record<string, unknown> = {}) => ({ code, discount_percent: 0, discount_amount: 20000, multi_use: 1, max_uses: null, ...extra })
const offerBody = (extra: Record<string, unknown> = {}) => ({ name_ru: 'Парковка', name_en: 'Parking', name_kz: 'Тұрақ', name_ch: '停車', price: 30000, limit_per_order: 1, package_id: 0, ...extra })

describe.each(TEST_DBS)('console: compositions, offers, promo codes, agreements, loyalty and setup on %s', (dbKind) => {
  let server: TestServer
  let fx: Fixtures
  let pfx: PaymentFx
  const clients = {} as Record<Role, AdminClient>
  let subscriptionId = 0

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind, env: { DEMO_DATA: '0' } })
    fx = await seedOrderFixtures(server.db)
    pfx = await seedPaymentFixtures(server.db)
    // A subscription: an event of the subscriptions kind (every install has it, seed/system.ts).
    const kind = await server.db.selectFrom('menu_kinds').select('id').where('id', '=', KIND_SUBSCRIPTIONS).executeTakeFirstOrThrow()
    const base = await server.db.selectFrom('events').select(['venue_id']).where('id', '=', fx.basic.id).executeTakeFirstOrThrow()
    subscriptionId = (await server.db.insertInto('events').values({ hash_id: 'fx-subscription', menu_kind_id: kind.id, venue_id: base.venue_id, name_ru: 'Абонемент', name_en: 'Season pass' }).returning('id').executeTakeFirstOrThrow()).id
    await server.db.insertInto('calendars').values({ event_id: subscriptionId, venue_id: base.venue_id, drawing_id: null, day: fx.basic.day, time: fx.basic.time, capacity: null, starts_at: Date.now() + 3 * 86_400_000 }).execute()
    for (const role of ['owner', 'manager', 'boxoffice', 'door'] as const) clients[role] = await signedIn(server, role)
  })
  afterAll(async () => {
    await server?.close()
  })

  const extras = async () => (await clients.manager.get<Extras>('/api/admin/extras')).body
  const audit = async (entity: string, id: number | string) => (await clients.owner.get<{ entries: AuditEntry[] }>(`/api/admin/audit?entity=${entity}&entity_id=${id}`)).body.entries
  const discount = (hash: string, promoCode: string) => visitor(server.url).then((v) => v.post<{ errorCode: string; errorText: string; promoCode: string }>('/api/order/add-discount', { hash, lang: 'ru', bonuses: 0, cardCode: '', promoCode }))
  const orderView = async (hash: string) => (await (await visitor(server.url)).post<{ demsumma: number; addToping: { price_id: number; cost: number; action_en: string }[]; discountData: { chargedBonus: number } }>('/api/order/view', { hash, lang: 'en' })).body

  it('refuses every write (and reading the promo codes) to the roles that may not make it, changing nothing (boxoffice and door: all; manager: loyalty and setup)', async () => {
    const before = await extras()
    const setupBefore = (await clients.manager.get('/api/admin/setup')).body
    const writes: [string, unknown][] = [
      ['/api/admin/promos', promoBody('ROLE1')],
      ['/api/admin/offers', offerBody()],
      [`/api/admin/events/${subscriptionId}/compositions`, { eventstr_ru: 'Первый вечер' }],
      ['/api/admin/agreements', { scope: 'order', name_ru: 'Согласие' }],
      ['/api/admin/loyalty', { accrual_percent: 50 }],
      ['/api/admin/setup', setupBefore],
    ]
    for (const role of ['boxoffice', 'door'] as const) {
      for (const [p, body] of writes) {
        const a = await clients[role].post(p, body)
        expect([p, role, a.status, a.body.errorCode]).toEqual([p, role, 403, AdminErrorCode.FORBIDDEN])
      }
      // Nor read them: promo codes are secrets, and neither role's screens list any of it.
      const read = await clients[role].get('/api/admin/extras')
      expect([role, read.status, read.body.errorCode]).toEqual([role, 403, AdminErrorCode.FORBIDDEN])
    }
    for (const p of ['/api/admin/loyalty', '/api/admin/setup']) {
      const a = await clients.manager.post(p, writes.find((w) => w[0] === p)![1])
      expect([p, a.status, a.body.errorCode]).toEqual([p, 403, AdminErrorCode.FORBIDDEN])
    }
    const outsider = new AdminClient(server.url)
    expect((await outsider.post('/api/admin/promos', promoBody('ROLE2'))).status).toBe(401)
    expect(await extras()).toEqual(before)
    expect((await clients.manager.get('/api/admin/setup')).body).toEqual(setupBefore)
  })

  it('a promo code made in the console discounts an order in the shop; copied it works under its new code; archived the shop refuses it; each step audited', async () => {
    const made = await clients.manager.post<{ id: number }>('/api/admin/promos', promoBody(' spring26 '))
    expect(made.status).toBe(200)
    const row = (await extras()).promos.find((p) => p.id === made.body.id)!
    expect(row).toMatchObject({ code: 'SPRING26', discount_amount: 20000, used_count: 0, active: 1 })

    const hash = await placeOrder(await visitor(server.url), fx, fx.basic, 'adult', 1)
    const applied = await discount(hash, 'spring26')
    expect(applied.body).toMatchObject({ errorCode: '0', promoCode: 'SPRING26' })
    // 1500 + 150 fee − 200 off.
    expect((await orderView(hash)).demsumma).toBe(1450)

    // Bad input: the contract's message, nothing stored.
    const both = await clients.manager.post('/api/admin/promos', promoBody('BOTH1', { discount_percent: 10 }))
    expect(both.status).toBe(400)
    expect(both.body.errorCode).toBe(ErrorCode.BAD_REQUEST)
    // The server names the field; the console's form shows the contract's message before sending.
    expect(both.body.errorText).toBe('Invalid request: check discount_percent')
    const taken = await clients.manager.post('/api/admin/promos', promoBody('Spring26'))
    expect(taken.body).toEqual({ errorCode: AdminErrorCode.CONFLICT, errorText: 'The promo code SPRING26 exists already' })
    expect(taken.status).toBe(409)
    expect((await extras()).promos.filter((p) => p.code === 'BOTH1' || p.code === 'SPRING26')).toHaveLength(1)

    // Operators saving one new code at once: one wins, the others hear it is taken, none sees a 500.
    const racers = await Promise.all(Array.from({ length: RACERS }, () => clients.manager.post('/api/admin/promos', promoBody('RACE26'))))
    expect(racers.map((a) => a.status).sort()).toEqual([200, ...Array<number>(RACERS - 1).fill(409)])
    expect((await extras()).promos.filter((p) => p.code === 'RACE26')).toHaveLength(1)

    const copy = await clients.manager.post<{ id: number }>(`/api/admin/promos/${made.body.id}/copy`, { code: 'autumn26' })
    expect(copy.status).toBe(200)
    expect((await extras()).promos.find((p) => p.id === copy.body.id)).toMatchObject({ code: 'AUTUMN26', discount_amount: 20000, used_count: 0 })
    const hash2 = await placeOrder(await visitor(server.url), fx, fx.basic, 'adult', 1)
    expect((await discount(hash2, 'AUTUMN26')).body.promoCode).toBe('AUTUMN26')

    expect((await clients.manager.post(`/api/admin/promos/${made.body.id}/archive`, {})).status).toBe(200)
    const hash3 = await placeOrder(await visitor(server.url), fx, fx.basic, 'adult', 1)
    expect((await discount(hash3, 'SPRING26')).body).toEqual({ errorCode: '0', errorText: 'Неверный промокод', promoCode: '' })

    const log = await audit('promo', made.body.id)
    expect(log.map((e) => e.action)).toEqual(['archive', 'create'])
    expect(log[0].actor).toMatch(/^manager-/)
    expect(log[0].before).toMatchObject({ active: 1, used_count: 1 })
    expect(log[0].after).toMatchObject({ active: 0 })
    expect((await audit('promo', copy.body.id)).map((e) => e.action)).toEqual(['create'])
  })

  it('a special offer made in the console is offered on the order page at its price; the copy starts inactive; archived it is offered no more', async () => {
    const made = await clients.manager.post<{ id: number }>('/api/admin/offers', offerBody({ event_id: fx.basic.id }))
    expect(made.status).toBe(200)
    const hash = await placeOrder(await visitor(server.url), fx, fx.basic, 'adult', 1)
    const offered = (await orderView(hash)).addToping.filter((o) => o.price_id === made.body.id)
    expect(offered.map((o) => [o.cost, o.action_en])).toEqual([[300, 'Parking']])

    expect((await clients.manager.post(`/api/admin/offers/${made.body.id}`, offerBody({ event_id: fx.basic.id, price: 45000, name_en: 'Car park' }))).status).toBe(200)
    expect((await orderView(hash)).addToping.filter((o) => o.price_id === made.body.id).map((o) => [o.cost, o.action_en])).toEqual([[450, 'Car park']])

    const unknownEvent = await clients.manager.post('/api/admin/offers', offerBody({ event_id: 999999 }))
    expect(unknownEvent.body).toEqual({ errorCode: ErrorCode.BAD_REQUEST, errorText: 'Unknown value in event_id: 999999' })
    const noName = await clients.manager.post('/api/admin/offers', offerBody({ name_ru: '' }))
    expect(noName.status).toBe(400)

    const copy = await clients.manager.post<{ id: number }>(`/api/admin/offers/${made.body.id}/copy`, {})
    expect((await extras()).offers.find((o) => o.id === copy.body.id)).toMatchObject({ active: 0, price: 45000, name_en: 'Car park' })
    expect((await orderView(hash)).addToping.some((o) => o.price_id === copy.body.id)).toBe(false)

    expect((await clients.manager.post(`/api/admin/offers/${made.body.id}/archive`, {})).status).toBe(200)
    expect((await orderView(hash)).addToping.some((o) => o.price_id === made.body.id)).toBe(false)
    expect((await audit('offer', made.body.id)).map((e) => e.action)).toEqual(['archive', 'update', 'create'])
  })

  it("a subscription's composition lines show on its event page; only a subscription has them", async () => {
    const page = async () => (await (await visitor(server.url)).post<{ actionStr: { eventstr_en: string; eventstr_day: string }[] }>('/api/no-scheme', { hash: 'fx-subscription', lang: 'en' })).body
    const line = { event_id: fx.basic.id, eventstr_ru: 'Первый вечер', eventstr_en: 'First evening', eventstr_day: fx.basic.day, eventstr_time: '19:00', sortnum: 1 }
    const made = await clients.manager.post<{ id: number }>(`/api/admin/events/${subscriptionId}/compositions`, line)
    expect(made.status).toBe(200)
    expect((await page()).actionStr.map((l) => l.eventstr_en)).toEqual(['First evening'])

    const notSub = await clients.manager.post(`/api/admin/events/${fx.basic.id}/compositions`, line)
    expect(notSub.body).toEqual({ errorCode: ErrorCode.BAD_REQUEST, errorText: `Only a subscription has a composition: event ${fx.basic.id} is not a subscription` })
    const badDay = await clients.manager.post(`/api/admin/events/${subscriptionId}/compositions`, { ...line, eventstr_day: '2026-02-30' })
    expect(badDay.status).toBe(400)

    expect((await clients.manager.post(`/api/admin/compositions/${made.body.id}`, { ...line, eventstr_en: 'Opening night' })).status).toBe(200)
    expect((await page()).actionStr.map((l) => l.eventstr_en)).toEqual(['Opening night'])
    // Copying the subscription copies its contents.
    const copy = await clients.manager.post<{ id: number }>(`/api/admin/events/${subscriptionId}/copy`, {})
    expect(copy.status).toBe(200)
    expect((await extras()).compositions.filter((c) => c.subscription_event_id === copy.body.id).map((c) => c.eventstr_en)).toEqual(['Opening night'])
    expect((await clients.manager.post(`/api/admin/compositions/${made.body.id}/delete`, {})).status).toBe(200)
    expect((await page()).actionStr).toEqual([])
    expect((await audit('composition', made.body.id)).map((e) => e.action)).toEqual(['delete', 'update', 'create'])
  })

  it('a required agreement made in the console is asked by the order form and enforced; removed it is not', async () => {
    const made = await clients.manager.post<{ id: number }>('/api/admin/agreements', { scope: 'order', filling: 1, name_ru: 'Согласен с правилами зала', name_en: 'I accept the house rules', sortnum: 9 })
    expect(made.status).toBe(200)
    const page = await (await visitor(server.url)).post<{ checkboxList: { id: number; filling: number }[] }>('/api/no-scheme', { hash: fx.basic.hash, lang: 'en' })
    expect(page.body.checkboxList.find((c) => c.id === made.body.id)).toMatchObject({ filling: 1 })
    const lines = [{ price: fx.basic.prices.adult, quantity: 1 }]
    const refused = await (await visitor(server.url)).post<OrderAnswer>('/api/order/create', orderBody(fx, fx.basic, lines))
    expect(refused.body.errorCode).not.toBe('0')
    const ticked = orderBody(fx, fx.basic, lines)
    ticked.checkboxList = [...(ticked.checkboxList as object[]), { id: made.body.id, checked: 1 }]
    expect((await (await visitor(server.url)).post<OrderAnswer>('/api/order/create', ticked)).body.errorCode).toBe('0')

    expect((await clients.manager.post('/api/admin/agreements', { scope: 'elsewhere', name_ru: 'x' })).status).toBe(400)
    expect((await clients.manager.post(`/api/admin/agreements/${made.body.id}/delete`, {})).status).toBe(200)
    expect((await (await visitor(server.url)).post<OrderAnswer>('/api/order/create', orderBody(fx, fx.basic, lines))).body.errorCode).toBe('0')
    expect((await audit('agreement', made.body.id)).map((e) => e.action)).toEqual(['delete', 'create'])
  })

  it("the owner's loyalty percent is what a paid order earns", async () => {
    expect((await extras()).loyalty).toEqual({ accrual_percent: 5 })
    expect((await clients.owner.post('/api/admin/loyalty', { accrual_percent: 101 })).status).toBe(400)
    expect((await clients.owner.post('/api/admin/loyalty', { accrual_percent: 10 })).status).toBe(200)
    expect((await extras()).loyalty).toEqual({ accrual_percent: 10 })

    const member = await memberVisitor(server, pfx)
    const hash = await placeOrder(sameSessionNewAddress(server.url, member), fx, fx.basic, 'adult', 1)
    const publicId = pathOf((await startPay(member, hash, pfx.types.card)).body.bankUrl!).split('/').pop()!
    await decide(member, publicId, 'approve')
    // 10 % of 1650 paid.
    expect((await orderView(hash)).discountData.chargedBonus).toBe(165)
    const [entry] = await audit('loyalty', 'loyalty')
    expect(entry).toMatchObject({ action: 'update', before: null, after: { accrual_percent: 10 } })
  })

  it("the owner's setup is what the shop's shell reads; keys the form does not edit keep their values", async () => {
    const shop = async () => (await (await visitor(server.url)).getJson('/api/setup')).body as { app: Record<string, unknown>; db: Record<string, unknown>; title_en: string }
    const currency = (await shop()).app.currency
    const form = (await clients.owner.get<{ app: Record<string, unknown>; db: Record<string, unknown> }>('/api/admin/setup')).body
    const next = {
      ...form,
      app: { ...form.app, logo: '/media/images/logo.svg', header_background: '#123456', footer: 0, footer_links: [{ url: 'https://example.org/about', text_ru: 'О театре', text_en: 'About', text_kz: '', text_ch: '' }], footer_text_en: 'Open daily' },
      // The contacts per language (info_contact_{lang}); the spec's one info_contact is the storefront language's (ru).
      db: { ...form.db, info_contact_ru: 'Box office: +7 495 000-00-00' },
      title_en: 'City Theatre',
    }
    const bad = await clients.owner.post('/api/admin/setup', { ...next, app: { ...next.app, header_background: 'red' } })
    expect(bad.status).toBe(400)
    expect(bad.body.errorText).toBe('Invalid request: check app.header_background')
    expect((await clients.owner.post('/api/admin/setup', next)).status).toBe(200)
    const s = await shop()
    expect(s.app).toMatchObject({ logo: '/media/images/logo.svg', header_background: '#123456', footer: 0, footer_text_en: 'Open daily', currency })
    expect(s.app.footer_links).toEqual(next.app.footer_links)
    expect(s.db.info_contact).toBe('Box office: +7 495 000-00-00')
    expect(s.title_en).toBe('City Theatre')
    const [entry] = await audit('setup', 'shop')
    expect(entry.after).toMatchObject({ title_en: 'City Theatre' })
    expect(entry.before).toMatchObject({ title_en: '' })
  })

  /** A new visitor's order of one adult ticket, paid by card: the sandbox bank's page for it. */
  const bankPageOfNewOrder = async () => {
    const buyer = sameSessionNewAddress(server.url, await visitor(server.url))
    const hash = await placeOrder(buyer, fx, fx.basic, 'adult', 1)
    const publicId = pathOf((await startPay(buyer, hash, pfx.types.card)).body.bankUrl!).split('/').pop()!
    return { buyer, hash, publicId, page: await (await buyer.fetch(`/sandbox-bank/pay/${publicId}`)).text() }
  }

  it("the currency the owner chooses is what the shop, the sandbox bank and the paid order's e-mail write amounts in; an unknown one is refused", async () => {
    const shop = async () => (await (await visitor(server.url)).getJson('/api/setup')).body as { app: { currency: string } }
    const form = (await clients.owner.get<{ app: Record<string, unknown> }>('/api/admin/setup')).body
    expect(form.app.currency).toBe('RUB')
    const bad = await clients.owner.post('/api/admin/setup', { ...form, app: { ...form.app, currency: 'XYZ' } })
    expect(bad.status).toBe(400)
    expect(bad.body.errorText).toBe('Invalid request: check app.currency')
    expect((await shop()).app.currency).toBe('RUB')
    expect((await clients.manager.post('/api/admin/setup', { ...form, app: { ...form.app, currency: 'KZT' } })).status).toBe(403)
    expect((await shop()).app.currency).toBe('RUB')

    expect((await clients.owner.post('/api/admin/setup', { ...form, app: { ...form.app, currency: 'KZT' } })).status).toBe(200)
    try {
      expect((await shop()).app.currency).toBe('KZT')
      expect((await clients.owner.get<{ app: Record<string, unknown> }>('/api/admin/setup')).body.app.currency).toBe('KZT')
      const { buyer, hash, publicId, page } = await bankPageOfNewOrder()
      // The fixtures' adult ticket: 1 500 and a 150 fee, in the bank's English.
      expect(page).toContain(formatMoney(1650, 'en', 'KZT'))
      expect(page).not.toContain('₽')
      await decide(buyer, publicId, 'approve')
      const deadline = Date.now() + 10_000
      let mail: { text_body: string } | undefined
      while (!mail && Date.now() < deadline) {
        mail = await server.db.selectFrom('mail_outbox').select('text_body').where('text_body', 'like', `%${hash}%`).executeTakeFirst()
        if (!mail) await new Promise((r) => setTimeout(r, 50))
      }
      // The order was placed in Russian: its e-mail writes the amount as Russian does, in tenge.
      expect(mail?.text_body).toContain(formatMoney(1650, 'ru', 'KZT'))
    } finally {
      // The setup's version now: the form's own was the KZT save's (a stale one is refused: setup-version.test.ts).
      const version = (await clients.owner.get<{ version: number }>('/api/admin/setup')).body.version
      expect((await clients.owner.post('/api/admin/setup', { ...form, app: { ...form.app, currency: 'RUB' }, version })).status).toBe(200)
    }
  })

  it('a currency stored before the console checked it (SQL, an old import) is read one way: the shop, the console and the bank agree', async () => {
    const shop = async () => (await (await visitor(server.url)).getJson('/api/setup')).body as { app: { currency: string } }
    const before = await server.db.selectFrom('settings').select('value').where('key', '=', 'app').executeTakeFirst()
    const app = before ? (JSON.parse(before.value) as Record<string, unknown>) : {}
    const store = async (value: Record<string, unknown>) => {
      await server.db.deleteFrom('settings').where('key', '=', 'app').execute()
      await server.db.insertInto('settings').values({ key: 'app', value: JSON.stringify(value) }).execute()
    }
    try {
      // Lower case with a space: the code it names.
      await store({ ...app, currency: ' kzt' })
      expect((await shop()).app.currency).toBe('KZT')
      expect((await clients.owner.get<{ app: { currency: string } }>('/api/admin/setup')).body.app.currency).toBe('KZT')
      // A code no amount is written in (the bank wrote "EUR" while the shop wrote roubles): the default, everywhere.
      await store({ ...app, currency: 'EUR' })
      expect((await shop()).app.currency).toBe('RUB')
      expect((await clients.owner.get<{ app: { currency: string } }>('/api/admin/setup')).body.app.currency).toBe('RUB')
      // The bank reads the settings through the process's cache: a fresh stored value shows after it.
      await new Promise((r) => setTimeout(r, SETTINGS_CACHE_TTL_MS + 100))
      const { page } = await bankPageOfNewOrder()
      expect(page).toContain(formatMoney(1650, 'en', 'RUB'))
      expect(page).not.toContain('EUR')
    } finally {
      if (before) await store(app)
      else await server.db.deleteFrom('settings').where('key', '=', 'app').execute()
    }
  })

  it('sections (menu kinds) and venues are made and edited in the console; the event page shows the new address', async () => {
    const kind = await clients.manager.post<{ id: number }>('/api/admin/kinds', { name_ru: 'Экскурсии', name_en: 'Tours', sortnum: 5 })
    expect(kind.status).toBe(200)
    expect((await clients.manager.post(`/api/admin/kinds/${kind.body.id}`, { name_ru: 'Экскурсии', name_en: 'Guided tours', sortnum: 5 })).status).toBe(200)
    expect((await clients.boxoffice.post('/api/admin/kinds', { name_ru: 'Нет' })).status).toBe(403)
    expect((await clients.manager.post('/api/admin/kinds', { name_ru: '' })).status).toBe(400)
    const refs = (await clients.manager.get<{ kinds: Row[]; venues: Row[] }>('/api/admin/refs')).body
    expect(refs.kinds.find((k) => k.id === kind.body.id)).toMatchObject({ name_en: 'Guided tours' })
    expect((await audit('kind', kind.body.id)).map((e) => e.action)).toEqual(['update', 'create'])

    const venue = await server.db.selectFrom('events').select('venue_id').where('id', '=', fx.basic.id).executeTakeFirstOrThrow()
    const body = { name_ru: 'Зал', name_en: 'Hall', address_ru: 'Москва, Тверская, 1', address_en: 'Moscow, Tverskaya 1', urlyandexmap: 'https://yandex.ru/maps/-/abc', latitude: 55.76, longitude: 37.61 }
    expect((await clients.manager.post(`/api/admin/venues/${venue.venue_id}`, { ...body, urlyandexmap: 'not a link' })).status).toBe(400)
    expect((await clients.door.post(`/api/admin/venues/${venue.venue_id}`, body)).status).toBe(403)
    expect((await clients.manager.post(`/api/admin/venues/${venue.venue_id}`, body)).status).toBe(200)
    const page = await (await visitor(server.url)).post<{ action: { address_en: string } }>('/api/no-scheme', { hash: fx.basic.hash, lang: 'en' })
    expect(page.body.action.address_en).toBe('Moscow, Tverskaya 1')
  })

  it("an uploaded event image is resized to WebP on the server, served with long caching, and the listing shows it", async () => {
    // A camera-sized picture: 3000×2000 PNG made here, not a file of ours.
    const png = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#c04020' } }).png().toBuffer()
    const data = png.toString('base64')
    expect((await clients.boxoffice.post(`/api/admin/events/${fx.basic.id}/image`, { name: 'poster.png', data })).status).toBe(403)
    const notImage = await clients.manager.post(`/api/admin/events/${fx.basic.id}/image`, { name: 'notes.txt', data: Buffer.from('just some text').toString('base64') })
    expect(notImage.body).toEqual({ errorCode: ErrorCode.BAD_REQUEST, errorText: 'The image could not be read: send a JPEG, PNG, WebP or GIF file' })
    const svg = await clients.manager.post(`/api/admin/events/${fx.basic.id}/image`, { name: 'a.svg', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>').toString('base64') })
    expect(svg.status).toBe(400)
    expect((await clients.manager.post('/api/admin/events/999999/image', { name: 'poster.png', data })).status).toBe(404)

    const up = await clients.manager.post<{ image_id: number; url: string; width: number; height: number; bytes: number }>(`/api/admin/events/${fx.basic.id}/image`, { name: 'poster.png', data })
    expect(up.status).toBe(200)
    expect([up.body.width, up.body.height]).toEqual([1200, 800])
    const res = await fetch(server.url + up.body.url)
    expect(res.headers.get('content-type')).toBe('image/webp')
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const served = Buffer.from(await res.arrayBuffer())
    expect(served.length).toBe(up.body.bytes)
    expect(await sharp(served).metadata()).toMatchObject({ format: 'webp', width: 1200, height: 800 })
    // The same picture again is the same stored image.
    expect((await clients.manager.post<{ image_id: number }>(`/api/admin/events/${fx.basic.id}/image`, { name: 'again.png', data })).body.image_id).toBe(up.body.image_id)

    // The listing shows events placed in a menu; the fixtures' events are in none.
    const kind = await server.db.selectFrom('events').select('menu_kind_id').where('id', '=', fx.basic.id).executeTakeFirstOrThrow()
    const menu = await server.db.insertInto('main_menus').values({ menu_kind_id: kind.menu_kind_id, name_ru: 'Афиша' }).returning('id').executeTakeFirstOrThrow()
    await server.db.insertInto('event_menus').values({ event_id: fx.basic.id, main_menu_id: menu.id, sub_menu_id: null }).execute()
    const listing = (await (await visitor(server.url)).getJson('/api/afisha')).body as { images: { event_id: number; image_url: string }[] }
    expect(listing.images.find((i) => i.event_id === fx.basic.id)?.image_url).toBe(up.body.url)
    const [entry] = await audit('event', fx.basic.id)
    expect(entry).toMatchObject({ action: 'upload-image', after: { image_id: up.body.image_id, width: 1200 } })
  })

  it("an uploaded shop logo is resized to WebP, set as the chosen logo field, and the shop's shell shows it; only the owner's role may", async () => {
    // A wide 4000×1000 logo: scaled into the 1200×400 logo box keeps its 4:1 shape.
    const png = await sharp({ create: { width: 4000, height: 1000, channels: 4, background: '#1040c0' } }).png().toBuffer()
    const data = png.toString('base64')
    const before = (await clients.owner.get<{ app: Record<string, unknown> }>('/api/admin/setup')).body.app
    expect((await clients.manager.post('/api/admin/setup/logo', { slot: 'logo', name: 'logo.png', data })).status).toBe(403)
    expect((await clients.owner.post('/api/admin/setup/logo', { slot: 'favicon', name: 'logo.png', data })).status).toBe(400)
    const notImage = await clients.owner.post('/api/admin/setup/logo', { slot: 'logo', name: 'notes.txt', data: Buffer.from('just some text').toString('base64') })
    expect(notImage.body).toEqual({ errorCode: ErrorCode.BAD_REQUEST, errorText: 'The image could not be read: send a JPEG, PNG, WebP or GIF file' })
    expect((await clients.owner.get<{ app: Record<string, unknown> }>('/api/admin/setup')).body.app).toEqual(before)

    const up = await clients.owner.post<{ image_id: number; url: string; width: number; height: number; bytes: number }>('/api/admin/setup/logo', { slot: 'logo_kz', name: 'logo.png', data })
    expect(up.status).toBe(200)
    expect([up.body.width, up.body.height]).toEqual([1200, 300])
    const res = await fetch(server.url + up.body.url)
    expect(res.headers.get('content-type')).toBe('image/webp')
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(await sharp(Buffer.from(await res.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 1200, height: 300 })
    const shop = (await (await visitor(server.url)).getJson('/api/setup')).body as { app: Record<string, unknown> }
    // The chosen field holds the URL; the other logo fields and keys the form does not edit are kept.
    expect(shop.app).toMatchObject({ logo_kz: up.body.url, logo: before.logo, logo_ru: before.logo_ru, header_background: before.header_background })
    expect(shop.app.currency).toBeDefined()
    const [entry] = await audit('setup', 'shop')
    expect(entry).toMatchObject({ action: 'upload-logo', before: { logo_kz: before.logo_kz }, after: { logo_kz: up.body.url, image_id: up.body.image_id, width: 1200, height: 300 } })
  })
})

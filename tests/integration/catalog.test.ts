import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { KIND_CONCERTS, KIND_SUBSCRIPTIONS, KIND_TICKETS, SALE_SOON } from '../../src/contract/constants'
import { afishaResponseSchema, type AfishaResponse } from '../../src/contract/entities/afisha'
import { setupSchema } from '../../src/contract/entities/setup'
import { LANGS } from '../../src/contract/lang'
import { loadDemoData } from '../../src/server/seed'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'

/** The demo promises events over the next 60 days (plus a day of slack for time zones). */
const HORIZON_DAYS = 61
const DAY_MS = 86_400_000

describe.each(TEST_DBS)('setup, afisha and demo data on %s', (dbKind) => {
  let server: TestServer
  let afisha: AfishaResponse

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind })
    const res = await fetch(`${server.url}/api/afisha`)
    expect(res.status).toBe(200)
    afisha = afishaResponseSchema.parse(await res.json())
  })
  afterAll(async () => {
    await server?.close()
  })

  it('GET /api/setup parses with the contract schema and carries the demo setup', async () => {
    const res = await fetch(`${server.url}/api/setup`)
    expect(res.status).toBe(200)
    const setup = setupSchema.parse(await res.json())
    expect(setup.app.language).toBe('ru')
    expect(setup.db.languages.split(',')).toEqual([...LANGS])
    expect(setup.db.rules.length).toBeGreaterThanOrEqual(2)
    expect(setup.db.showproculture).toBe(1)
    expect(setup.const.price_limit).toBe(100)
    expect(setup.crm_client).toEqual({ data: null, subscriptions: [] })
    expect(setup.date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
  })

  it('lists at least 40 events, in all four languages, over the next 60 days', () => {
    expect(afisha.action.length).toBeGreaterThanOrEqual(40)
    for (const e of afisha.action) {
      for (const lang of LANGS) expect(e[`action_${lang}`], `${e.hash_id} ${lang}`).not.toBe('')
    }
    const now = Date.now()
    expect(afisha.calendar.length).toBeGreaterThan(afisha.action.length)
    for (const c of afisha.calendar) {
      const at = Date.parse(`${c.eventday}T${c.eventtime}:00+03:00`)
      expect(at).toBeGreaterThanOrEqual(now - DAY_MS)
      expect(at).toBeLessThanOrEqual(now + HORIZON_DAYS * DAY_MS)
    }
  })

  it('has the three kinds, at least six main-menu items and every event in a menu', () => {
    expect(afisha.kind_menu.map((k) => k.menukind_id).sort()).toEqual([KIND_TICKETS, KIND_SUBSCRIPTIONS, KIND_CONCERTS])
    expect(afisha.main_menu.length).toBeGreaterThanOrEqual(6)
    const menus = new Set(afisha.main_menu.map((m) => m.mainmenu_id))
    for (const e of afisha.action) expect(menus.has(e.mainmenu_id)).toBe(true)
    expect(afisha.sub_menu.length).toBeGreaterThan(0)
  })

  it('has venues with addresses and map links, tags, images and compositions', async () => {
    const venueIds = new Set(afisha.venues.map((v) => v.seatroot_id))
    for (const e of afisha.action) expect(venueIds.has(e.seatroot_id)).toBe(true)
    for (const v of afisha.venues) {
      expect(v.address_ru).not.toBe('')
      expect(v.urlyandexmap).toMatch(/^https:\/\/yandex\.ru\/maps\//)
    }
    expect(afisha.list_tags.length).toBeGreaterThanOrEqual(5)
    expect(afisha.event_tags.length).toBeGreaterThan(0)
    expect(afisha.images.length).toBe(afisha.action.length)

    const poster = await fetch(server.url + afisha.images[0].image_url)
    expect(poster.status).toBe(200)
    expect(poster.headers.get('content-type')).toMatch(/image\/svg\+xml/)
    expect(await poster.text()).toMatch(/^<svg /)
    expect(afisha.action.every((e) => e.image_url.startsWith('/media/'))).toBe(true)

    const subscriptions = afisha.action.filter((e) => e.menukind_id === KIND_SUBSCRIPTIONS)
    expect(subscriptions.length).toBeGreaterThanOrEqual(2)
    for (const s of subscriptions) {
      expect(s.subscription).toBe(1)
      expect(afisha.composition.filter((c) => c.event_id === s.event_id).length).toBeGreaterThanOrEqual(3)
    }
  })

  it('shows soon-on-sale (-99999), sold out (0 left) and seat-map events', () => {
    const soon = afisha.action.filter((e) => e.totalticketcount === SALE_SOON)
    expect(soon.length).toBeGreaterThanOrEqual(2)
    const soldOut = afisha.action.filter((e) => e.totalticketcount === 0)
    expect(soldOut.length).toBeGreaterThanOrEqual(1)
    for (const e of soldOut) {
      expect(afisha.calendar.filter((c) => c.event_id === e.event_id).every((c) => c.ticketcount === 0)).toBe(true)
    }
    const onMap = afisha.action.filter((e) => e.scheme === 1)
    expect(onMap.length).toBeGreaterThanOrEqual(3)
    // Theatre, concert hall, stadium and the arena with standing places.
    expect(new Set(onMap.map((e) => e.seatroot_id)).size).toBe(4)
    expect(onMap.every((e) => e.totalticketcount > 0 || e.totalticketcount === SALE_SOON)).toBe(true)
  })

  it('stores price rows and events covering every flag of the spec', async () => {
    const db = server.db
    const prices = await db.selectFrom('prices').select(['useproculture', 'needprice', 'passagequant', 'priceservise', 'currency_id', 'price', 'for_subscription']).execute()
    expect(new Set(prices.map((p) => p.useproculture))).toEqual(new Set([0, 1, 2]))
    expect(prices.some((p) => p.needprice > 0)).toBe(true)
    expect(prices.some((p) => p.passagequant > 0)).toBe(true)
    expect(prices.some((p) => p.priceservise > 0 && p.currency_id === 1)).toBe(true)
    expect(prices.some((p) => p.priceservise > 0 && p.currency_id === 2)).toBe(true)
    expect(prices.some((p) => p.price === 0 && p.for_subscription === 0)).toBe(true)
    expect(prices.some((p) => p.for_subscription === 1)).toBe(true)
    const events = await db.selectFrom('events').selectAll().execute()
    for (const flag of ['maybefree', 'writeticketname', 'mailconfirm', 'usepushkarta', 'signlang', 'soon_on_sale'] as const) {
      expect(events.some((e) => e[flag] === 1), flag).toBe(true)
    }
    const countries = await db.selectFrom('countries as c').innerJoin('regions as r', 'r.country_id', 'c.id').select(['c.iso', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('c.iso').execute()
    const regions = new Map(countries.map((c) => [c.iso, Number(c.n)]))
    expect(regions.get('RU')).toBeGreaterThan(1)
    expect(regions.has('KZ') && regions.has('BY')).toBe(true)
    expect([...regions.values()]).toContain(1)
    expect((await db.selectFrom('document_types').select('id').execute()).map((d) => d.id)).toEqual(expect.arrayContaining([1, 3, 4, 5]))
    expect((await db.selectFrom('checkbox_lists').select('filling').where('scope', '=', 'order').execute()).some((c) => c.filling === 1)).toBe(true)
    expect((await db.selectFrom('return_reasons').select('id').execute()).length).toBeGreaterThanOrEqual(3)
    expect((await db.selectFrom('crm_clients').select('id').execute()).length).toBe(2)
  })

  it('loading demo data again changes nothing (only an empty database is filled)', async () => {
    const count = async () => Number((await server.db.selectFrom('events').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)
    const before = await count()
    expect(await loadDemoData(server.db, server.config, pino({ level: 'silent' }))).toBeNull()
    expect(await count()).toBe(before)
  })
})

describe('DEMO_DATA=0', () => {
  it('starts with an empty catalogue', async () => {
    const server = await startTestServer({ db: 'sqlite', env: { DEMO_DATA: '0' } })
    try {
      const afisha = afishaResponseSchema.parse(await (await fetch(`${server.url}/api/afisha`)).json())
      expect(afisha.action).toEqual([])
      expect(afisha.setup.app.language).toBe('ru')
    } finally {
      await server.close()
    }
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOCATION_POINT_FILE, LOCATION_POINT_PATH } from '../../src/contract/calls'
import { SALE_SOON } from '../../src/contract/constants'
import { afishaResponseSchema, type AfishaResponse } from '../../src/contract/entities/afisha'
import { noSchemeResponseSchema } from '../../src/contract/entities/event'
import { ApiClient } from '../support/client'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'

/** Server side of issue 13 (items 9, 10, 16, 17), on both databases. */
describe.each(TEST_DBS)('storefront fidelity calls on %s', (dbKind) => {
  let server: TestServer
  let afisha: AfishaResponse
  let api: ApiClient

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind })
    api = new ApiClient(server.url)
    await api.startSession()
    afisha = afishaResponseSchema.parse((await api.getJson('/api/afisha')).body)
  })
  afterAll(async () => {
    await server?.close()
  })

  it('links composition lines to the included event on its own route, at its date and time (item 9)', () => {
    const byHash = new Map(afisha.action.map((e) => [e.hash_id, e]))
    const checked = { scheme: 0, event: 0 }
    for (const line of afisha.composition) {
      const m = /^\/(event|scheme)\/([^/]+)\/(\d{4}-\d{2}-\d{2})\/(\d{2}:\d{2})$/.exec(line.url)
      expect(m, line.url).not.toBeNull()
      const included = byHash.get(decodeURIComponent(m![2]))
      expect(included, line.url).toBeDefined()
      expect(m![1]).toBe(included!.scheme === 1 ? 'scheme' : 'event')
      expect([m![3], m![4]]).toEqual([line.eventstr_day, line.eventstr_time])
      checked[m![1] as 'scheme' | 'event'] += 1
    }
    // The demo's subscriptions include both kinds, so both routes are really checked.
    expect(checked.scheme).toBeGreaterThan(0)
    expect(checked.event).toBeGreaterThan(0)
  })

  it('tells an event page that sales have not opened (item 10)', async () => {
    const soon = afisha.action.find((e) => e.totalticketcount === SALE_SOON && e.scheme === 0)
    const open = afisha.action.find((e) => e.totalticketcount > 0 && e.scheme === 0)
    expect(soon).toBeDefined()
    const soonPage = await api.post('/api/no-scheme', { hash: soon!.hash_id })
    expect(soonPage.status).toBe(200)
    expect(noSchemeResponseSchema.parse(soonPage.body).action.soon_on_sale).toBe(1)
    const openPage = await api.post('/api/no-scheme', { hash: open!.hash_id })
    expect(noSchemeResponseSchema.parse(openPage.body).action.soon_on_sale).toBe(0)
  })

  it('lists each event\'s price categories, cheapest first, without subscription-only rows (item 16)', () => {
    expect(afisha.price_categories.length).toBeGreaterThan(0)
    const perEvent = new Map<number, number[]>()
    for (const p of afisha.price_categories) perEvent.set(p.event_id, [...(perEvent.get(p.event_id) ?? []), p.price])
    for (const prices of perEvent.values()) expect(prices).toEqual([...prices].sort((a, b) => a - b))
    // Every listed event with sessions on sale has a summary.
    const withSessions = new Set(afisha.calendar.map((c) => c.event_id))
    for (const id of withSessions) expect(perEvent.has(id), `event ${id}`).toBe(true)
    // One line per zone of an event.
    const keys = afisha.price_categories.map((p) => `${p.event_id}:${p.zonelevel_id}`)
    expect(new Set(keys).size).toBe(keys.length)
  })

  it('serves the location-point image, the operator\'s own when stored (item 17)', async () => {
    const built = await fetch(server.url + LOCATION_POINT_PATH)
    expect(built.status).toBe(200)
    expect(built.headers.get('content-type')).toMatch(/^image\/svg\+xml/)
    expect(await built.text()).toMatch(/^<svg[\s\S]*<\/svg>$/)
    const own = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect id="operator-pin" width="1" height="1"/></svg>'
    await server.db.insertInto('images').values({ file_name: LOCATION_POINT_FILE, mime: 'image/svg+xml', body: own }).execute()
    const stored = await fetch(server.url + LOCATION_POINT_PATH)
    expect(await stored.text()).toBe(own)
    await server.db.deleteFrom('images').where('file_name', '=', LOCATION_POINT_FILE).execute()
  })
})

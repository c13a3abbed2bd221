import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LISTING_ROWS_TTL_MS, listingRows } from '../../src/server/domain/catalog/listing-rows'
import { forgetProcessCaches } from '../../src/server/db/process-cache'
import { buildAfisha } from '../../src/server/domain/catalog/service'
import { stockByCalendar } from '../../src/server/domain/inventory/availability'
import { ANONYMOUS } from '../../src/server/domain/crm/service'
import { buildSetup } from '../../src/server/domain/settings/service'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { StatementCount } from '../support/statement-count'

/**
 * The listing reads its catalogue (events, sessions, prices, menus, tags, venues, compositions)
 * at most once a second per process (catalog/listing-rows.ts); the tickets left are counted on
 * every call (their capacities from those rows, the sales and live holds read afresh). An edit made through this process is seen at once, another process's within
 * LISTING_ROWS_TTL_MS (simulated here by a raw statement, which the write watch does not see).
 */
describe.each(TEST_DBS)('the listing catalogue cache on %s', (dbKind) => {
  let server: TestServer
  let eventId: number

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind })
    const now = Date.now()
    const rows = await listingRows(server.db, now)
    eventId = rows.events.find((e) => rows.calendars.some((c) => c.event_id === e.id))!.id
  })
  afterAll(async () => {
    await server?.close()
  })

  const nameOf = async (clock: number) => (await listingRows(server.db, clock)).events.find((e) => e.id === eventId)!.name_ru

  it('reads the catalogue once a second; every listing still counts the tickets left', async () => {
    const count = new StatementCount()
    const db = server.db.withPlugin(count)
    const setup = await buildSetup(db, ANONYMOUS)
    const now = Date.now()
    // Primes what is counted once per drawing (sealed-places.ts), so every call below differs only by the catalogue.
    await buildAfisha(db, setup, now - 2 * LISTING_ROWS_TTL_MS)
    count.n = 0
    const first = await buildAfisha(db, setup, now)
    const cold = count.n
    count.n = 0
    const again = await buildAfisha(db, setup, now + LISTING_ROWS_TTL_MS / 2)
    const warm = count.n
    count.n = 0
    const rows = await listingRows(db, now)
    const calendars = rows.calendars.map((c) => c.id)
    expect(count.n).toBe(0)
    // A warm listing reads only the stock's live part (sales, live holds): its catalogue part
    // (capacities, price rows) comes from the cached rows, two reads fewer than on its own.
    await stockByCalendar(db, calendars, now, { calendars: rows.calendars, prices: rows.priceRows })
    expect(warm).toBe(count.n)
    count.n = 0
    await stockByCalendar(db, calendars, now)
    expect(count.n).toBe(warm + 2)
    expect(cold).toBeGreaterThanOrEqual(warm + 10)
    expect(again).toEqual(first)
    count.n = 0
    await buildAfisha(db, setup, now + LISTING_ROWS_TTL_MS + 1)
    expect(count.n).toBe(cold)
  })

  it("sees another process's edit within its life, and this process's at once", async () => {
    const now = Date.now()
    const was = await nameOf(now)
    try {
      // Another process: a write this process's watch does not see.
      await sql`update events set name_ru = ${'Другой процесс'} where id = ${eventId}`.execute(server.db)
      expect(await nameOf(now + 1)).toBe(was)
      expect(await nameOf(now + LISTING_ROWS_TTL_MS + 1)).toBe('Другой процесс')
      // This process, through the query builder (the console's and every domain write).
      await server.db.updateTable('events').set({ name_ru: 'Этот процесс' }).where('id', '=', eventId).execute()
      expect(await nameOf(now + LISTING_ROWS_TTL_MS + 2)).toBe('Этот процесс')
      // A console call clears it whatever it wrote (admin/routes.ts).
      await sql`update events set name_ru = ${'Консоль'} where id = ${eventId}`.execute(server.db)
      expect(await nameOf(now + LISTING_ROWS_TTL_MS + 3)).toBe('Этот процесс')
      forgetProcessCaches(server.db)
      expect(await nameOf(now + LISTING_ROWS_TTL_MS + 4)).toBe('Консоль')
    } finally {
      await server.db.updateTable('events').set({ name_ru: was }).where('id', '=', eventId).execute()
    }
  })

  it('sees a menu, tag or venue edited through this process at once', async () => {
    const now = Date.now()
    const before = await listingRows(server.db, now)
    const tag = before.tags[0]
    const venue = before.venues[0]
    try {
      await server.db.updateTable('tags').set({ name_en: 'Renamed tag' }).where('id', '=', tag.id).execute()
      await server.db.updateTable('venues').set({ name_en: 'Renamed hall' }).where('id', '=', venue.id).execute()
      const after = await listingRows(server.db, now + 1)
      expect(after.tags.find((t) => t.id === tag.id)!.name_en).toBe('Renamed tag')
      expect(after.venues.find((v) => v.id === venue.id)!.name_en).toBe('Renamed hall')
    } finally {
      await server.db.updateTable('tags').set({ name_en: tag.name_en }).where('id', '=', tag.id).execute()
      await server.db.updateTable('venues').set({ name_en: venue.name_en }).where('id', '=', venue.id).execute()
    }
  })
})

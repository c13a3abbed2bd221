import { Migrator, NO_MIGRATIONS } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrateToLatest, migrations } from '../../src/server/migrations'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'

describe.each(TEST_DBS)('schema on %s', (dbKind) => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind })
  })
  afterAll(async () => {
    await server?.close()
  })

  it('forbids two live holds or sales of one seat in one session, and allows them elsewhere', async () => {
    const db = server.db
    const calendars = await db.selectFrom('calendars').select(['id', 'drawing_id']).where('drawing_id', 'is not', null).orderBy('id').limit(2).execute()
    const sameDrawing = await db.selectFrom('calendars').select('id').where('drawing_id', '=', calendars[0].drawing_id).where('id', '<>', calendars[0].id).executeTakeFirstOrThrow()
    const seat = await db.selectFrom('seats').select('id').where('drawing_id', '=', calendars[0].drawing_id!).executeTakeFirstOrThrow()
    const now = Date.now()
    const hold = (calendarId: number, state: 'cart' | 'order' | 'sold') =>
      db.insertInto('seat_holds').values({ calendar_id: calendarId, seat_id: seat.id, state, created_at: now, expires_at: state === 'sold' ? null : now + 60_000 }).returning('id').executeTakeFirstOrThrow()

    const first = await hold(calendars[0].id, 'cart')
    await expect(hold(calendars[0].id, 'cart')).rejects.toThrow(/unique/i)
    await expect(hold(calendars[0].id, 'sold')).rejects.toThrow(/unique/i)
    // The same seat in another session of the same drawing is a different ticket.
    await hold(sameDrawing.id, 'order')
    // Once released, the seat can be held again; the released row stays as history.
    await db.updateTable('seat_holds').set({ released_at: now }).where('id', '=', first.id).execute()
    await hold(calendars[0].id, 'sold')
    const rows = await db.selectFrom('seat_holds').select(['state', 'released_at']).where('seat_id', '=', seat.id).where('calendar_id', '=', calendars[0].id).orderBy('id').execute()
    expect(rows).toEqual([
      { state: 'cart', released_at: now },
      { state: 'sold', released_at: null },
    ])
    await db.deleteFrom('seat_holds').where('seat_id', '=', seat.id).execute()
  })

  it('enforces foreign keys (a price row needs an existing session)', async () => {
    const zone = await server.db.selectFrom('zones').select('id').executeTakeFirstOrThrow()
    const category = await server.db.selectFrom('client_categories').select('id').executeTakeFirstOrThrow()
    await expect(
      server.db.insertInto('prices').values({ calendar_id: 99_999_999, client_category_id: category.id, zone_id: zone.id }).execute(),
    ).rejects.toThrow(/foreign key/i)
  })
})

describe.each(TEST_DBS)('migrations on %s', (dbKind) => {
  it('run down to nothing and up again on an empty database', async () => {
    const server = await startTestServer({ db: dbKind, env: { DEMO_DATA: '0' } })
    try {
      const migrator = new Migrator({ db: server.db, provider: { getMigrations: async () => migrations } })
      const down = await migrator.migrateTo(NO_MIGRATIONS)
      expect(down.error).toBeUndefined()
      expect(down.results?.length).toBe(Object.keys(migrations).length)
      const up = await migrateToLatest(server.db)
      expect(up.results?.every((r) => r.status === 'Success')).toBe(true)
      expect(up.results?.length).toBe(Object.keys(migrations).length)
    } finally {
      await server.close()
    }
  })
})

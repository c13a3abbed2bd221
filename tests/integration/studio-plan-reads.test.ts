import { CompiledQuery } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { studioPlan, venueVersions } from '../../src/server/admin/studio/plan.repository'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'

/**
 * The studio plan's list of a venue's map versions is answered from the venue_drawings_plan index
 * (migration 2026_11_24_17_b10_01), never from venue_drawings' rows, which carry the svg: on
 * SQLite a column after the svg is reached by walking its overflow pages (~0.6 s per version at
 * 1,000,000 seats; .tmp measurements in the commit). SQLite's query plan is what is checked
 * (no timing assertions in tests): a column added to the select that the index lacks makes it
 * read the rows and fails here.
 */
describe.each(TEST_DBS)('studio plan reads no svg for the version list on %s', (dbKind) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ db: dbKind })
  })
  afterAll(async () => {
    await server?.close()
  })

  it('lists the versions from the index alone, and the plan still shows them all', async () => {
    const db = server.db
    const drawing = await db.selectFrom('venue_drawings').select(['id', 'venue_id']).orderBy('id').executeTakeFirstOrThrow()
    const q = venueVersions(db, drawing.venue_id).compile()
    // PostgreSQL keeps a large svg out of line (TOAST): reading a row's other columns never
    // fetches it, so only SQLite's plan is checked; on both the plan must list every version.
    if (dbKind === 'sqlite') {
      const plan = (await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${q.sql}`, [...q.parameters]))).rows.map((r) => r.detail)
      expect(plan.filter((line) => /\bv\b|venue_drawings/.test(line)), plan.join('\n')).toEqual([expect.stringMatching(/^SEARCH v USING COVERING INDEX venue_drawings_plan \(venue_id=\?\)/)])
    }

    const shown = await studioPlan(db, drawing.id, 'en')
    const stored = await db.selectFrom('venue_drawings').select(['id', 'name', 'seat_count']).where('venue_id', '=', drawing.venue_id).orderBy('version').orderBy('id').execute()
    expect(shown.versions.map((v) => ({ id: v.id, name: v.name, seat_count: v.seat_count }))).toEqual(stored)
  })
})

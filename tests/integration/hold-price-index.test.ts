import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../src/server/db/connect'
import { priceUse, releasePriceFromHistory } from '../../src/server/admin/catalogue/catalogue.repository'
import { indexedPlanOf, inlined, planOf, statementsOf } from '../support/plans'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'

/**
 * A price row's deletion finds the holds that name it by index (migration 2026_12_01_18_ph1_01),
 * not by reading every hold ever written: the console asks whether a live hold names the row
 * (priceUse) and makes released ones forget it (releasePriceFromHistory), and then both tables'
 * foreign keys look for a hold still naming it, the same lookup by price_id (a foreign key's own
 * check cannot be explained, so the plain lookup stands in for it). The statements are the ones
 * the repository's functions send (recorded as they run); plans with sequential scans priced out
 * (PostgreSQL) or the index required (SQLite).
 */
const PRICE = 42

describe.each(TEST_DBS)('holds are found by their price row on %s', (dbKind) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ db: dbKind })
  })
  afterAll(async () => {
    await server?.close()
  })

  const holdStatements = async (run: (db: Db) => Promise<unknown>) => (await statementsOf(server.db, run)).filter((q) => /"(seat|standing)_holds"/.test(q.sql))

  it.each([
    ['whether a live hold names the row (priceUse)', (db: Db) => priceUse(db, PRICE)],
    ['released holds forgetting the row (releasePriceFromHistory)', (db: Db) => releasePriceFromHistory(db, PRICE)],
  ])('%s', async (_what, run) => {
    const statements = await holdStatements(run)
    expect(statements.map((q) => q.sql.match(/"(seat|standing)_holds"/)![1])).toEqual(['seat', 'standing'])
    for (const q of statements) {
      const table = q.sql.includes('"seat_holds"') ? 'seat_holds' : 'standing_holds'
      const index = `${table}_price_idx`
      const plan = await indexedPlanOf(server.db, dbKind, inlined(q, dbKind), index)
      expect(plan, plan).toContain(index)
      expect(plan, plan).not.toMatch(new RegExp(`Seq Scan on ${table}\\b|SCAN ${table}\\b`))
    }
  })

  it.each(['seat_holds', 'standing_holds'])("the foreign key's lookup of %s by price row", async (table) => {
    const query = `select 1 from ${table} where price_id = ${PRICE}`
    const plan = dbKind === 'sqlite' ? await planOf(server.db, dbKind, query) : await indexedPlanOf(server.db, dbKind, query, `${table}_price_idx`)
    expect(plan, plan).toContain(`${table}_price_idx`)
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../src/server/db/connect'
import { priceUse } from '../../src/server/admin/catalogue/catalogue.repository'
import { indexedPlanOf, inlined, planOf, statementsOf } from '../support/plans'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'

/**
 * A price row's deletion finds the order lines that name it by index (migration
 * 2026_12_02_18_pl1_01), not by reading every line ever sold: the console asks whether a line
 * names the row (priceUse), and the deletion's foreign key looks for one again, the same lookup by
 * price_id (a foreign key's own check cannot be explained, so the plain lookup stands in for it).
 * As hold-price-index.test.ts does for the holds: plans with sequential scans priced out
 * (PostgreSQL) or the index required (SQLite).
 */
const PRICE = 42
const INDEX = 'order_lines_price_idx'

describe.each(TEST_DBS)('order lines are found by their price row on %s', (dbKind) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ db: dbKind, env: { DEMO_DATA: '0' } })
  })
  afterAll(async () => {
    await server?.close()
  })

  it('whether an order line names the row (priceUse)', async () => {
    const statements = (await statementsOf(server.db, (db: Db) => priceUse(db, PRICE))).filter((q) => q.sql.includes('"order_lines"'))
    expect(statements).toHaveLength(1)
    const plan = await indexedPlanOf(server.db, dbKind, inlined(statements[0], dbKind), INDEX)
    expect(plan, plan).toContain(INDEX)
    expect(plan, plan).not.toMatch(/Seq Scan on order_lines\b|SCAN order_lines\b/)
  })

  it("the foreign key's lookup of order_lines by price row", async () => {
    const query = `select 1 from order_lines where price_id = ${PRICE}`
    const plan = dbKind === 'sqlite' ? await planOf(server.db, dbKind, query) : await indexedPlanOf(server.db, dbKind, query, INDEX)
    expect(plan, plan).toContain(INDEX)
  })
})

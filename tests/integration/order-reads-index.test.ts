import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../src/server/db/connect'
import { readMoneyParts } from '../../src/server/domain/orders/money.repository'
import { readOrderPayments } from '../../src/server/domain/orders/order-payments.repository'
import { findClientCard, listOrderServices } from '../../src/server/domain/orders/order.repository'
import { findPaidPayment } from '../../src/server/domain/returns/repository'
import { indexedPlanOf, inlined, statementsOf } from '../support/plans'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'

/**
 * One order's reads go by index, not through the table (migration 2026_11_29_17_ol1_03): the order
 * page and the order's money read its services and refunds, a paid order of a signed-in visitor
 * reads the client's loyalty card. The statements are the ones the repository's functions send
 * (recorded as they run); plans with sequential scans priced out (PostgreSQL) or the index
 * required (SQLite).
 */
const ORDER = 42

describe.each(TEST_DBS)("an order's own rows are read by index on %s", (dbKind) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ db: dbKind })
  })
  afterAll(async () => {
    await server?.close()
  })

  it.each([
    ["the order's services (order page)", (db: Db) => listOrderServices(db, ORDER), 'order_services_order_idx', 'order_services'],
    ["the order's money (its lines, service costs and discount in one statement)", (db: Db) => readMoneyParts(db, ORDER), 'order_services_order_idx', 'order_services'],
    ['what was given back on it (read with its payments, one statement)', (db: Db) => readOrderPayments(db, ORDER), 'refunds_order_idx', 'refunds'],
    ["the client's loyalty card", (db: Db) => findClientCard(db, ORDER), 'loyalty_cards_client_idx', 'loyalty_cards'],
  ])('%s', async (_what, run, index, table) => {
    const [statement] = await statementsOf(server.db, run)
    const plan = await indexedPlanOf(server.db, dbKind, inlined(statement, dbKind), index)
    expect(plan, plan).toContain(index)
    expect(plan, plan).not.toMatch(new RegExp(`Seq Scan on ${table}\\b|SCAN ${table}\\b`))
  })

  it("a return's refund reads what was given back on the paid payment by index (migration 2026_11_30_17_rf1_01)", async () => {
    // A paid payment of the demo's sales, so the refunds' statement runs.
    const paid = await server.db.selectFrom('payments').select('order_id').where('status', '=', 'paid').orderBy('id').executeTakeFirstOrThrow()
    const statements = await statementsOf(server.db, (db) => findPaidPayment(db, paid.order_id))
    const refunds = statements.find((q) => /from "refunds"/.test(q.sql))
    expect(refunds, statements.map((q) => q.sql).join('\n')).toBeDefined()
    const plan = await indexedPlanOf(server.db, dbKind, inlined(refunds!, dbKind), 'refunds_payment_idx')
    expect(plan, plan).toContain('refunds_payment_idx')
    expect(plan, plan).not.toMatch(/Seq Scan on refunds\b|SCAN refunds\b/)
  })
})

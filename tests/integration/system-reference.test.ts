import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { KIND_CONCERTS, KIND_SUBSCRIPTIONS, KIND_TICKETS } from '../../src/contract/constants'
import pg from 'pg'
import { connect } from '../../src/server/db/connect'
import { migrateToLatest } from '../../src/server/migrations'
import { buildPaymentRegistry } from '../../src/server/payments/registry'
import { prepareDatabase } from '../../src/server/prepare'
import { ensureSystemReference } from '../../src/server/seed/system'
import { PG_ADMIN_URL, startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { signedIn } from './admin-helpers'
import { seedOrderFixtures, visitor, type Fixtures } from './order-fixtures'
import type { PaymentFx } from './payment-fixtures'
import { nextReturnLink, paidOrder, startInbox, type Inbox } from './return-helpers'

/**
 * A new install without demo data (DEMO_DATA=0, SANDBOX_BANK=1) has the reference rows the code
 * relies on (seed/system.ts): it sells with the sandbox bank and takes returns with nothing added
 * by hand, an operator's own section is not the subscriptions one, and restarts add nothing.
 */
const REFERENCE_TABLES = ['menu_kinds', 'languages', 'countries', 'regions', 'document_types', 'return_reasons', 'payment_types'] as const

async function counts(db: ReturnType<typeof connect>): Promise<Record<string, number>> {
  const out: Record<string, number> = {}
  for (const t of REFERENCE_TABLES) out[t] = Number((await db.selectFrom(t).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)
  return out
}

describe.each(TEST_DBS)('reference data of an install without demo data on %s', (dbKind) => {
  let server: TestServer
  let inbox: Inbox
  let fx: Fixtures
  let before: Record<string, number>

  beforeAll(async () => {
    inbox = await startInbox()
    server = await startTestServer({ db: dbKind, env: { DEMO_DATA: '0', SANDBOX_BANK: '1', SMTP_URL: `smtp://127.0.0.1:${inbox.port}`, PUBLIC_URL: 'http://shop.test' } })
    before = await counts(server.db)
    // Only the general-admission event, as an operator builds it in the console (no payment
    // types, no return reasons, no countries added by the test).
    fx = await seedOrderFixtures(server.db)
  })
  afterAll(async () => {
    await server?.close()
    await inbox?.close()
  })

  it('has the fixed sections, buyer-form lists, return reasons and the sandbox payment types', async () => {
    const kinds = await server.db.selectFrom('menu_kinds').select(['id', 'name_ru', 'name_en', 'name_kz', 'name_ch']).where('id', '<=', KIND_CONCERTS).orderBy('id').execute()
    expect(kinds.map((k) => [k.id, k.name_en])).toEqual([
      [KIND_TICKETS, 'Tickets'],
      [KIND_SUBSCRIPTIONS, 'Subscriptions'],
      [KIND_CONCERTS, 'Concerts'],
    ])
    for (const k of kinds) expect([k.name_ru, k.name_kz, k.name_ch].every((n) => n !== '')).toBe(true)
    expect(before).toMatchObject({ menu_kinds: 3, languages: 4, countries: 4, regions: 11, document_types: 6, return_reasons: 4 })
    const types = await server.db.selectFrom('payment_types').select('protocol_type').orderBy('sortnum').execute()
    expect(types.map((t) => t.protocol_type)).toEqual(['card', 'sbp', 'pushkin'])
    const docs = await server.db.selectFrom('document_types').select('id').orderBy('id').execute()
    expect(docs.map((d) => d.id)).toEqual([1, 2, 3, 4, 5, 6])
  })

  it('sells a general-admission ticket through the sandbox bank and returns it', async () => {
    const card = (await server.db.selectFrom('payment_types').select('id').where('protocol_type', '=', 'card').executeTakeFirstOrThrow()).id
    const pfx = { types: { card } } as PaymentFx
    const v = await visitor(server.url)
    const from = inbox.messages.length
    const { hash } = await paidOrder(v, fx, pfx, 1)
    const data = (await v.post<{ error_code: string; rows: { id: number }[]; reasons: { id: number }[] }>(`/api/order/return/${hash}`, { hash, lang: 'en' })).body
    expect(data.error_code).toBe('0')
    expect(data.reasons).toHaveLength(4)
    const created = await v.post<{ errorCode: string }>('/api/order/return-create', { hash, lang: 'ru', reason: data.reasons[0].id, id: [data.rows[0].id] })
    expect(created.body).toMatchObject({ errorCode: '0' })
    const link = await nextReturnLink(inbox, from, hash)
    const confirmed = await v.post<{ errorCode: string }>('/api/order/return-confirm', { hash, lang: 'ru', hashConf: link.hashConf })
    expect(confirmed.body).toMatchObject({ errorCode: '0' })
  })

  it("does not treat an operator's second section as the subscriptions section", async () => {
    const owner = await signedIn(server, 'owner')
    const made = await owner.post<{ id: number }>('/api/admin/kinds', { name_ru: 'Концерты', name_en: 'Concerts' })
    expect(made.status).toBe(200)
    expect(made.body.id).toBeGreaterThan(KIND_CONCERTS)
    // An event not shown before (the event page is cached per event), moved to the new section.
    await server.db.updateTable('events').set({ menu_kind_id: made.body.id }).where('id', '=', fx.free.id).execute()
    const page = await (await visitor(server.url)).post<{ action: { subscription: number; menukind_id?: number } }>('/api/no-scheme', { hash: fx.free.hash, lang: 'en' })
    expect(page.status).toBe(200)
    expect(page.body.action.subscription).toBe(0)
  })

  it('creates nothing twice on later starts (at once on PostgreSQL) and keeps an operator’s edits', async () => {
    await server.db.updateTable('menu_kinds').set({ name_en: 'Season tickets' }).where('id', '=', KIND_SUBSCRIPTIONS).execute()
    await server.db.deleteFrom('return_reasons').where('id', '=', (await server.db.selectFrom('return_reasons').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()).id).execute()
    const now = await counts(server.db)
    const silent = pino({ level: 'silent' })
    // Two starts at the same moment: separate connections, as two processes would have.
    if (dbKind === 'postgres') await Promise.all([prepareDatabase(server.config, silent), prepareDatabase(server.config, silent)])
    else for (let i = 0; i < 2; i++) await prepareDatabase(server.config, silent)
    expect(await counts(server.db)).toEqual(now)
    expect((await server.db.selectFrom('menu_kinds').select('name_en').where('id', '=', KIND_SUBSCRIPTIONS).executeTakeFirstOrThrow()).name_en).toBe('Season tickets')
    // A section an operator adds afterwards still gets a fresh id (sequences moved past 1–3).
    const next = await server.db.insertInto('menu_kinds').values({ name_ru: 'Ещё' }).returning('id').executeTakeFirstOrThrow()
    expect(next.id).toBeGreaterThan(KIND_CONCERTS)
  })
})

/** Processes starting at once on one new PostgreSQL database write the reference data once. */
describe('reference data written by processes starting at once on postgres', () => {
  const PROCESSES = 3
  const name = `seatwise_test_rf2_${Math.random().toString(36).slice(2, 10)}`
  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: PG_ADMIN_URL })
    await client.connect()
    try {
      await client.query(query)
    } finally {
      await client.end()
    }
  }
  afterAll(async () => {
    await admin(`drop database if exists ${name} with (force)`)
  })

  it('creates each row once', async () => {
    await admin(`create database ${name}`)
    const shop = await startTestServer({ db: 'sqlite', env: { DEMO_DATA: '0', SANDBOX_BANK: '1' } })
    const url = new URL(PG_ADMIN_URL)
    url.pathname = `/${name}`
    const config = { ...shop.config, database: { kind: 'postgres' as const, url: url.toString() } }
    await shop.close()
    // Migrated first (the migrations have their own lock), so the processes meet in the reference
    // step itself, each on its own connection.
    const first = connect(config.database)
    await migrateToLatest(first)
    await first.destroy()
    const dbs = Array.from({ length: PROCESSES }, () => connect(config.database))
    try {
      await Promise.all(dbs.map((db) => ensureSystemReference(db, buildPaymentRegistry(config).protocols)))
      expect(await counts(dbs[0])).toEqual({ menu_kinds: 3, languages: 4, countries: 4, regions: 11, document_types: 6, return_reasons: 4, payment_types: 3 })
    } finally {
      await Promise.all(dbs.map((db) => db.destroy()))
    }
  })
})

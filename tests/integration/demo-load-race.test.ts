import pg from 'pg'
import pino from 'pino'
import { afterAll, describe, expect, it } from 'vitest'
import { connect, type Db } from '../../src/server/db/connect'
import { prepareDatabase } from '../../src/server/prepare'
import { PG_ADMIN_URL, startTestServer } from '../support/server'

/**
 * Two processes starting at once on a new PostgreSQL database with DEMO_DATA=1 both find it
 * empty: the second waits for the first's demo load (seed/index.ts) and then loads nothing,
 * instead of dying of lock_timeout on the first's rows.
 */
const TABLES = ['settings', 'events', 'calendars', 'seats', 'venues'] as const

async function counts(db: Db): Promise<Record<string, number>> {
  const out: Record<string, number> = {}
  for (const t of TABLES) out[t] = Number((await db.selectFrom(t).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)
  return out
}

describe('demo data loaded by processes starting at once on postgres', () => {
  const name = `seatwise_test_demo2_${Math.random().toString(36).slice(2, 10)}`
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

  it('both start, and the demo is loaded once', async () => {
    await admin(`create database ${name}`)
    // The demo as one first start loads it (the test template), to compare with.
    const shop = await startTestServer({ db: 'sqlite' })
    const once = await counts(shop.db)
    const url = new URL(PG_ADMIN_URL)
    url.pathname = `/${name}`
    const config = { ...shop.config, database: { kind: 'postgres' as const, url: url.toString() } }
    await shop.close()
    expect(config.demoData).toBe(true)
    expect(once.events).toBeGreaterThan(0)
    const silent = pino({ level: 'silent' })
    // Separate setup connections, as two processes would have.
    const results = await Promise.allSettled([prepareDatabase(config, silent), prepareDatabase(config, silent)])
    expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(['ok', 'ok'])
    const db = connect(config.database)
    try {
      expect(await counts(db)).toEqual(once)
    } finally {
      await db.destroy()
    }
  }, 120_000)
})

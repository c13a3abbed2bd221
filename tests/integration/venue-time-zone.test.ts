import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SessionSales } from '../../src/contract/admin/sales'
import { ORDER_CHECKBOX_SCOPE } from '../../src/server/domain/orders/constants'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { AdminClient, signedIn } from './admin-helpers'
import { NPM_START_ARGS } from './cluster-helpers'
import { visitor } from './order-fixtures'
import { decide, pathOf, startPay } from './payment-fixtures'

/**
 * VENUE_TIME_ZONE=Asia/Almaty (UTC+5 all year; Moscow, the default, is UTC+3): what the visitor
 * and the operator see follows Almaty's clock. The expectations are written out in Almaty's
 * offset here, not through the server's own venue-time.ts, so a server that kept Moscow's clock
 * fails them by two hours.
 */
const ALMATY = 'Asia/Almaty'
const ALMATY_OFFSET = '+05:00'
const ALMATY_OFFSET_MS = 5 * 3600 * 1000
const DAY_MS = 86_400_000
/** How far apart the server's "now" and the test's may be read (a slow machine). */
const CLOCK_SLACK_MS = 60_000

/** A venue-local 'YYYY-MM-DD HH:MM:SS' read as the instant it is in Almaty. */
const almatyInstant = (local: string) => Date.parse(`${local.replace(' ', 'T')}${ALMATY_OFFSET}`)
/** The Almaty calendar day `days` after today's there. */
const almatyDayIn = (days: number) => new Date(Date.now() + ALMATY_OFFSET_MS + days * DAY_MS).toISOString().slice(0, 10)

describe.each(TEST_DBS)('a venue in Almaty (VENUE_TIME_ZONE=Asia/Almaty) on %s', (dbKind) => {
  let server: TestServer
  let manager: AdminClient
  let eventId: number
  let hash: string
  let sessionId: number
  let zone: number
  let category: number
  const day = almatyDayIn(6)

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind, env: { VENUE_TIME_ZONE: ALMATY } })
    manager = await signedIn(server, 'manager')
    const refs = (await manager.get<Record<string, Array<Record<string, unknown> & { id: number }>>>('/api/admin/refs')).body
    zone = refs.zones.find((z) => z.drawing_id === null)!.id
    category = refs.categories[0].id
    eventId = (
      await manager.post<{ id: number }>('/api/admin/events', {
        menu_kind_id: refs.kinds[0].id,
        venue_id: refs.venues[0].id,
        name_ru: 'Алматы',
        main_menu_ids: [refs.menus.find((m) => m.menu_kind_id === refs.kinds[0].id)!.id],
      })
    ).body.id
    sessionId = (await manager.post<{ ids: number[] }>(`/api/admin/events/${eventId}/sessions`, { day, time: '19:00' })).body.ids[0]
    await manager.post(`/api/admin/sessions/${sessionId}/prices`, { client_category_id: category, zone_id: zone, price: 100000, quantity: 20 })
    await manager.post(`/api/admin/events/${eventId}/publish`, { published: 1 })
    hash = (await manager.get<{ event: { hash_id: string } }>(`/api/admin/events/${eventId}`)).body.event.hash_id
  }, 240_000)
  afterAll(async () => {
    await server?.close()
  })

  /** A paid order of one ticket of the session; answers its hash. */
  async function buyOne(): Promise<string> {
    const v = await visitor(server.url)
    const boxes = await server.db.selectFrom('checkbox_lists').select('id').where('scope', '=', ORDER_CHECKBOX_SCOPE).execute()
    const res = await v.post<{ hash: string; errorCode: string }>('/api/order/create', {
      fio: 'Айгерим Сапарова',
      phone: '+77011234567',
      email: 'aigerim@example.org',
      re_email: 'aigerim@example.org',
      data: [{ day, time: '19:00', actionId: eventId, categoryId: category, zoneId: zone, quantity: 1, sum: 1000 }],
      lang: 'kz',
      hash,
      checkboxList: boxes.map((b) => ({ id: b.id, checked: 1 })),
    })
    expect(res.body.errorCode, JSON.stringify(res.body)).toBe('0')
    const card = await server.db.selectFrom('payment_types').select('id').where('protocol_type', '=', 'card').executeTakeFirstOrThrow()
    const publicId = pathOf((await startPay(v, res.body.hash, card.id)).body.bankUrl!).split('/').pop()!
    await decide(v, publicId, 'approve')
    return res.body.hash
  }

  it('"now" of the shop (setup.date) and of the order page is Almaty\'s clock', async () => {
    const setup = (await (await fetch(`${server.url}/api/setup?lang=ru`)).json()) as { date: string }
    expect(setup.date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    expect(Math.abs(almatyInstant(setup.date) - Date.now())).toBeLessThan(CLOCK_SLACK_MS)
    const order = await buyOne()
    const view = (await (await visitor(server.url)).post<{ date: string }>('/api/order/view', { hash: order, lang: 'ru' })).body
    expect(Math.abs(almatyInstant(view.date) - Date.now())).toBeLessThan(CLOCK_SLACK_MS)
  })

  it("tells the browsers the zone: setup and the console's sign-in name Almaty, the return page its offset GMT+05:00", async () => {
    const setup = (await (await fetch(`${server.url}/api/setup?lang=ru`)).json()) as { time_zone?: string }
    expect(setup.time_zone).toBe(ALMATY)
    expect((await manager.get<{ time_zone: string }>('/api/admin/me')).body.time_zone).toBe(ALMATY)
    const order = await buyOne()
    const rows = (await (await visitor(server.url)).post<{ rows: { returndatime: string; returnzone?: string }[] }>(`/api/order/return/${order}`, { hash: order, lang: 'ru' })).body.rows
    expect(rows.length).toBeGreaterThan(0)
    for (const r of rows) expect(r.returnzone).toBe('GMT+05:00')
  })

  it("a session entered as 19:00 starts at 19:00 Almaty time; the demo's sessions are Almaty's too", async () => {
    const row = await server.db.selectFrom('calendars').select(['day', 'time', 'starts_at']).where('id', '=', sessionId).executeTakeFirstOrThrow()
    expect([row.day, row.time]).toEqual([day, '19:00'])
    expect(Number(row.starts_at)).toBe(almatyInstant(`${day} 19:00:00`))
    const demo = await server.db.selectFrom('calendars').select(['day', 'time', 'starts_at']).where('event_id', '!=', eventId).execute()
    expect(demo.length).toBeGreaterThan(0)
    for (const c of demo) expect(Number(c.starts_at), `${c.day} ${c.time}`).toBe(almatyInstant(`${c.day} ${c.time}:00`))
  })

  it("counts a sale paid at 00:30 in Almaty (19:30 UTC, 22:30 in Moscow) for Almaty's new day", async () => {
    const order = await buyOne()
    await server.db.updateTable('orders').set({ paid_at: Date.UTC(2026, 10, 30, 19, 30) }).where('hash', '=', order).execute()
    const sales = (await manager.get<SessionSales>(`/api/admin/sales/sessions/${sessionId}`)).body
    expect(sales.over_time.filter((p) => ['2026-11-30', '2026-12-01'].includes(p.day))).toEqual([{ day: '2026-12-01', sold: 1, revenue: 100000 }])
  })
})

describe('an unknown VENUE_TIME_ZONE', () => {
  it('refuses to start, naming the variable and the value, before it opens anything', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seatwise-zone-'))
    try {
      // No client to build (a build's helpers would outlive a killed start); killed outright if it started anyway.
      const env = { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', DEMO_DATA: '0', CLIENT_DIR: path.join(dataDir, 'no-client'), VENUE_TIME_ZONE: 'Asia/Almatyy' }
      const run = spawnSync(process.execPath, NPM_START_ARGS, { env, encoding: 'utf8', timeout: 30_000, killSignal: 'SIGKILL' })
      expect(run.status, run.stderr).toBe(1)
      expect(run.stderr).toMatch(/VENUE_TIME_ZONE: unknown time zone "Asia\/Almatyy": give an IANA zone name such as Europe\/Moscow or Asia\/Almaty/)
      // One line, no stack trace.
      expect(run.stderr).not.toMatch(/^\s+at .+/m)
      expect(fs.readdirSync(dataDir)).toEqual([])
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  }, 60_000)
})

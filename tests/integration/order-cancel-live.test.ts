import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LIVE_NOTIFY_COALESCE_MS, PG_CHANNEL } from '../../src/server/domain/live/constants'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { signedIn, type AdminClient } from './admin-helpers'
import { loadScheme, schemeOrderBody, seatChange, SseReader, visitor, type SchemeFx } from './scheme-helpers'

/** Generous bound for a change to reach a stream or a listener (it normally takes milliseconds). */
const STREAM_MS = 5000

/**
 * An operator cancelling an unpaid order in order care frees its seats in the cancel's
 * transaction, and then tells the live feed, as a refund or a desk sale does: open maps see the
 * seats free at once, and on PostgreSQL the other processes are told (NOTIFY) rather than finding
 * it at their next poll. The stream alone cannot tell the two apart (the poll would bring it a
 * second later), so on PostgreSQL the test also listens on the feed's channel, which only an
 * announcement after commit reaches (the change-log trigger does not notify).
 */
describe.each(TEST_DBS)('order care cancel reaches open seat maps on %s', (dbKind) => {
  let server: TestServer
  let fx: SchemeFx
  let desk: AdminClient

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind })
    fx = await loadScheme(await visitor(server.url))
    desk = await signedIn(server, 'boxoffice')
  })
  afterAll(async () => {
    await server?.close()
  })

  it('the freed seats reach an open stream, and other processes are told', async () => {
    const zone = fx.map.seat_numbers[0].zonelevel_id
    const keys = fx.map.seat_numbers.filter((s) => s.zonelevel_id === zone).slice(0, 2).map((s) => s.seat_id)
    const v = await visitor(server.url)
    for (const k of keys) expect((await v.post('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, k)] })).status).toBe(200)
    const made = await v.post<{ errorCode: string; hash: string }>('/api/order/create-scheme', await schemeOrderBody(v, fx, keys))
    expect(made.body.errorCode, JSON.stringify(made.body)).toBe('0')
    const { id } = await server.db.selectFrom('orders').select('id').where('hash', '=', made.body.hash).executeTakeFirstOrThrow()

    const stream = await SseReader.open(server.url, fx.calendarId, { since: fx.map.version })
    const listener = server.config.database.kind === 'postgres' ? new pg.Client({ connectionString: server.config.database.url }) : null
    const heard: string[] = []
    try {
      await stream.waitFor((r) => keys.every((k) => r.latestStatus().get(k) === 'sold'), STREAM_MS, 'the ordered seats taken on the stream')
      if (listener) {
        // The order's own announcement (sent at most LIVE_NOTIFY_COALESCE_MS after its change) is past
        // before listening starts, so what is heard next is the cancel's.
        await new Promise((r) => setTimeout(r, LIVE_NOTIFY_COALESCE_MS * 4))
        await listener.connect()
        listener.on('notification', (n) => heard.push(n.channel))
        await listener.query(`listen ${PG_CHANNEL}`)
      }
      const res = await desk.post(`/api/admin/orders/${id}/cancel`, {})
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      await stream.waitFor((r) => keys.every((k) => r.latestStatus().get(k) === 'free'), STREAM_MS, 'the cancelled order\'s seats free on the stream')
      if (listener) {
        const deadline = Date.now() + STREAM_MS
        while (heard.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, LIVE_NOTIFY_COALESCE_MS))
        expect(heard, 'the cancel announced its change to the other processes').toContain(PG_CHANNEL)
      }
    } finally {
      stream.close()
      await listener?.end()
    }
  })
})

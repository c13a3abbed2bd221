import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHealthRig, type HealthRig } from './health-rig'

/** Stand-in for a ticket's hash in the URL; it must not reach the log. */
const TICKET_HASH = 'lateTicketHashSecret0123456789'
/** Short, so the deadline answers busy while the blocked read waits. */
const DEADLINE_MS = 400
/** Longer than the deadline: the read is still waiting when busy goes out. */
const HOLD_MS = 1200

/**
 * A request the deadline answers busy goes on in its handler (plugins/request-deadline.ts); when
 * it finishes, Fastify would log "Reply was already sent … in <url>" or "Promise errored, but
 * reply.sent = true" with the raw URL and the error's parameters: a ticket's hash. The route
 * wrappers drop such a late result with a line of its kind only (answered.ts unlessAnswered).
 */
describe('a result that comes after the deadline answered busy, on postgres', () => {
  let rig: HealthRig
  let blocker: pg.Client
  beforeAll(async () => {
    rig = await startHealthRig('postgres', { REQUEST_DEADLINE_MS: String(DEADLINE_MS), DB_LOCK_TIMEOUT_MS: '10000', REQUEST_LOG: 'all' })
    blocker = new pg.Client({ connectionString: rig.databaseUrl })
    await blocker.connect()
  })
  afterAll(async () => {
    await blocker?.end()
    await rig?.close()
  })

  it('is dropped, and the log carries no hash', async () => {
    await blocker.query('begin')
    await blocker.query('lock table order_lines, orders in access exclusive mode')
    const res = fetch(`${rig.server.url}/api/ticket/${TICKET_HASH}`)
    await new Promise((r) => setTimeout(r, HOLD_MS))
    expect((await res).status).toBe(503)
    await blocker.query('rollback')
    // The handler's end, as we log it or as Fastify would.
    const said = (text: RegExp) => rig.lines.some((l) => text.test(JSON.stringify(l)))
    await expect.poll(() => said(/after its answer went out|already sent|reply.sent/), { timeout: 10_000 }).toBe(true)
    expect(JSON.stringify(rig.lines)).not.toContain(TICKET_HASH)
    expect(said(/after its answer went out/)).toBe(true)
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_DBS } from '../support/server'
import { startHealthRig, type HealthRig } from './health-rig'

/** Stand-ins for the secrets a visitor's URL carries; none may reach the log. */
const CRM_TOKEN = 'crmTokenSecret0123456789abcdef'
const HASH_CONF = 'hashConfSecret0123456789abcdef'
const ORDER_HASH = 'orderHashSecret0123456789abcd'
const TICKET_HASH = 'ticketHashSecret0123456789abc'

/**
 * The request log (plugins/request-log.ts, REQUEST_LOG=all) writes each URL's path with its query
 * values and secret path segments redacted: a CRM sign-in token, a return's confirmation hash and
 * an order's or ticket's hash each let whoever reads the log act as the visitor.
 */
describe.each(TEST_DBS)('the request log on %s', (dbKind) => {
  let rig: HealthRig
  beforeAll(async () => {
    rig = await startHealthRig(dbKind, { REQUEST_LOG: 'all' })
  })
  afterAll(async () => {
    await rig?.close()
  })

  it('keeps the path and the query names, never a token or a hash', async () => {
    const asked = [
      `/?crm=${CRM_TOKEN}`,
      `/order/return/${ORDER_HASH}?hash_conf=${HASH_CONF}&lang=en`,
      `/order/${ORDER_HASH}`,
      `/ticket/${TICKET_HASH}`,
      `/api/ticket/${TICKET_HASH}`,
      '/event/public-event-hash',
    ]
    for (const url of asked) await (await fetch(`${rig.server.url}${url}`)).arrayBuffer()
    await (await fetch(`${rig.server.url}/api/order/return/${ORDER_HASH}?crm=${CRM_TOKEN}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).arrayBuffer()
    const log = JSON.stringify(rig.lines)
    for (const secret of [CRM_TOKEN, HASH_CONF, ORDER_HASH, TICKET_HASH]) expect(log).not.toContain(secret)
    const urls = rig.lines.filter((l) => l.msg === 'request completed').map((l) => l.url)
    expect(urls).toEqual(
      expect.arrayContaining([
        '/?crm=[redacted]',
        '/order/return/[redacted]?hash_conf=[redacted]&lang=[redacted]',
        '/order/[redacted]',
        '/ticket/[redacted]',
        '/api/ticket/[redacted]',
        '/event/public-event-hash',
        '/api/order/return/[redacted]?crm=[redacted]',
      ]),
    )
  })
})

import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_DBS } from '../support/server'
import { startHealthRig, type HealthRig } from './health-rig'

/** Stand-ins for the secrets a visitor's URL carries; none may reach the log. */
const CRM_TOKEN = 'crmTokenSecret0123456789abcdef'
const HASH_CONF = 'hashConfSecret0123456789abcdef'
const ORDER_HASH = 'orderHashSecret0123456789abcd'
const TICKET_HASH = 'ticketHashSecret0123456789abc'

/** GET of a path as written, byte for byte (fetch would normalize some of them). */
function rawGet(base: string, path: string): Promise<number> {
  const { hostname, port } = new URL(base)
  return new Promise((resolve, reject) => {
    const req = http.request({ hostname, port, path, method: 'GET' }, (res) => {
      res.resume()
      res.on('end', () => resolve(res.statusCode ?? 0))
    })
    req.on('error', reject)
    req.end()
  })
}

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

  it('redacts a hash in a path no route matches, a bad URL and a path written another way', async () => {
    const asked = [
      // Under an API call's prefix, but no route: the 404 of the API.
      `/api/ticket/${TICKET_HASH}/x`,
      `/api/ticket/${TICKET_HASH}/`,
      `/api/order/return/${ORDER_HASH}/x`,
      // Under a page's prefix: the web client's fallback.
      `/order/${ORDER_HASH}/anything`,
      `/nominal-tickets/${ORDER_HASH}`,
      `/order/declined/${ORDER_HASH}`,
      // The same pages as the browser's router finds them: any case, doubled slashes, escapes.
      `/Order/${ORDER_HASH}`,
      `//ticket//${TICKET_HASH}`,
      `/%6Frder/${ORDER_HASH}`,
      // Not valid percent-encoding: answered before routing (frameworkErrors, app.ts).
      `/api/ticket/${TICKET_HASH}%zz`,
      `/order/${ORDER_HASH}%zz`,
    ]
    for (const path of asked) await rawGet(rig.server.url, path)
    const log = JSON.stringify(rig.lines)
    for (const secret of [ORDER_HASH, TICKET_HASH]) expect(log).not.toContain(secret)
    const urls = rig.lines.filter((l) => l.msg === 'request completed').map((l) => l.url)
    expect(urls).toEqual(
      expect.arrayContaining([
        '/api/ticket/[redacted]/x',
        '/api/order/return/[redacted]/x',
        '/order/[redacted]/anything',
        '/nominal-tickets/[redacted]',
        '/order/declined/[redacted]',
        '/Order/[redacted]',
      ]),
    )
  })

  it("writes a logged request's URL redacted wherever a line carries { req } (Fastify's own error lines do)", () => {
    rig.server.app.log.warn({ req: { method: 'GET', url: `/api/ticket/${TICKET_HASH}/x?crm=${CRM_TOKEN}` } }, 'probe with a request')
    const line = rig.lines.find((l) => l.msg === 'probe with a request')
    expect(line?.req).toMatchObject({ method: 'GET', url: '/api/ticket/[redacted]/x?crm=[redacted]' })
  })
})

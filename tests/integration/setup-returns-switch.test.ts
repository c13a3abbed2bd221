import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { type AdminClient, signedIn } from './admin-helpers'
import { visitor } from './order-fixtures'

/**
 * The owner's switch of online returns (shop setup, app.order_return): what the storefront's setup
 * then says; orders follow it unless one allows returns of its own (returns/policy.ts, covered in
 * return-flow.test.ts).
 */
describe.each(TEST_DBS)('the online-returns switch of the console on %s', (dbKind) => {
  let server: TestServer
  let owner: AdminClient
  beforeAll(async () => {
    server = await startTestServer({ db: dbKind, env: { DEMO_DATA: '0' } })
    owner = await signedIn(server, 'owner')
  })
  afterAll(async () => {
    await server?.close()
  })

  it('the owner switches online returns off and on; a form that leaves the flag out keeps it', async () => {
    const shop = async () => (await (await visitor(server.url)).getJson('/api/setup')).body as { app: { order_return: number } }
    const form = (await owner.get<{ app: Record<string, unknown> }>('/api/admin/setup')).body
    // Each save from this one form sends the setup's version as it is by then (a stale one is refused: setup-version.test.ts).
    const version = async () => (await owner.get<{ version: number }>('/api/admin/setup')).body.version
    expect(form.app.order_return).toBe(1)
    try {
      expect((await owner.post('/api/admin/setup', { ...form, app: { ...form.app, order_return: 0 } })).status).toBe(200)
      expect((await shop()).app.order_return).toBe(0)
      const { order_return: _left, ...without } = form.app
      expect((await owner.post('/api/admin/setup', { ...form, app: without, version: await version() })).status).toBe(200)
      expect((await owner.get<{ app: Record<string, unknown> }>('/api/admin/setup')).body.app.order_return).toBe(0)
      expect((await owner.post('/api/admin/setup', { ...form, app: { ...form.app, order_return: 2 } })).status).toBe(400)
    } finally {
      expect((await owner.post('/api/admin/setup', { ...form, app: { ...form.app, order_return: 1 }, version: await version() })).status).toBe(200)
    }
    expect((await shop()).app.order_return).toBe(1)
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { crmClientInfoResponseSchema } from '../../src/contract/entities/crm'
import { setupSchema } from '../../src/contract/entities/setup'
import { afishaResponseSchema } from '../../src/contract/entities/afisha'
import { ErrorCode } from '../../src/contract/errors'
import { signCrmToken } from '../../src/server/crm/token'
import { ApiClient } from '../support/client'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'

const HOUR_S = 3600

describe.each(TEST_DBS)('CRM sign-in on %s', (dbKind) => {
  let server: TestServer
  let annaId: number
  let ivanId: number

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind })
    const clients = await server.db.selectFrom('crm_clients').select(['id', 'email']).orderBy('id').execute()
    annaId = clients.find((c) => c.email.startsWith('anna'))!.id
    ivanId = clients.find((c) => c.email.startsWith('ivan'))!.id
  })
  afterAll(async () => {
    await server?.close()
  })

  const token = (id: number, expInS = HOUR_S, secret = server.config.crmSecret) =>
    signCrmToken(secret, { id, exp: Math.floor(Date.now() / 1000) + expInS })

  async function signedInClient(id: number): Promise<ApiClient> {
    const client = new ApiClient(server.url)
    await client.startSession()
    const res = await client.post('/api/crm/client-info', { token: token(id) })
    expect(res.status).toBe(200)
    return client
  }

  it('a valid token puts the client and its subscriptions in the session and in setup', async () => {
    const client = new ApiClient(server.url)
    await client.startSession()
    const res = await client.post('/api/crm/client-info', { token: token(annaId) })
    expect(res.status).toBe(200)
    const body = crmClientInfoResponseSchema.parse(res.body)
    expect(body.crm_client?.data?.email).toBe('anna.petrova@example.org')
    expect(body.crm_client?.subscriptions.length).toBeGreaterThanOrEqual(1)

    const setup = setupSchema.parse((await client.getJson('/api/setup')).body)
    expect(setup.crm_client.data?.first_name).toBe('Анна')
    expect(setup.crm_client.subscriptions).toEqual(body.crm_client?.subscriptions)

    // Each subscription names a listed event and its menu.
    const afisha = afishaResponseSchema.parse((await client.getJson('/api/afisha')).body)
    expect(afisha.setup.crm_client.data?.email).toBe('anna.petrova@example.org')
    for (const s of setup.crm_client.subscriptions) {
      const event = afisha.action.find((e) => e.hash_id === s.hash_id)
      expect(event).toBeDefined()
      expect(s.menukind_id).toBe(event!.menukind_id)
      expect(s.mainmenu_id).toBe(event!.mainmenu_id)
      expect(s.quant).toBeGreaterThan(0)
    }
    // Without a token, client-info answers the session's client.
    const again = crmClientInfoResponseSchema.parse((await client.post('/api/crm/client-info', {})).body)
    expect(again.crm_client?.data?.id).toBe(String(annaId))
  })

  it("a subscription names its event's live menu item, as the listing's card does, when the first one is archived", async () => {
    const client = await signedInClient(annaId)
    const [sub] = setupSchema.parse((await client.getJson('/api/setup')).body).crm_client.subscriptions
    const event = await server.db.selectFrom('events').select('id').where('hash_id', '=', sub.hash_id).executeTakeFirstOrThrow()
    const first = await server.db.selectFrom('main_menus').select(['id', 'menu_kind_id']).where('id', '=', sub.mainmenu_id).executeTakeFirstOrThrow()
    const other = await server.db.insertInto('main_menus').values({ menu_kind_id: first.menu_kind_id, name_ru: 'Другое меню' }).returning('id').executeTakeFirstOrThrow()
    await server.db.insertInto('event_menus').values({ event_id: event.id, main_menu_id: other.id, sub_menu_id: null }).execute()
    await server.db.updateTable('main_menus').set({ archived_at: Date.now() }).where('id', '=', first.id).execute()
    try {
      const again = setupSchema.parse((await client.getJson('/api/setup')).body).crm_client.subscriptions.find((s) => s.hash_id === sub.hash_id)!
      const card = afishaResponseSchema.parse((await client.getJson('/api/afisha')).body).action.find((e) => e.hash_id === sub.hash_id)!
      expect([again.mainmenu_id, card.mainmenu_id]).toEqual([other.id, other.id])
    } finally {
      await server.db.updateTable('main_menus').set({ archived_at: null }).where('id', '=', first.id).execute()
      await server.db.deleteFrom('event_menus').where('main_menu_id', '=', other.id).execute()
    }
  })

  it('a client without subscriptions has an empty list', async () => {
    const client = await signedInClient(ivanId)
    const setup = setupSchema.parse((await client.getJson('/api/setup')).body)
    expect(setup.crm_client.data?.email).toBe('ivan.smirnov@example.org')
    expect(setup.crm_client.subscriptions).toEqual([])
  })

  // Why a token failed (signature, expiry, format) is logged; the visitor reads that the link failed.
  const refused: [string, () => string, RegExp][] = [
    ['signed with another secret', () => token(1, HOUR_S, 'not-the-crm-secret'), /ссылка недействительна или устарела/],
    ['with an edited payload', () => {
      const [, sig] = token(1).split('.')
      const body = Buffer.from(JSON.stringify({ id: 2, exp: Math.floor(Date.now() / 1000) + HOUR_S })).toString('base64url')
      return `${body}.${sig}`
    }, /ссылка недействительна или устарела/],
    ['expired', () => token(1, -10), /ссылка недействительна или устарела/],
    ['malformed', () => 'not-a-token', /ссылка недействительна или устарела/],
    ['for an unknown client', () => token(999_999), /клиент не найден/],
  ]
  it.each(refused)('a token %s is refused and the session stays anonymous', async (_name, make, text) => {
    const client = new ApiClient(server.url)
    await client.startSession()
    const res = await client.post<{ errorCode: string; errorText: string }>('/api/crm/client-info', { token: make() })
    expect(res.status).toBe(401)
    expect(res.body.errorCode).not.toBe(ErrorCode.OK)
    expect(res.body.errorText).toMatch(text)
    const setup = setupSchema.parse((await client.getJson('/api/setup')).body)
    expect(setup.crm_client.data).toBeNull()
  })

  it('logout forgets the client', async () => {
    const client = await signedInClient(annaId)
    const res = await client.post('/api/crm/logout', {})
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ crm_client: null })
    const setup = setupSchema.parse((await client.getJson('/api/setup')).body)
    expect(setup.crm_client).toEqual({ data: null, subscriptions: [] })
  })

  it('one visitor signing in does not sign in another', async () => {
    await signedInClient(annaId)
    const other = new ApiClient(server.url)
    await other.startSession()
    const setup = setupSchema.parse((await other.getJson('/api/setup')).body)
    expect(setup.crm_client.data).toBeNull()
  })
})

/** The development default of CRM_SECRET: public (config.ts), so anyone can sign a token with it. */
const PUBLIC_DEFAULT = 'dev-crm-secret-change-me'

/**
 * Production without CRM_SECRET: the public default would let anyone sign in as any CRM client,
 * so the `?crm=` sign-in is off (config.ts crmSignIn), with a warning at start, and the server
 * still starts (a venue without a CRM need not set it). Development signs in with it as before.
 */
describe.each([
  ['production', { NODE_ENV: 'production', SESSION_SECRET: 'test-session-secret-0123456789', DEMO_DATA: '1' }, 401],
  ['development', {}, 200],
] as const)('a token signed with the public default CRM_SECRET in %s', (_mode, env, status) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ db: 'sqlite', env: { ...env, CRM_SECRET: '' } })
  })
  afterAll(async () => {
    await server?.close()
  })

  it(`answers ${status}`, async () => {
    const anna = await server.db.selectFrom('crm_clients').select('id').where('email', 'like', 'anna%').executeTakeFirstOrThrow()
    const client = new ApiClient(server.url)
    await client.startSession()
    const res = await client.post<{ errorCode: string; errorText: string }>('/api/crm/client-info', { token: signCrmToken(PUBLIC_DEFAULT, { id: anna.id, exp: Math.floor(Date.now() / 1000) + HOUR_S }) })
    expect(res.status, JSON.stringify(res.body)).toBe(status)
    const setup = setupSchema.parse((await client.getJson('/api/setup')).body)
    expect(setup.crm_client.data === null).toBe(status !== 200)
    // The start said why, and how to turn the sign-in on.
    expect(server.config.warnings.some((w) => /CRM_SECRET is not set in production[\s\S]*set CRM_SECRET/.test(w))).toBe(status !== 200)
  })
})

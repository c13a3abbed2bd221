import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AdminErrorCode } from '../../src/contract/admin/roles'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { AdminClient, signedIn } from './admin-helpers'

/** A role no version of ours has: what a row edited by hand, or written by a later version, holds. */
const UNKNOWN_ROLE = 'auditor'

/**
 * An operator row whose role this version does not know grants nothing and fails closed with a
 * reason: before, every console call of such an operator answered 500 (ROLE_PERMISSIONS[role]
 * was undefined in `can`), and sign-in let them into that console.
 */
describe.each(TEST_DBS)('an operator whose stored role this version does not know, on %s', (dbKind) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ db: dbKind, env: { DEMO_DATA: '0' } })
  })
  afterAll(async () => {
    await server?.close()
  })

  const setRole = (email: string, role: string) => server.db.updateTable('operators').set({ role: role as never }).where('email', '=', email).execute()

  it('is signed out, refused at sign-in with the reason, and signs in again once an owner sets a role', async () => {
    const owner = await signedIn(server, 'owner')
    const email = `odd-${Math.random().toString(36).slice(2, 8)}@example.org`
    const odd = await signedIn(server, 'manager', email)
    expect((await odd.get('/api/admin/events')).status).toBe(200)
    await setRole(email, UNKNOWN_ROLE)

    for (const path of ['/api/admin/me', '/api/admin/events']) {
      const answer = await odd.get(path)
      expect(answer.status, path).toBe(401)
      expect(answer.body.errorCode).toBe(AdminErrorCode.SIGNED_OUT)
    }

    const again = new AdminClient(server.url)
    const wrong = await again.login(email, 'not the password')
    expect(wrong.status).toBe(401)
    expect(wrong.body.errorCode).toBe(AdminErrorCode.BAD_CREDENTIALS)
    const refused = await again.login(email)
    expect(refused.status).toBe(403)
    expect(refused.body.errorCode).toBe(AdminErrorCode.FORBIDDEN)
    expect(refused.body.errorText).toContain(UNKNOWN_ROLE)
    expect(again.cookie).toBe('')

    const listed = await owner.get<{ operators: { id: number; email: string; role: string }[] }>('/api/admin/operators')
    expect(listed.status).toBe(200)
    const row = listed.body.operators.find((o) => o.email === email)
    expect(row?.role).toBe(UNKNOWN_ROLE)
    const set = await owner.post(`/api/admin/operators/${row?.id}`, { role: 'door' })
    expect(set.status, JSON.stringify(set.body)).toBe(200)
    expect((await new AdminClient(server.url).login(email)).status).toBe(200)
  })

  it("an API token whose maker's role this version does not know is refused, not a 500", async () => {
    const email = `maker-${Math.random().toString(36).slice(2, 8)}@example.org`
    const maker = await signedIn(server, 'owner', email)
    await signedIn(server, 'owner') // the maker is not the last owner
    const made = await maker.post<{ token: string }>('/api/admin/tokens', { name: 'script', role: 'manager' })
    expect(made.status, JSON.stringify(made.body)).toBe(200)
    const script = new AdminClient(server.url)
    script.bearer = made.body.token
    expect((await script.get('/api/admin/events')).status).toBe(200)
    await setRole(email, UNKNOWN_ROLE)
    const refused = await script.get('/api/admin/events')
    expect(refused.status).toBe(401)
    expect(refused.body.errorCode).toBe(AdminErrorCode.SIGNED_OUT)
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AdminErrorCode } from '../../src/contract/admin/roles'
import type { StudioPlan } from '../../src/contract/admin/studio'
import { TEST_DBS, type TestServer } from '../support/server'
import { type AdminClient, signedIn } from './admin-helpers'
import { copiedPlan, releaseLease, sealedVenue, startHeldServer } from './studio-copy-helpers'

/**
 * A studio save for one session (seats blocked for it only, admin/studio/edit.ts `sessionId`)
 * whose copy goes on in the background: the session keeps selling the version it is on while the
 * copy goes on, seats blocked for it meanwhile land on that version, and the copy's last step
 * moves it onto the new version with every block (its own by seat key, the version's). Before,
 * the studio moved the session only when the copy finished within the request, so it stayed on
 * the old version without the blocks it was saved for.
 */
interface Saved { drawing_id: number; copying: { copied: number; total: number } | null }
interface Blocked { drawing_id: number; keys: string[] }
interface Audit { action: string; entity_id: string; after: Record<string, unknown> }

describe.each(TEST_DBS)('a studio save for one session, copied in the background, on %s', (dbKind) => {
  let server: TestServer
  let manager: AdminClient
  let first: number
  let session: number
  let plan: StudioPlan

  const blocked = async () => (await manager.get<Blocked>(`/api/admin/sessions/${session}/blocks`)).body
  const audits = async (entity: string, id: number) => (await manager.get<{ entries: Audit[] }>(`/api/admin/audit?entity=${entity}`)).body.entries.filter((e) => e.entity_id === String(id))

  beforeAll(async () => {
    server = await startHeldServer(dbKind)
    manager = await signedIn(server, 'manager')
    ;({ first, session, plan } = await sealedVenue(manager))
  })
  afterAll(async () => {
    await server?.close()
  })

  it('moves the session once the copy is done; seats blocked for it during the copy land on the version it sells and move with it', async () => {
    const [camera, house, late] = plan.seats.key
    const saved = await manager.post<Saved>(`/api/admin/drawings/${first}/edit`, { ops: [{ op: 'block', blocked: true, seats: { keys: [camera] } }], session_id: session })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(saved.body.copying).not.toBeNull()
    const made = saved.body.drawing_id

    // While the copy waits, the session sells the version it is on: a block lands there, at once.
    const during = await manager.post(`/api/admin/sessions/${session}/blocks`, { blocked: true, seats: { keys: [house] } })
    expect(during.status, JSON.stringify(during.body)).toBe(200)
    expect(await blocked()).toEqual({ drawing_id: first, keys: [house] })
    // Moving it by hand onto the unfinished version is refused, as before.
    const early = await manager.post(`/api/admin/sessions/${session}/map`, { drawing_id: made })
    expect(early.status).toBe(409)
    expect(early.body.errorCode).toBe(AdminErrorCode.CONFLICT)

    await releaseLease(server)
    await copiedPlan(manager, made)
    const after = await blocked()
    expect(after.drawing_id).toBe(made)
    expect(new Set(after.keys)).toEqual(new Set([camera, house]))
    expect((await audits('drawing', made)).find((e) => e.action === 'edit-map-copied')!.after).toMatchObject({ edited: true, session_moved: session })
    expect((await audits('session', session)).map((e) => e.action)).toContain('move-map')
    // On the new version the session's blocks go on as before.
    expect((await manager.post(`/api/admin/sessions/${session}/blocks`, { blocked: true, seats: { keys: [late] } })).status).toBe(200)
    expect(new Set((await blocked()).keys)).toEqual(new Set([camera, house, late]))
  })

  it('refuses a save for an unknown session or a general-admission one before anything is made', async () => {
    const before = (await server.db.selectFrom('venue_drawings').select('id').execute()).length
    const unknown = await manager.post(`/api/admin/drawings/${first}/edit`, { ops: [{ op: 'block', blocked: true, seats: { keys: [plan.seats.key[3]] } }], session_id: 999999 })
    expect(unknown.status).toBe(404)
    const other = await server.db.selectFrom('calendars').select('id').where('drawing_id', 'is', null).executeTakeFirstOrThrow()
    const general = await manager.post(`/api/admin/drawings/${first}/edit`, { ops: [{ op: 'block', blocked: true, seats: { keys: [plan.seats.key[3]] } }], session_id: Number(other.id) })
    expect(general.status).toBe(400)
    expect((await server.db.selectFrom('venue_drawings').select('id').execute()).length).toBe(before)
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AdminErrorCode } from '../../src/contract/admin/roles'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { signedIn, type AdminClient } from './admin-helpers'

type Row = Record<string, unknown> & { id: number }

/**
 * Two operators editing one event, on both databases: the editor sends the version it loaded, and
 * a save another save has overtaken is refused (409, nothing changed) instead of putting back the
 * names and tags it loaded over the other operator's.
 */
describe.each(TEST_DBS)("an event's saves from a stale form, on %s", (dbKind) => {
  let server: TestServer
  let first: AdminClient
  let second: AdminClient
  let refs: Record<string, Row[]>

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind })
    first = await signedIn(server, 'manager')
    second = await signedIn(server, 'manager')
    refs = (await first.get<Record<string, Row[]>>('/api/admin/refs')).body
  })
  afterAll(async () => {
    await server?.close()
  })

  const body = (name: string, tagIds: number[], version?: number) => ({
    menu_kind_id: refs.kinds[0].id,
    venue_id: refs.venues[0].id,
    name_ru: name,
    main_menu_ids: [refs.menus.find((m) => m.menu_kind_id === refs.kinds[0].id)!.id],
    tag_ids: tagIds,
    version,
  })
  const detail = async (id: number) => (await first.get<{ event: Row; tag_ids: number[] }>(`/api/admin/events/${id}`)).body
  const audits = async (id: number) => (await server.db.selectFrom('audit_log').select('id').where('entity', '=', 'event').where('entity_id', '=', String(id)).execute()).length

  it('passes the save from the current version, refuses the one loaded before it and changes nothing', async () => {
    const id = (await first.post<{ id: number }>('/api/admin/events', body('Versioned', []))).body.id
    const loaded = await detail(id)
    expect(loaded.event.version).toBe(0)

    // The second operator adds a tag and renames; the first still has the form from version 0.
    const theirs = await second.post<{ version: number }>(`/api/admin/events/${id}`, body('Their name', [refs.tags[0].id], 0))
    expect(theirs.status, JSON.stringify(theirs.body)).toBe(200)
    expect(theirs.body.version).toBe(1)
    const auditsBefore = await audits(id)

    const stale = await first.post(`/api/admin/events/${id}`, body('My name', [], 0))
    expect(stale.status).toBe(409)
    expect(stale.body.errorCode).toBe(AdminErrorCode.CONFLICT)
    expect(stale.body.errorText).toContain('changed since you opened it')
    expect(stale.body).toMatchObject({ stale: true })
    const after = await detail(id)
    expect(after.event.name_ru).toBe('Their name')
    expect(after.tag_ids).toEqual([refs.tags[0].id])
    expect(after.event.version).toBe(1)
    expect(await audits(id)).toBe(auditsBefore)

    // Loaded again, the first operator's save passes.
    const again = await first.post<{ version: number }>(`/api/admin/events/${id}`, body('My name', after.tag_ids, 1))
    expect(again.status, JSON.stringify(again.body)).toBe(200)
    expect(again.body.version).toBe(2)
    expect((await detail(id)).event.name_ru).toBe('My name')
  })

  it('lets exactly one of two saves from the same version through', async () => {
    const id = (await first.post<{ id: number }>('/api/admin/events', body('Raced', []))).body.id
    const answers = await Promise.all([first.post(`/api/admin/events/${id}`, body('From first', [], 0)), second.post(`/api/admin/events/${id}`, body('From second', [], 0))])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
    const winner = answers[0].status === 200 ? 'From first' : 'From second'
    const after = await detail(id)
    expect(after.event.name_ru).toBe(winner)
    expect(after.event.version).toBe(1)
  })

  it('overwrites without a version (a script owning the event) and starts a copy at version 0', async () => {
    const id = (await first.post<{ id: number }>('/api/admin/events', body('Scripted', []))).body.id
    expect((await first.post(`/api/admin/events/${id}`, body('Scripted 2', []))).status).toBe(200)
    const saved = await first.post<{ version: number }>(`/api/admin/events/${id}`, body('Scripted 3', []))
    expect(saved.body.version).toBe(2)
    const copy = (await first.post<{ id: number }>(`/api/admin/events/${id}/copy`, {})).body.id
    expect((await detail(copy)).event.version).toBe(0)
    expect((await first.post(`/api/admin/events/${copy}`, body('Copy', [], 0))).status).toBe(200)
  })

  it('refuses a version that is not a whole number as bad input', async () => {
    const id = (await first.post<{ id: number }>('/api/admin/events', body('Checked', []))).body.id
    for (const version of [-1, 1.5, '1', 2 ** 31]) {
      const refused = await first.post(`/api/admin/events/${id}`, { ...body('Checked', []), version })
      expect(refused.status, JSON.stringify(version)).toBe(400)
    }
    expect((await detail(id)).event.version).toBe(0)
  })
})

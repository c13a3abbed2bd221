import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AdminErrorCode } from '../../src/contract/admin/roles'
import type { StudioPlan } from '../../src/contract/admin/studio'
import { TEST_DBS, type TestServer } from '../support/server'
import { type AdminClient, signedIn } from './admin-helpers'
import { copiedPlan, dayIn, ELSEWHERE, releaseLease, sealedVenue, startHeldServer } from './studio-copy-helpers'

/**
 * A studio save on a version a session was put on, copied by the background (issue 17 item 3,
 * admin/studio/copy-job.ts): with STUDIO_COPY_INLINE_MS 0 the request copies nothing and answers
 * `copying`; the copy is a drawing_copies row in the database, so it waits while no process runs
 * the background work (the lease is held by another, as for a process killed mid-copy whose
 * lease has not run out) and goes on when one does; until it is done the new version takes no
 * save and no session; then it holds every seat with the save's edits, and both audit rows.
 */
interface Saved { drawing_id: number; version: number; revision: number; in_place: boolean; seats: number; changed: number; copying: { copied: number; total: number } | null }
interface Audit { action: string; entity_id: string; after: Record<string, unknown> }

describe.each(TEST_DBS)('studio copies in the background on %s', (dbKind) => {
  let server: TestServer
  let manager: AdminClient
  let venue: number
  let first: number
  let event: number
  let session: number
  let plan: StudioPlan

  const planOf = async (id: number) => (await manager.get<StudioPlan>(`/api/admin/drawings/${id}`)).body
  const save = (id: number, ops: unknown[]) => manager.post<Saved>(`/api/admin/drawings/${id}/edit`, { ops })
  const drawingRows = async () => (await server.db.selectFrom('venue_drawings').select('id').where('venue_id', '=', venue).execute()).length
  const copyRows = async () => (await server.db.selectFrom('drawing_copies').select('drawing_id').execute()).map((r) => r.drawing_id)
  const audits = async (id: number) => (await manager.get<{ entries: Audit[] }>(`/api/admin/audit?entity=drawing`)).body.entries.filter((e) => e.entity_id === String(id))

  beforeAll(async () => {
    server = await startHeldServer(dbKind)
    manager = await signedIn(server, 'manager')
    ;({ venue, first, event, session, plan } = await sealedVenue(manager))
  })
  afterAll(async () => {
    await server?.close()
  })

  it('answers copying at once; the version waits, refusing saves and sessions, until a process runs the background; then it holds every seat with the edits, is a draft, and takes sessions', async () => {
    const seated = plan.sectors.filter((s) => s.kind === 0 && s.seat_count > 2).sort((a, b) => b.seat_count - a.seat_count)
    const big = seated[0].index
    const stray = plan.seats.key.filter((_, i) => plan.seats.sector[i] === seated[1].index).slice(0, 2)
    const rows = await drawingRows()

    // A bad save is refused before anything is made: the edits are tried on the source first.
    const bad = await save(first, [{ op: 'add-zone', name: 'Лишняя', color: '#222222' }, { op: 'paint', zone: null, seats: { keys: [plan.seats.key[0], 'no-such-seat'] } }])
    expect(bad.status).toBe(400)
    expect(bad.body).toMatchObject({ errorText: 'Unknown value in seats: no-such-seat' })
    expect(await drawingRows()).toBe(rows)
    expect(await copyRows()).toEqual([])

    const saved = await save(first, [
      { op: 'add-zone', name: 'Весь зал', color: '#2a9d8f' },
      { op: 'paint', zone: 'new:0', seats: { sector: big } },
      { op: 'rename-sector', sector: big, name: 'Партер' },
      { op: 'delete-seats', seats: { keys: stray } },
    ])
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(saved.body).toMatchObject({ version: 2, revision: 0, in_place: false, changed: 0, copying: { copied: 0, total: plan.seats.key.length } })
    const made = saved.body.drawing_id
    expect(await drawingRows()).toBe(rows + 1)
    expect(await copyRows()).toEqual([made])

    // Still copying (no process runs the background): the studio sees the progress only.
    const waiting = await planOf(made)
    expect(waiting.drawing).toMatchObject({ id: made, version: 2, parent_id: first, copying: { copied: 0, total: plan.seats.key.length } })
    expect(waiting.seats.key).toEqual([])
    expect(waiting.svg).toBe('')
    const refusedSave = await save(made, [{ op: 'rename-sector', sector: big, name: 'Рано' }])
    expect(refusedSave.status).toBe(409)
    expect(refusedSave.body).toMatchObject({ errorCode: AdminErrorCode.CONFLICT, errorText: `Map version ${made} is still being copied (0%): wait until the copy is done` })
    const refusedSession = await manager.post(`/api/admin/events/${event}/sessions`, { day: dayIn(7), time: '19:00', drawing_id: made })
    expect(refusedSession.status).toBe(409)
    expect((await manager.post(`/api/admin/sessions/${session}/map`, { drawing_id: made })).status).toBe(409)
    expect(await server.db.selectFrom('calendars').select('id').where('drawing_id', '=', made).execute()).toEqual([])
    // The save's own audit row is there already: who, from which version, the edits.
    expect((await audits(made)).map((e) => [e.action, e.after.copying])).toEqual([['edit-map', true]])

    // The other process's lease is gone: this server takes the background work and finishes the copy.
    await releaseLease(server)
    const done = await copiedPlan(manager, made)
    expect(done.drawing).toMatchObject({ id: made, version: 2, revision: 0, draft: true, copying: null })
    expect(await copyRows()).toEqual([])
    expect(done.seats.key).toEqual(plan.seats.key.filter((k) => !stray.includes(k)))
    expect(done.sectors.find((s) => s.index === big)!.name).toBe('Партер')
    const zone = done.zones.find((z) => z.name === 'Весь зал')!
    expect(new Set(done.seats.zone.filter((_, i) => done.seats.sector[i] === big))).toEqual(new Set([zone.id]))
    expect(done.standing.map((p) => [p.place_key, p.capacity])).toEqual(plan.standing.map((p) => [p.place_key, p.capacity]))
    expect(done.sectors.filter((s) => s.kind === 0).reduce((a, s) => a + s.seat_count, 0)).toBe(plan.seats.key.length - 2)
    const entries = await audits(made)
    expect(entries.map((e) => e.action).sort()).toEqual(['edit-map', 'edit-map-copied'])
    expect(entries.find((e) => e.action === 'edit-map-copied')!.after).toMatchObject({ drawing_id: made, edited: true, seat_count: plan.seats.key.length - 2 })
    // The source is as it was.
    const source = await planOf(first)
    expect(source.seats.key).toEqual(plan.seats.key)
    expect(source.sectors).toEqual(plan.sectors)

    // Done: a draft (saved in place) that takes sessions.
    const next = await save(made, [{ op: 'rename-sector', sector: big, name: 'Партер 2' }])
    expect(next.body).toMatchObject({ drawing_id: made, version: 2, revision: 1, in_place: true, copying: null })
    expect((await manager.post(`/api/admin/events/${event}/sessions`, { day: dayIn(7), time: '19:00', drawing_id: made })).status).toBe(200)
    expect((await planOf(made)).drawing.draft).toBe(false)
  })

  it("refuses up front a save that deletes a row's seats and then renames or renumbers that row (the copy would have finished without the edits); a partial delete then a renumber is copied with its edits", async () => {
    // The first test let this server's background work run: the copies below finish in the background (STUDIO_COPY_INLINE_MS 0).
    expect(await server.db.selectFrom('job_leases').select('holder').where('holder', '=', ELSEWHERE).execute()).toEqual([])
    const sector = plan.sectors.filter((s) => s.kind === 0 && s.seat_count > 2)[0].index
    const inSector = plan.seats.key.map((_, i) => i).filter((i) => plan.seats.sector[i] === sector)
    const row = plan.seats.row[inSector[0]]
    const rowKeys = inSector.filter((i) => plan.seats.row[i] === row).map((i) => plan.seats.key[i])
    expect(rowKeys.length).toBeGreaterThan(2)
    const rows = await drawingRows()
    for (const named of [
      { op: 'renumber-row', sector, row, start: 1 },
      { op: 'rename-row', sector, row, to: 'Новый' },
      { op: 'paint', zone: null, seats: { keys: rowKeys.slice(0, 1) } },
    ]) {
      const refused = await save(first, [{ op: 'delete-seats', seats: { keys: rowKeys } }, named])
      expect(refused.status, JSON.stringify(named)).toBe(400)
      expect(refused.body.errorText).toBe(named.op === 'paint' ? `Unknown value in seats: ${rowKeys[0]}` : `Unknown value in row: ${row}`)
    }
    expect(await drawingRows()).toBe(rows)
    expect(await copyRows()).toEqual([])

    const saved = await save(first, [{ op: 'delete-seats', seats: { keys: rowKeys.slice(0, 1) } }, { op: 'renumber-row', sector, row, start: 1 }])
    expect(saved.body.copying).not.toBeNull()
    const done = await copiedPlan(manager, saved.body.drawing_id)
    const numbers = done.seats.key.map((_, i) => i).filter((i) => done.seats.sector[i] === sector && done.seats.row[i] === row).map((i) => Number(done.seats.number[i]))
    expect(numbers.sort((a, b) => a - b)).toEqual(rowKeys.slice(1).map((_, i) => i + 1))
    expect((await audits(saved.body.drawing_id)).find((e) => e.action === 'edit-map-copied')!.after).toMatchObject({ edited: true, seat_count: plan.seats.key.length - 1 })
  })
})

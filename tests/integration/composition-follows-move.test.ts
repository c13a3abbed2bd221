import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { KIND_SUBSCRIPTIONS } from '../../src/contract/constants'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { type AdminClient, signedIn } from './admin-helpers'

const DAY_MS = 86_400_000
const dayIn = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10)
type Row = Record<string, unknown> & { id: number }

/**
 * A subscription's composition lines are the operator's text with a day and time copied from a
 * session (they keep no session id). Moving that session in the console moves the lines that show
 * it, so the storefront's "Состав абонемента" does not announce the old date
 * (admin/catalogue/catalogue.repository.ts followMovedSession).
 */
describe.each(TEST_DBS)('composition lines follow a moved session on %s', (dbKind) => {
  let server: TestServer
  let manager: AdminClient
  let refs: Record<string, Row[]>

  async function makeEvent(name: string, kind: number): Promise<number> {
    const made = await manager.post<{ id: number }>('/api/admin/events', {
      menu_kind_id: kind,
      venue_id: refs.venues[0].id,
      name_ru: name,
      main_menu_ids: [refs.menus.find((m) => m.menu_kind_id === kind)!.id],
    })
    expect(made.status, JSON.stringify(made.body)).toBe(200)
    return made.body.id
  }
  const addSession = async (eventId: number, day: string, time: string) => {
    const made = await manager.post<{ ids: number[] }>(`/api/admin/events/${eventId}/sessions`, { day, time })
    expect(made.status, JSON.stringify(made.body)).toBe(200)
    return made.body.ids[0]
  }

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind })
    manager = await signedIn(server, 'manager')
    refs = (await manager.get<Record<string, Row[]>>('/api/admin/refs')).body
  })
  afterAll(async () => {
    await server?.close()
  })

  it('moves the lines showing the old day and time; a day-only line once no session is left that day; others stay', async () => {
    const play = await makeEvent('Спектакль абонемента', Number(refs.kinds.find((k) => k.id !== KIND_SUBSCRIPTIONS)!.id))
    const pass = await makeEvent('Абонемент', KIND_SUBSCRIPTIONS)
    const [d1, d2, d3] = [dayIn(10), dayIn(11), dayIn(20)]
    const evening = await addSession(play, d1, '19:00')
    const matinee = await addSession(play, d1, '12:00')
    await addSession(play, d2, '19:00')
    const line = (ru: string, day: string, time: string) => manager.post<{ id: number }>(`/api/admin/events/${pass}/compositions`, { event_id: play, eventstr_ru: ru, eventstr_day: day, eventstr_time: time })
    const ids: Record<string, number> = {}
    for (const [ru, day, time] of [['вечер', d1, '19:00'], ['день', d1, ''], ['второй', d2, '19:00'], ['утро', d1, '12:00']] as const) {
      const made = await line(ru, day, time)
      expect(made.status).toBe(200)
      ids[ru] = made.body.id
    }
    /** The line's row now (every column, as the audit log writes it). */
    const rowNow = async (ru: string) => (await server.db.selectFrom('compositions').selectAll().where('id', '=', ids[ru]).executeTakeFirstOrThrow()) as Row
    /** The audit log's edits of one line, oldest first. */
    const moves = async (ru: string) => {
      const entries = (await manager.get<{ entries: { action: string; before: Row; after: Row }[] }>(`/api/admin/audit?entity=composition&entity_id=${ids[ru]}`)).body.entries
      return entries.filter((e) => e.action === 'update').map(({ before, after }) => ({ before, after })).reverse()
    }
    const lines = async () =>
      Object.fromEntries((await server.db.selectFrom('compositions').select(['eventstr_ru', 'eventstr_day', 'eventstr_time']).where('subscription_event_id', '=', pass).execute()).map((l) => [l.eventstr_ru, `${l.eventstr_day} ${l.eventstr_time}`.trim()]))

    expect((await manager.post(`/api/admin/sessions/${evening}`, { day: d3, time: '18:30' })).status).toBe(200)
    // The matinee is still on d1: the day-only line stays.
    expect(await lines()).toEqual({ вечер: `${d3} 18:30`, день: d1, второй: `${d2} 19:00`, утро: `${d1} 12:00` })
    // The move audits each line it rewrote as an edit of that line, the whole row before and after.
    const moved = await rowNow('вечер')
    expect(await moves('вечер')).toEqual([{ before: { ...moved, eventstr_day: d1, eventstr_time: '19:00' }, after: moved }])
    for (const ru of ['день', 'второй', 'утро']) expect(await moves(ru), ru).toEqual([])

    expect((await manager.post(`/api/admin/sessions/${matinee}`, { day: d3 })).status).toBe(200)
    expect(await lines()).toEqual({ вечер: `${d3} 18:30`, день: d3, второй: `${d2} 19:00`, утро: `${d3} 12:00` })
    expect((await moves('утро')).map((e) => [e.before.eventstr_day, e.before.eventstr_time, e.after.eventstr_day, e.after.eventstr_time])).toEqual([[d1, '12:00', d3, '12:00']])
    expect((await moves('день')).map((e) => [e.before.eventstr_day, e.before.eventstr_time, e.after.eventstr_day, e.after.eventstr_time])).toEqual([[d1, '', d3, '']])
    expect(await moves('второй')).toEqual([])

    // A copy starts on its source's slot, switched off; moving the copy away leaves the source's line.
    const copied = await manager.post<{ id: number }>(`/api/admin/sessions/${evening}/copy`, {})
    expect(copied.status, JSON.stringify(copied.body)).toBe(200)
    expect((await manager.post(`/api/admin/sessions/${copied.body.id}`, { day: dayIn(30) })).status).toBe(200)
    expect((await lines()).вечер).toBe(`${d3} 18:30`)
    expect(await moves('вечер'), 'the source\'s line is not rewritten again').toHaveLength(1)
  })
})

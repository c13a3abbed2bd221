import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eventInputSchema } from '../../src/contract/admin/catalogue'
import { afishaResponseSchema } from '../../src/contract/entities/afisha'
import { ErrorCode } from '../../src/contract/errors'
import { ApiClient } from '../support/client'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { AdminClient, signedIn } from './admin-helpers'

type Row = Record<string, unknown> & { id: number }
type Pick = { main_menu_id: number; sub_menu_id: number }
interface Detail {
  event: Row & { hash_id: string }
  main_menu_ids: number[]
  sub_menus: Pick[]
  tag_ids: number[]
}

/** The editable fields of a stored event, as the console's form sends them back. */
const editable = (e: Row) => Object.fromEntries(Object.entries(e).filter(([k]) => k in eventInputSchema.shape))

describe.each(TEST_DBS)("an event's sub-menu placement in the console on %s", (dbKind) => {
  let server: TestServer
  let manager: AdminClient
  let visitor: ApiClient
  let subMenus: Row[]
  /** A seeded, listed event that a sub-menu item lists. */
  let eventId: number

  const detail = async (id = eventId) => (await manager.get<Detail>(`/api/admin/events/${id}`)).body
  const listed = async (hash: string) => afishaResponseSchema.parse((await visitor.getJson('/api/afisha')).body).action.find((a) => a.hash_id === hash)
  const rows = async (id = eventId) => server.db.selectFrom('event_menus').select(['main_menu_id', 'sub_menu_id']).where('event_id', '=', id).orderBy('main_menu_id').execute()
  /** The stored event sent back with its menus and tags, plus `extra`. */
  const saveBody = (d: Detail, extra: Record<string, unknown> = {}) => ({ ...editable(d.event), main_menu_ids: d.main_menu_ids, tag_ids: d.tag_ids, ...extra })

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind })
    manager = await signedIn(server, 'manager')
    visitor = new ApiClient(server.url)
    await visitor.startSession()
    subMenus = (await manager.get<{ sub_menus: Row[] }>('/api/admin/refs')).body.sub_menus
    const first = afishaResponseSchema.parse((await visitor.getJson('/api/afisha')).body).action.find((a) => a.submenu_id !== null)
    expect(first, 'the demo seed lists events under sub-menus').toBeDefined()
    eventId = first!.event_id
  })
  afterAll(async () => {
    await server?.close()
  })

  it('shows the seeded sub-menu and keeps it when the event is saved without touching its menus', async () => {
    const d = await detail()
    const before = await listed(d.event.hash_id)
    expect(d.sub_menus).toEqual([{ main_menu_id: before!.mainmenu_id, sub_menu_id: before!.submenu_id }])
    const saved = await manager.post(`/api/admin/events/${eventId}`, saveBody(d, { name_en: 'Renamed, menus untouched' }))
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect((await detail()).sub_menus).toEqual(d.sub_menus)
    expect(await listed(d.event.hash_id)).toMatchObject({ mainmenu_id: before!.mainmenu_id, submenu_id: before!.submenu_id, action_en: 'Renamed, menus untouched' })
  })

  it('moves the event to another sub-menu of its menu item, and to none', async () => {
    const d = await detail()
    const [pick] = d.sub_menus
    const other = subMenus.find((s) => s.main_menu_id === pick.main_menu_id && s.id !== pick.sub_menu_id)
    expect(other, 'the seeded menu item has two sub-menus').toBeDefined()
    expect((await manager.post(`/api/admin/events/${eventId}`, saveBody(d, { sub_menus: [{ main_menu_id: pick.main_menu_id, sub_menu_id: other!.id }] }))).status).toBe(200)
    expect(await listed(d.event.hash_id)).toMatchObject({ mainmenu_id: pick.main_menu_id, submenu_id: other!.id })
    expect((await manager.post(`/api/admin/events/${eventId}`, saveBody(await detail(), { sub_menus: [] }))).status).toBe(200)
    expect(await rows()).toEqual([{ main_menu_id: pick.main_menu_id, sub_menu_id: null }])
    expect((await manager.post(`/api/admin/events/${eventId}`, saveBody(await detail(), { sub_menus: [pick] }))).status).toBe(200)
    expect((await detail()).sub_menus).toEqual([pick])
  })

  it('refuses a sub-menu of another menu item, an unknown one and one for a menu item not chosen, and changes nothing', async () => {
    const d = await detail()
    const [pick] = d.sub_menus
    const stored = await rows()
    // The demo seed has sub-menus under one menu item only: another item gets one here.
    const otherMain = (await server.db.selectFrom('main_menus').select('id').where('id', '<>', pick.main_menu_id).orderBy('id').executeTakeFirstOrThrow()).id
    const made = await server.db.insertInto('sub_menus').values({ main_menu_id: otherMain, name_ru: 'Чужое подменю', name_en: 'Foreign', name_kz: '', name_ch: '' }).returning('id').executeTakeFirstOrThrow()
    const foreign = { id: Number(made.id), main_menu_id: otherMain }
    const mismatch = await manager.post(`/api/admin/events/${eventId}`, saveBody(d, { name_en: 'Must not be saved', sub_menus: [{ main_menu_id: pick.main_menu_id, sub_menu_id: foreign.id }] }))
    expect(mismatch.status).toBe(400)
    expect(mismatch.body).toEqual({ errorCode: ErrorCode.BAD_REQUEST, errorText: `Sub-menu ${foreign.id} is not part of menu item ${pick.main_menu_id}: choose one of that item’s sub-menus` })
    const unknown = await manager.post(`/api/admin/events/${eventId}`, saveBody(d, { sub_menus: [{ main_menu_id: pick.main_menu_id, sub_menu_id: 999999 }] }))
    expect(unknown.body).toEqual({ errorCode: ErrorCode.BAD_REQUEST, errorText: 'Unknown value in sub_menus: 999999' })
    const notChosen = await manager.post(`/api/admin/events/${eventId}`, saveBody(d, { sub_menus: [{ main_menu_id: foreign.main_menu_id, sub_menu_id: foreign.id }] }))
    expect(notChosen.status).toBe(400)
    expect(notChosen.body.errorCode).toBe(ErrorCode.BAD_REQUEST)
    expect(notChosen.body.errorText).toBe('Invalid request: check sub_menus.0.main_menu_id')
    const twice = await manager.post(`/api/admin/events/${eventId}`, saveBody(d, { sub_menus: [pick, pick] }))
    expect(twice.status).toBe(400)
    expect(await rows()).toEqual(stored)
    expect((await detail()).event.name_en).toBe(d.event.name_en)
  })

  it('creates an event under a sub-menu, and its copy keeps it', async () => {
    const d = await detail()
    const [pick] = d.sub_menus
    const made = await manager.post<{ id: number }>('/api/admin/events', { ...saveBody(d, { name_ru: 'Новое под подменю', sub_menus: [pick] }) })
    expect(made.status, JSON.stringify(made.body)).toBe(200)
    expect(await rows(made.body.id)).toEqual([{ main_menu_id: pick.main_menu_id, sub_menu_id: pick.sub_menu_id }])
    const copy = await manager.post<{ id: number }>(`/api/admin/events/${made.body.id}/copy`)
    expect(await rows(copy.body.id)).toEqual([{ main_menu_id: pick.main_menu_id, sub_menu_id: pick.sub_menu_id }])
  })
})

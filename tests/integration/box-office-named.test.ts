import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OrderCare } from '../../src/contract/admin/care'
import type { DoorSync } from '../../src/contract/admin/door'
import { orderDataResponseSchema, type OrderDataResponse } from '../../src/contract/entities/nominal'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { signedIn, type AdminClient } from './admin-helpers'
import { bringToDoor } from './door-helpers'
import { visitor } from './order-fixtures'

/**
 * Named tickets sold at the counter (issue 19.1 with 000 "named tickets") on both databases,
 * against the demo's "The Museum Archives" (writeticketname = 1; "Named adult" asks every field
 * with a birth date, "Named child" asks age and document). The sale is paid at the desk before
 * the holders are known, as the shop's free named order is paid before its holders are entered;
 * order care then enters them through the shop's own rules and confirmation.
 */
describe.each(TEST_DBS)('named tickets at the box office on %s', (dbKind) => {
  let server: TestServer
  let desk: AdminClient
  let event: { id: number; hash: string; day: string; time: string; calendarId: number; adult: { cat: number; zone: number; rub: number }; child: { cat: number; zone: number; rub: number } }
  let russia: { id: number; region: number }

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind })
    const { db } = server
    const ev = await db.selectFrom('events').select(['id', 'hash_id']).where('name_en', '=', 'The Museum Archives').executeTakeFirstOrThrow()
    const cal = await db.selectFrom('calendars').select(['id', 'day', 'time']).where('event_id', '=', ev.id).where('starts_at', '>', Date.now()).orderBy('starts_at').executeTakeFirstOrThrow()
    const prices = await db.selectFrom('prices as p').innerJoin('client_categories as c', 'c.id', 'p.client_category_id').select(['p.client_category_id', 'p.zone_id', 'p.price', 'c.name_en']).where('p.calendar_id', '=', cal.id).execute()
    const price = (name: string) => {
      const p = prices.find((r) => r.name_en === name)!
      return { cat: p.client_category_id, zone: p.zone_id, rub: p.price / 100 }
    }
    event = { id: ev.id, hash: ev.hash_id, day: cal.day, time: cal.time, calendarId: cal.id, adult: price('Named adult'), child: price('Named child') }
    const ru = await db.selectFrom('countries').select('id').where('iso', '=', 'RU').executeTakeFirstOrThrow()
    const region = await db.selectFrom('regions').select('id').where('country_id', '=', ru.id).orderBy('id').executeTakeFirstOrThrow()
    russia = { id: ru.id, region: region.id }
    desk = await signedIn(server, 'boxoffice')
  })
  afterAll(async () => {
    await server?.close()
  })

  const sell = (payKind: 'cash' | 'comp' = 'cash') => {
    const line = (p: { cat: number; zone: number; rub: number }) => ({ day: event.day, time: event.time, actionId: event.id, categoryId: p.cat, zoneId: p.zone, quantity: 1, sum: p.rub })
    return desk.post<{ id: number; hash: string; amount: number; mailed: boolean; needsNames: boolean }>('/api/admin/boxoffice/sell', {
      fio: 'Анна Иванова',
      phone: '+79161234567',
      email: 'anna.named@example.org',
      hash: event.hash,
      payKind,
      sendMail: true,
      data: [line(event.adult), line(event.child)],
    })
  }
  const holders = (rows: OrderDataResponse['rows'], child: { docNum: string }) => ({
    id: rows.map((r) => r.id),
    surname: ['Иванова', 'Ivanov'],
    name: ['Анна', 'Petr'],
    middleName: ['Сергеевна', ''],
    age: ['', '9'],
    date: ['01.02.1990', ''],
    docTypeId: [1, 4],
    docNum: ['4510 123456', child.docNum],
    countryId: [russia.id, null],
    regionId: [russia.region, null],
  })
  const orderOf = (id: number) => server.db.selectFrom('orders').select(['status', 'paid', 'confirmed_at']).where('id', '=', id).executeTakeFirstOrThrow()
  const linesOf = (id: number) => server.db.selectFrom('order_lines').select(['id', 'person_surname', 'person_name', 'doc_num', 'age', 'birth_date']).where('order_id', '=', id).orderBy('id').execute()
  const mailsTo = (address: string) => server.db.selectFrom('mail_outbox').select('id').where('to_address', '=', address).execute()

  it('a counter sale is paid at once and waits for its holders: no tickets printed or mailed yet, order care asks for the names', async () => {
    const sale = await sell()
    expect(sale.status, JSON.stringify(sale.body)).toBe(200)
    expect(sale.body).toMatchObject({ needsNames: true, mailed: false })
    expect(sale.body.amount).toBe((event.adult.rub + event.child.rub) * 100)
    expect(await orderOf(sale.body.id)).toMatchObject({ paid: 1, status: 10, confirmed_at: null })
    const care = await desk.get<OrderCare>(`/api/admin/orders/${sale.body.id}`)
    expect(care.body.can).toMatchObject({ name: true, resend: false })
    expect(care.body.lines.map((l) => l.holder)).toEqual(['', ''])
    const print = await desk.get(`/api/admin/orders/${sale.body.id}/print`)
    expect(print.status).toBe(409)
    expect(await mailsTo('anna.named@example.org')).toEqual([])
    // Nothing was sent, nor did a sending fail: the audit log says neither (the mail goes once the holders are entered).
    const logged = await server.db.selectFrom('audit_log').select('action').where('entity', '=', 'order').where('entity_id', '=', String(sale.body.id)).execute()
    expect(logged.map((r) => r.action).filter((a) => a.includes('send-tickets'))).toEqual([])
    // What each ticket asks: the shop's named-ticket rows.
    const names = orderDataResponseSchema.parse((await desk.get(`/api/admin/orders/${sale.body.id}/names`)).body)
    expect(names.rows.map((r) => [r.category_en, r.needage, r.needdocument])).toEqual([
      ['Named adult', 2, 1],
      ['Named child', 1, 1],
    ])
  })

  it("entering the holders follows the shop's rules: a bad document changes nothing; good ones confirm the order, reach the door, print and mail the tickets", async () => {
    const sale = await sell('comp')
    const id = sale.body.id
    const rows = orderDataResponseSchema.parse((await desk.get(`/api/admin/orders/${id}/names`)).body).rows
    // The child's document does not match its type (roman numeral, hyphen, two Cyrillic letters, six digits).
    const bad = await desk.post(`/api/admin/orders/${id}/names`, holders(rows, { docNum: '123' }))
    expect(bad.status).toBe(400)
    expect(bad.body.errorText).toMatch(/2/)
    expect(await orderOf(id)).toMatchObject({ status: 10 })
    expect((await linesOf(id)).map((l) => l.person_surname)).toEqual(['', ''])
    // Columns that are not the order's tickets are refused too.
    expect((await desk.post(`/api/admin/orders/${id}/names`, { ...holders(rows, { docNum: 'IV-АБ 123456' }), id: [rows[0].id, rows[0].id] })).status).toBe(400)

    const good = await desk.post<{ ok: true; mailed: boolean }>(`/api/admin/orders/${id}/names`, holders(rows, { docNum: 'IV-АБ 123456' }))
    expect(good.status, JSON.stringify(good.body)).toBe(200)
    expect(good.body).toEqual({ ok: true, mailed: true })
    expect(await orderOf(id)).toMatchObject({ status: 20, paid: 1 })
    expect(await linesOf(id)).toEqual([
      expect.objectContaining({ person_surname: 'Иванова', person_name: 'Анна', doc_num: '4510123456', birth_date: '1990-02-01' }),
      expect.objectContaining({ person_surname: 'Ivanov', person_name: 'Petr', age: 9 }),
    ])
    expect(await mailsTo('anna.named@example.org')).toHaveLength(1)
    const care = await desk.get<OrderCare>(`/api/admin/orders/${id}`)
    expect(care.body.can).toMatchObject({ name: false, resend: true })
    expect(care.body.lines.map((l) => l.holder)).toEqual(['Иванова Анна Сергеевна', 'Ivanov Petr'])
    expect(care.body.history.map((h) => h.kind)).toContain('named')
    expect((await desk.get(`/api/admin/orders/${id}/print`)).status).toBe(200)
    const audit = await server.db.selectFrom('audit_log').select('action').where('entity', '=', 'order').where('entity_id', '=', String(id)).where('action', '=', 'name-tickets').execute()
    expect(audit).toHaveLength(1)
    // The door shows the holders.
    const door = await signedIn(server, 'door')
    await bringToDoor(server.db, [event.calendarId])
    const sync = await door.get<DoorSync>(`/api/admin/door/sync?calendar_id=${event.calendarId}`)
    expect(sync.status).toBe(200)
    expect(sync.body.tickets.filter((t) => rows.some((r) => r.id === t.id)).map((t) => t.holder).sort()).toEqual(['Ivanov Petr', 'Иванова Анна Сергеевна'].sort())
    // Named once: a second entry is refused and changes nothing.
    const again = await desk.post(`/api/admin/orders/${id}/names`, { ...holders(rows, { docNum: 'IV-АБ 123456' }), surname: ['Петрова', 'Ivanov'] })
    expect(again.status).toBe(409)
    expect((await linesOf(id))[0].person_surname).toBe('Иванова')
  })

  it('refunded tickets have no holder to name: left out of the form, of the confirmation and of the tickets e-mail; an order refunded whole cannot be named', async () => {
    const sale = await sell()
    const id = sale.body.id
    const [adult, child] = orderDataResponseSchema.parse((await desk.get(`/api/admin/orders/${id}/names`)).body).rows
    const both = holders([adult, child], { docNum: 'IV-АБ 123456' })
    // The child's columns alone (index 1 of each parallel array).
    const childOnly = Object.fromEntries(Object.entries(both).map(([k, v]) => [k, [v[1]]]))
    expect((await desk.post(`/api/admin/orders/${id}/refund`, { lineIds: [adult.id] })).status).toBe(200)
    const left = orderDataResponseSchema.parse((await desk.get(`/api/admin/orders/${id}/names`)).body).rows
    expect(left.map((r) => r.id)).toEqual([child.id])
    // A holder for the refunded ticket is refused and changes nothing.
    const refused = await desk.post(`/api/admin/orders/${id}/names`, both)
    expect(refused.status).toBe(400)
    expect(refused.body.errorText).toBe('The tickets sent do not match the order: reload the page')
    expect((await linesOf(id)).map((l) => l.person_surname)).toEqual(['', ''])
    expect(await orderOf(id)).toMatchObject({ status: 10 })
    const named = await desk.post<{ ok: true; mailed: boolean }>(`/api/admin/orders/${id}/names`, childOnly)
    expect(named.status, JSON.stringify(named.body)).toBe(200)
    expect((await linesOf(id)).map((l) => l.person_surname)).toEqual(['', 'Ivanov'])
    const ticketLinks = async () => {
      const mails = await server.db.selectFrom('mail_outbox').select('text_body').where('order_id', '=', id).orderBy('id').execute()
      return mails.map((m) => [adult, child].filter((l) => m.text_body.includes(l.tickethash_id)).map((l) => l.id))
    }
    expect(await ticketLinks()).toEqual([[child.id]])
    // A resend lists the kept ticket only.
    expect((await desk.post(`/api/admin/orders/${id}/resend`)).status).toBe(200)
    expect(await ticketLinks()).toEqual([[child.id], [child.id]])

    // Refunded whole: nothing is left to name, at the desk or in the shop.
    const whole = await sell()
    const rows = orderDataResponseSchema.parse((await desk.get(`/api/admin/orders/${whole.body.id}/names`)).body).rows
    expect((await desk.post(`/api/admin/orders/${whole.body.id}/refund`, {})).status).toBe(200)
    const data = orderDataResponseSchema.parse((await desk.get(`/api/admin/orders/${whole.body.id}/names`)).body)
    expect(data.rows).toEqual([])
    const desks = await desk.post(`/api/admin/orders/${whole.body.id}/names`, holders(rows, { docNum: 'IV-АБ 123456' }))
    expect(desks).toEqual({ status: 409, body: { errorCode: expect.any(String), errorText: 'Every ticket of the order was refunded: there is no visitor left to name' } })
    const v = await visitor(server.url)
    const hash = (await server.db.selectFrom('orders').select('hash').where('id', '=', whole.body.id).executeTakeFirstOrThrow()).hash
    const shop = await v.post<{ errorCode: string; errorText: string }>('/api/confirm-nominal', {
      ...holders(rows, { docNum: 'IV-АБ 123456' }),
      hash,
      lang: 'en',
      checkboxList: data.checkboxList.map((c) => ({ id: c.id, checked: 1 })),
    })
    expect(shop.status).toBe(409)
    expect(shop.body.errorText).toBe('Every ticket of the order was refunded: there is no visitor left to name')
    expect((await linesOf(whole.body.id)).map((l) => l.person_surname)).toEqual(['', ''])
    expect(await orderOf(whole.body.id)).toMatchObject({ status: 10 })
    expect(await server.db.selectFrom('mail_outbox').select('id').where('order_id', '=', whole.body.id).execute()).toEqual([])
  })

  it('the holders and their audit row are one change: an audit row that cannot be written leaves the tickets unnamed', async () => {
    const sale = await sell()
    const id = sale.body.id
    const rows = orderDataResponseSchema.parse((await desk.get(`/api/admin/orders/${id}/names`)).body).rows
    // The database refuses this action's audit rows (a failing write, not a fake of ours).
    const refuse = dbKind === 'sqlite'
      ? sql`create trigger refuse_names before insert on audit_log when new.action = 'name-tickets' begin select raise(abort, 'refused by the test'); end`
      : sql`alter table audit_log add constraint refuse_names check (action <> 'name-tickets') not valid`
    await refuse.execute(server.db)
    try {
      const named = await desk.post(`/api/admin/orders/${id}/names`, holders(rows, { docNum: 'IV-АБ 123456' }))
      expect(named.status).not.toBe(200)
    } finally {
      await (dbKind === 'sqlite' ? sql`drop trigger refuse_names` : sql`alter table audit_log drop constraint refuse_names`).execute(server.db)
    }
    expect((await linesOf(id)).map((l) => l.person_surname)).toEqual(['', ''])
    expect(await orderOf(id)).toMatchObject({ status: 10, confirmed_at: null })
    expect(await server.db.selectFrom('mail_outbox').select('id').where('order_id', '=', id).execute()).toEqual([])
  })

  it('the door role may not enter holders', async () => {
    const sale = await sell()
    const rows = orderDataResponseSchema.parse((await desk.get(`/api/admin/orders/${sale.body.id}/names`)).body).rows
    const door = await signedIn(server, 'door')
    const refused = await door.post(`/api/admin/orders/${sale.body.id}/names`, holders(rows, { docNum: 'IV-АБ 123456' }))
    expect(refused.status).toBe(403)
    expect(await orderOf(sale.body.id)).toMatchObject({ status: 10 })
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderDataResponseSchema, type OrderDataResponse } from '../../src/contract/entities/nominal'
import { confirmNominal } from '../../src/server/domain/nominal/confirm'
import { clockGate } from '../../src/server/domain/orders/commit-gate'
import { writeSettings } from '../../src/server/domain/settings/repository'
import { visitor, type OrderAnswer } from './order-fixtures'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'

/**
 * Named tickets against the demo data ("The Museum Archives": writeticketname = 1, categories
 * "Named adult" asking every field with a birth date, "Named child" asking age and document).
 * Orders are placed through /api/order/create like the event page does.
 */

interface Confirm {
  id: number[]
  docTypeId: (number | null)[]
  name: string[]
  surname: string[]
  middleName: string[]
  docNum: string[]
  age: string[]
  date: string[]
  countryId: (number | null)[]
  regionId: (number | null)[]
  hash: string
  lang: 'ru' | 'en'
  checkboxList: { id: number; checked: number }[]
}
type Visitor = Awaited<ReturnType<typeof visitor>>
type Entry = { surname: string; name: string; middleName: string; docTypeId: number | null; docNum: string; age: string; date: string; countryId: number | null; regionId: number | null }

const ADULT: Entry = { surname: 'Иванова', name: 'Анна', middleName: 'Сергеевна', docTypeId: 1, docNum: '4510 123456', age: '', date: '01.02.1990', countryId: null, regionId: null }
const CHILD: Entry = { surname: 'Ivanov', name: 'Petr', middleName: '', docTypeId: 4, docNum: 'IV-АБ 123456', age: '9', date: '', countryId: null, regionId: null }

describe.each(TEST_DBS)('named tickets on %s', (dbKind) => {
  let server: TestServer
  let event: { id: number; hash: string; day: string; time: string; adult: { cat: number; zone: number; rub: number }; child: { cat: number; zone: number; rub: number } }
  let orderChecks: number[]
  let russia: { id: number; regions: number[] }
  let armenia: { id: number; regions: number[] }

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind })
    const { db } = server
    await writeSettings(db, { captcha: { enabled: false } })
    const ev = await db.selectFrom('events').select(['id', 'hash_id']).where('name_en', '=', 'The Museum Archives').executeTakeFirstOrThrow()
    const cal = await db.selectFrom('calendars').select(['id', 'day', 'time']).where('event_id', '=', ev.id).where('starts_at', '>', Date.now()).orderBy('starts_at').executeTakeFirstOrThrow()
    // Room for the many small orders below (the demo stock of a session is 20 child tickets).
    await db.updateTable('prices').set({ quantity: 10_000 }).where('calendar_id', '=', cal.id).execute()
    await db.updateTable('calendars').set({ capacity: null }).where('id', '=', cal.id).execute()
    const prices = await db
      .selectFrom('prices as p')
      .innerJoin('client_categories as c', 'c.id', 'p.client_category_id')
      .select(['p.client_category_id', 'p.zone_id', 'p.price', 'c.name_en'])
      .where('p.calendar_id', '=', cal.id)
      .execute()
    const price = (name: string) => {
      const p = prices.find((r) => r.name_en === name)!
      return { cat: p.client_category_id, zone: p.zone_id, rub: p.price / 100 }
    }
    event = { id: ev.id, hash: ev.hash_id, day: cal.day, time: cal.time, adult: price('Named adult'), child: price('Named child') }
    orderChecks = (await db.selectFrom('checkbox_lists').select('id').where('scope', '=', 'order').execute()).map((r) => r.id)
    const country = async (iso: string) => {
      const c = await db.selectFrom('countries').select('id').where('iso', '=', iso).executeTakeFirstOrThrow()
      const regions = (await db.selectFrom('regions').select('id').where('country_id', '=', c.id).execute()).map((r) => r.id)
      return { id: c.id, regions }
    }
    russia = await country('RU')
    armenia = await country('AM')
    ADULT.countryId = russia.id
    ADULT.regionId = russia.regions[0]
  })
  afterAll(async () => {
    await server?.close()
  })

  /** Places a named-ticket order of `adults` + `children` tickets; answers its hash and visitor. */
  async function order(adults: number, children: number): Promise<{ hash: string; v: Visitor }> {
    const v = await visitor(server.url)
    const line = (p: { cat: number; zone: number; rub: number }, quantity: number) => ({ day: event.day, time: event.time, actionId: event.id, categoryId: p.cat, zoneId: p.zone, quantity, sum: p.rub * quantity })
    const data = [...(adults > 0 ? [line(event.adult, adults)] : []), ...(children > 0 ? [line(event.child, children)] : [])]
    const res = await v.post<OrderAnswer>('/api/order/create', {
      fio: 'Анна Иванова', phone: '+79161234567', email: 'anna@example.org', re_email: 'anna@example.org',
      data, lang: 'ru', hash: event.hash, checkboxList: orderChecks.map((id) => ({ id, checked: 1 })),
    })
    expect(res.body.errorCode).toBe('0')
    return { hash: res.body.hash!, v }
  }

  async function orderData(v: Visitor, hash: string): Promise<OrderDataResponse> {
    const res = await v.post('/api/order-data', { hash, lang: 'ru' })
    expect(res.status).toBe(200)
    return orderDataResponseSchema.parse(res.body)
  }

  function payload(data: OrderDataResponse, hash: string, entries: Entry[], consent = 1): Confirm {
    return {
      id: data.rows.map((r) => r.id),
      docTypeId: entries.map((e) => e.docTypeId),
      name: entries.map((e) => e.name),
      surname: entries.map((e) => e.surname),
      middleName: entries.map((e) => e.middleName),
      docNum: entries.map((e) => e.docNum),
      age: entries.map((e) => e.age),
      date: entries.map((e) => e.date),
      countryId: entries.map((e) => e.countryId),
      regionId: entries.map((e) => e.regionId),
      hash,
      lang: 'en',
      checkboxList: data.checkboxList.map((c) => ({ id: c.id, checked: consent })),
    }
  }

  const statusOf = async (hash: string) => (await server.db.selectFrom('orders').select('status').where('hash', '=', hash).executeTakeFirstOrThrow()).status

  it('order-data answers every row field and the reference lists, parsed by the contract', async () => {
    const { hash, v } = await order(1, 1)
    const data = await orderData(v, hash)
    expect(data.rows).toHaveLength(2)
    const [adult, child] = data.rows
    expect(adult).toMatchObject({ hash_id: hash, demandstatusid: 10, needage: 2, needmiddlename: 1, needdocument: 1, needcountry: 1, needregion: 1, category_en: 'Named adult', action: 'Закрытые фонды музея', day: event.day, time: event.time, summa: event.adult.rub })
    expect(child).toMatchObject({ needage: 1, needmiddlename: 0, needdocument: 1, needcountry: 0, needregion: 0, category_en: 'Named child' })
    expect(adult.reservetime).toBeGreaterThan(0)
    expect(adult.tickethash_id).not.toBe(child.tickethash_id)
    expect(data.text).not.toBe('')
    expect(data.checkboxList.some((c) => c.filling === 1)).toBe(true)
    expect(data.docTypes.map((d) => d.id)).toEqual(expect.arrayContaining([1, 3, 4, 5]))
    expect(data.docTypes.every((d) => d.note_ru !== '' && d.note_en !== '')).toBe(true)
    const names = data.countries.map((c) => c.name_en)
    expect(names).toEqual(expect.arrayContaining(['Russia', 'Kazakhstan', 'Belarus', 'Armenia']))
    expect(data.regions.filter((r) => r.country_id === russia.id).length).toBeGreaterThan(1)
    expect(data.regions.filter((r) => r.country_id === armenia.id)).toHaveLength(1)
  })

  it("order-data's to-pay is the order view's demsumma, discount counted, not the tickets' list costs", async () => {
    const { hash, v } = await order(1, 1)
    const view = async () => (await v.post<{ demsumma: number }>('/api/order/view', { hash, lang: 'ru' })).body.demsumma
    expect((await orderData(v, hash)).demsumma).toBe(event.adult.rub + event.child.rub)
    // A discount on the order (bonuses: no shop call gives one to an order still to be named, so
    // it is written as the loyalty calls write it): the page's to-pay follows the money rule.
    const bonuses = 3
    const order_id = (await server.db.selectFrom('orders').select('id').where('hash', '=', hash).executeTakeFirstOrThrow()).id
    await server.db.insertInto('order_discounts').values({ order_id, loyalty_card_id: null, promo_code_id: null, bonuses_used: bonuses, created_at: Date.now() }).execute()
    const data = await orderData(v, hash)
    expect(data.demsumma).toBe(event.adult.rub + event.child.rub - bonuses)
    expect(data.demsumma).toBe(await view())
    // A row's summa stays that ticket's list cost.
    expect(data.rows.map((r) => r.summa)).toEqual([event.adult.rub, event.child.rub])
  })

  it('confirm stores the visitors per ticket and confirms the order (status 20)', async () => {
    const { hash, v } = await order(1, 1)
    const data = await orderData(v, hash)
    const res = await v.post('/api/confirm-nominal', payload(data, hash, [{ ...ADULT, surname: '  Иванова ' }, CHILD]))
    expect(res.body).toEqual({ errorCode: '0', errorText: '', hash })
    expect(await statusOf(hash)).toBe(20)
    const lines = await server.db.selectFrom('order_lines').selectAll().where('id', 'in', data.rows.map((r) => r.id)).orderBy('id').execute()
    expect(lines[0]).toMatchObject({ person_surname: 'Иванова', person_name: 'Анна', person_middle_name: 'Сергеевна', birth_date: '1990-02-01', document_type_id: 1, doc_num: '4510123456', country_id: russia.id, region_id: russia.regions[0] })
    expect(lines[1]).toMatchObject({ person_surname: 'Ivanov', person_name: 'Petr', age: 9, document_type_id: 4, doc_num: 'IV-АБ123456', country_id: null, region_id: null, birth_date: '' })
    expect((await orderData(v, hash)).rows[0].demandstatusid).toBe(20)
    // A second confirmation is refused: a confirmed order's visitors never change.
    const again = await v.post<{ errorCode: string; errorText: string }>('/api/confirm-nominal', payload(data, hash, [{ ...ADULT, surname: 'Петрова' }, CHILD]))
    expect(again.status).toBe(409)
    expect(again.body.errorCode).toBe('-1002')
    expect(again.body.errorText).toMatch(/already confirmed/)
    const kept = await server.db.selectFrom('order_lines').select('person_surname').where('id', '=', data.rows[0].id).executeTakeFirstOrThrow()
    expect(kept.person_surname).toBe('Иванова')
  })

  const DOCS: [type: number, accepted: string[], refused: string[]][] = [
    [1, ['4510123456', '4510 123456'], ['451012345', '45101234567', 'АБ10123456']],
    [3, ['АБ1234567', 'аб 1234567'], ['AB1234567', 'АБ123456', 'А1234567']],
    [4, ['IV-АБ123456', 'xii-вг 654321'], ['IV АБ123456', 'IV-AB123456', 'IV-АБ12345', '4-АБ123456']],
    [5, ['IV1234567', 'MCM 7654321'], ['IV123456', 'АБ1234567', '1234567']],
    [2, ['AB', 'X_1-2', 'Паспорт7'], ['A', 'AB!', 'a'.repeat(33)]],
  ]

  it.each(DOCS)('document type %i: the server accepts its pattern and refuses the rest', async (type, accepted, refused) => {
    // Refusals change nothing, so one order takes them all.
    const { hash, v } = await order(0, 1)
    const data = await orderData(v, hash)
    for (const docNum of refused) {
      const res = await v.post<{ errorCode: string; errorText: string }>('/api/confirm-nominal', payload(data, hash, [{ ...CHILD, docTypeId: type, docNum }]))
      expect(res.body.errorCode, docNum).toBe('-1002')
      expect(res.body.errorText).toMatch(/Ticket 1: .*document number/)
      expect(await statusOf(hash)).toBe(10)
    }
    for (const docNum of accepted) {
      const { hash, v } = await order(0, 1)
      const data = await orderData(v, hash)
      const res = await v.post<{ errorCode: string }>('/api/confirm-nominal', payload(data, hash, [{ ...CHILD, docTypeId: type, docNum }]))
      expect(res.body.errorCode, docNum).toBe('0')
    }
  })

  it("counts a holder's age by the venue's day: born on its today 20 years ago is 20 at 00:30 Moscow, still the day before in UTC", async () => {
    const { hash, v } = await order(1, 0)
    const data = await orderData(v, hash)
    // The night before today (UTC), 21:30 UTC: 00:30 of today in Moscow (the default venue zone,
    // UTC+3). Earlier than the order's making, so its reserve time has not run out by then.
    const today = new Date().toISOString().slice(0, 10)
    const night = Date.parse(`${today}T00:00:00Z`) - 150 * 60_000
    const [y, m, d] = today.split('-')
    // 20 years, not 18: a multiple of 4, so a 29 February today has its birthday too.
    const born = `${d}.${m}.${Number(y) - 20}`
    // Called in-process with its `now` (the route's is the clock's): the server's own rule and zone;
    // the commit's gate is the real clock's (one for a past `now` has long closed).
    await confirmNominal(server.db, payload(data, hash, [{ ...ADULT, date: born }]), night, clockGate(Date.now()))
    const line = await server.db.selectFrom('order_lines').select(['age', 'birth_date']).where('id', '=', data.rows[0].id).executeTakeFirstOrThrow()
    expect(line).toEqual({ age: 20, birth_date: `${Number(y) - 20}-${m}-${d}` })
  })

  it('refuses each missing or invalid field the category asks, and changes nothing', async () => {
    const { hash, v } = await order(1, 1)
    const data = await orderData(v, hash)
    const cases: [string, Entry, Entry][] = [
      ['surname', { ...ADULT, surname: 'И' }, CHILD],
      ['surname', { ...ADULT, surname: '' }, CHILD],
      ['name', { ...ADULT, name: 'Ан' }, CHILD],
      ['name', { ...ADULT, name: '' }, CHILD],
      ['name', ADULT, { ...CHILD, name: '   ' }],
      ['name', { ...ADULT, name: 'Anna1' }, CHILD],
      ['middle name', { ...ADULT, middleName: '' }, CHILD],
      ['birth date', { ...ADULT, date: '' }, CHILD],
      ['birth date', { ...ADULT, date: '01.01.1899' }, CHILD],
      ['birth date', { ...ADULT, date: `01.01.${new Date().getUTCFullYear() + 1}` }, CHILD],
      ['document type', { ...ADULT, docTypeId: null }, CHILD],
      ['document type', { ...ADULT, docTypeId: 999 }, CHILD],
      ['country', { ...ADULT, countryId: null, regionId: null }, CHILD],
      ['region', { ...ADULT, regionId: null }, CHILD],
      ['region', { ...ADULT, regionId: armenia.regions[0] }, CHILD],
      ['age', ADULT, { ...CHILD, age: '' }],
      ['age', ADULT, { ...CHILD, age: '123' }],
      ['document number', ADULT, { ...CHILD, docNum: '' }],
    ]
    for (const [field, adult, child] of cases) {
      const res = await v.post<{ errorCode: string; errorText: string }>('/api/confirm-nominal', payload(data, hash, [adult, child]))
      expect(res.status, field).toBe(400)
      expect(res.body.errorCode).toBe('-1002')
      expect(res.body.errorText).toContain(field)
    }
    const consent = await v.post<{ errorCode: string; errorText: string }>('/api/confirm-nominal', payload(data, hash, [ADULT, CHILD], 0))
    expect(consent.body).toMatchObject({ errorCode: '-1002', errorText: expect.stringMatching(/consent/) })
    const short = payload(data, hash, [ADULT, CHILD])
    short.surname = [ADULT.surname]
    expect((await v.post<{ errorCode: string }>('/api/confirm-nominal', short)).body.errorCode).toBe('-1002')
    const foreign = payload(data, hash, [ADULT, CHILD])
    foreign.id = [foreign.id[0], foreign.id[0]]
    expect((await v.post<{ errorCode: string }>('/api/confirm-nominal', foreign)).body.errorCode).toBe('-1002')
    expect(await statusOf(hash)).toBe(10)
    const lines = await server.db.selectFrom('order_lines').select('person_surname').where('id', 'in', data.rows.map((r) => r.id)).execute()
    expect(lines.every((l) => l.person_surname === '')).toBe(true)
    // A country with a single region needs no region choice.
    const ok = await v.post<{ errorCode: string }>('/api/confirm-nominal', payload(data, hash, [{ ...ADULT, countryId: armenia.id, regionId: null }, CHILD]))
    expect(ok.body.errorCode).toBe('0')
    const stored = await server.db.selectFrom('order_lines').select(['country_id', 'region_id']).where('id', '=', data.rows[0].id).executeTakeFirstOrThrow()
    expect(stored).toEqual({ country_id: armenia.id, region_id: armenia.regions[0] })
  })

  it('an unknown order answers NOT_FOUND to both calls', async () => {
    const v = await visitor(server.url)
    const res = await v.post<{ errorCode: string }>('/api/order-data', { hash: 'noSuchOrderHash0000000', lang: 'ru' })
    expect(res.status).toBe(404)
    expect(res.body.errorCode).toBe('-1004')
    const { hash, v: owner } = await order(0, 1)
    const data = await orderData(owner, hash)
    const confirm = await v.post<{ errorCode: string }>('/api/confirm-nominal', payload(data, 'noSuchOrderHash0000000', [CHILD]))
    expect(confirm.status).toBe(404)
    expect(confirm.body.errorCode).toBe('-1004')
  })

  it('an order past its reserve time is refused with a clear error and stays unconfirmed', async () => {
    const { hash, v } = await order(0, 1)
    const data = await orderData(v, hash)
    await server.db.updateTable('orders').set({ reserve_until: Date.now() - 1000 }).where('hash', '=', hash).execute()
    expect((await orderData(v, hash)).rows[0].reservetime).toBe(0)
    const res = await v.post<{ errorCode: string; errorText: string }>('/api/confirm-nominal', payload(data, hash, [CHILD]))
    expect(res.status).toBe(409)
    expect(res.body).toEqual({ errorCode: '-1005', errorText: 'The reservation time is over: the order was released' })
    expect(await statusOf(hash)).not.toBe(20)
  })

  it('a paid order past its reserve time is answered paid and still confirmed (no deadline)', async () => {
    const { hash, v } = await order(0, 1)
    expect((await orderData(v, hash)).rows[0].paid).toBe(0)
    await server.db.updateTable('orders').set({ paid: 1, reserve_until: Date.now() - 1000 }).where('hash', '=', hash).execute()
    const data = await orderData(v, hash)
    expect(data.rows[0].paid).toBe(1)
    const res = await v.post<{ errorCode: string }>('/api/confirm-nominal', payload(data, hash, [CHILD]))
    expect(res.body.errorCode).toBe('0')
    expect(await statusOf(hash)).toBe(20)
  })
})

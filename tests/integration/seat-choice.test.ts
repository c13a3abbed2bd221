import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bestSeatsResponseSchema } from '../../src/contract/entities/best'
import { cartResponseSchema } from '../../src/contract/entities/cart'
import { ErrorCode } from '../../src/contract/errors'
import { seatingIndexOf } from '../../src/server/domain/seating/load'
import type { SeatingIndex } from '../../src/server/domain/seating/rows'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { HALL_EVENT, loadScheme, seatChange, visitor, type SchemeFx } from './scheme-helpers'

interface Refusal {
  errorCode: string
  errorText: string
}

/**
 * Best available (POST /api/cart/best) and the single-seat rule of hand-picked seats (issue 20
 * items 1-2) on the demo's 5,000-seat hall, through a real server on both databases.
 */
describe.each(TEST_DBS)('seat choice on %s', (dbKind) => {
  let server: TestServer
  let fx: SchemeFx
  let index: SeatingIndex
  let category: number

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind })
    fx = await loadScheme(await visitor(server.url), HALL_EVENT)
    const calendar = await server.db.selectFrom('calendars').select('drawing_id').where('id', '=', fx.calendarId).executeTakeFirstOrThrow()
    index = await seatingIndexOf(server.db, calendar.drawing_id!)
    category = fx.categoryOf(fx.map.seat_numbers[0].zonelevel_id)
  })
  afterAll(async () => {
    await server?.close()
  })

  const seatOf = (key: string) => fx.map.seat_numbers.find((s) => s.seat_id === key)!
  /** Seats of the last segment (back of the hall, away from best-available picks) with at least `min` seats, in row order. */
  const backSegment = (skip: number, min = 5): string[] => {
    let found = 0
    for (let s = index.segStart.length - 2; s >= 0; s--) {
      const a = index.segStart[s]
      const b = index.segStart[s + 1]
      if (b - a < min) continue
      if (found++ < skip) continue
      return Array.from({ length: b - a }, (_, i) => index.keys[a + i])
    }
    throw new Error('no segment')
  }

  it('holds N adjacent seats in one row, all in the cart, and "show me others" gives the next block', async () => {
    const v = await visitor(server.url)
    const res = await v.post('/api/cart/best', { calendar_id: fx.calendarId, quantity: 4, clientcategory_id: category })
    expect(res.status).toBe(200)
    const best = bestSeatsResponseSchema.parse(res.body)
    expect(best.chosen).toHaveLength(4)
    expect(best.together).toBe(true)
    expect(best.leaves_single).toBe(false)
    expect(best.singles).toEqual([])
    expect(best.items.map((i) => i.seat_id).sort()).toEqual([...best.chosen].sort())
    // One row of one sector, consecutive along the row (the index's order from the drawing).
    const seats = best.chosen.map(seatOf)
    expect(new Set(seats.map((s) => `${s.sector}|${s.row}`)).size).toBe(1)
    const positions = best.chosen.map((k) => index.posByKey.get(k)!).sort((a, b) => a - b)
    expect(positions[3] - positions[0]).toBe(3)
    expect(new Set(positions.map((p) => index.segOf[p])).size).toBe(1)
    // The map shows them held.
    const map = await loadScheme(v, HALL_EVENT)
    expect(best.chosen.every((k) => map.map.seat_numbers.find((s) => s.seat_id === k)!.status === 'held')).toBe(true)

    const next = bestSeatsResponseSchema.parse((await v.post('/api/cart/best', { calendar_id: fx.calendarId, quantity: 4, clientcategory_id: category, exclude: best.chosen })).body)
    expect(next.chosen).toHaveLength(4)
    expect(next.chosen.some((k) => best.chosen.includes(k))).toBe(false)
    // The first block went back: the cart holds the new one only.
    expect(next.items.map((i) => i.seat_id).sort()).toEqual([...next.chosen].sort())

    // Another visitor gets other seats.
    const other = bestSeatsResponseSchema.parse((await (await visitor(server.url)).post('/api/cart/best', { calendar_id: fx.calendarId, quantity: 4, clientcategory_id: category })).body)
    expect(other.chosen.some((k) => next.chosen.includes(k))).toBe(false)
  })

  it('4 best seats on the 60,000-seat stadium: adjacent in one row and held', async () => {
    const v = await visitor(server.url)
    const stadium = await loadScheme(v, 'stadium-rock')
    const calendar = await server.db.selectFrom('calendars').select('drawing_id').where('id', '=', stadium.calendarId).executeTakeFirstOrThrow()
    const stadiumIndex = await seatingIndexOf(server.db, calendar.drawing_id!)
    const res = await v.post('/api/cart/best', { calendar_id: stadium.calendarId, quantity: 4, clientcategory_id: stadium.categoryOf(stadium.map.seat_numbers[0].zonelevel_id) })
    expect(res.status).toBe(200)
    const best = bestSeatsResponseSchema.parse(res.body)
    expect(best.together).toBe(true)
    expect(best.items.map((i) => i.seat_id).sort()).toEqual([...best.chosen].sort())
    const positions = best.chosen.map((k) => stadiumIndex.posByKey.get(k)!).sort((a, b) => a - b)
    expect(positions[3] - positions[0]).toBe(3)
    expect(new Set(positions.map((p) => stadiumIndex.segOf[p])).size).toBe(1)
  })

  it('parallel requests of several visitors each hold a block of their own', async () => {
    const visitors = await Promise.all(Array.from({ length: 4 }, () => visitor(server.url)))
    const answers = await Promise.all(visitors.map((v) => v.post('/api/cart/best', { calendar_id: fx.calendarId, quantity: 3, clientcategory_id: category })))
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200])
    const chosen = answers.flatMap((a) => bestSeatsResponseSchema.parse(a.body).chosen)
    expect(chosen).toHaveLength(12)
    expect(new Set(chosen).size).toBe(12)
  })

  it('refuses bad input in the spec format, in the visitor language, changing nothing', async () => {
    const v = await visitor(server.url)
    const zero = await v.post<Refusal>('/api/cart/best', { calendar_id: fx.calendarId, quantity: 0, clientcategory_id: category })
    expect(zero.status).toBe(400)
    expect(zero.body.errorCode).toBe(ErrorCode.BAD_REQUEST)
    const junk = await v.post<Refusal>('/api/cart/best', { calendar_id: 'x', quantity: 'four', exclude: 'all' })
    expect(junk.status).toBe(400)
    expect(junk.body.errorCode).toBe(ErrorCode.BAD_REQUEST)
    // Over the order limit (10 on the hall).
    const many = await v.post<Refusal>('/api/cart/best', { calendar_id: fx.calendarId, quantity: 11, clientcategory_id: category, lang: 'en' })
    expect(many.body.errorCode).toBe(ErrorCode.LIMIT)
    expect(many.body.errorText).toContain('11')
    // A price level not sold in this session: none to choose.
    const none = await v.post<Refusal>('/api/cart/best', { calendar_id: fx.calendarId, quantity: 2, clientcategory_id: category, zonelevel_id: 999_999, lang: 'en' })
    expect(none.status).toBe(409)
    expect(none.body).toEqual({ errorCode: ErrorCode.UNAVAILABLE, errorText: 'No 2 seats together are left here; try fewer seats or another price level' })
    const ru = await v.post<Refusal>('/api/cart/best', { calendar_id: fx.calendarId, quantity: 2, clientcategory_id: category, zonelevel_id: 999_999 })
    expect(ru.body.errorText).toContain('мест рядом')
    const gone = await v.post<Refusal>('/api/cart/best', { calendar_id: 999_999, quantity: 2, clientcategory_id: category })
    expect(gone.status).toBe(404)
    const cart = cartResponseSchema.parse((await v.post('/api/cart/list', { calendar_id: fx.calendarId })).body)
    expect(cart.items).toEqual([])
  })

  it('warns (default) when seats picked by hand leave a single empty seat, and stops warning when it is taken too', async () => {
    const v = await visitor(server.url)
    const row = backSegment(0)
    // Holding the 2nd seat leaves the 1st alone at the row end.
    const res = await v.post('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, row[1])] })
    expect(res.status).toBe(200)
    const cart = cartResponseSchema.parse(res.body)
    expect(cart.items.map((i) => i.seat_id)).toEqual([row[1]])
    expect(cart.singles?.map((s) => s.seat_id)).toEqual([row[0]])
    expect(cart.singles?.[0]).toMatchObject({ sector: seatOf(row[0]).sector, row: seatOf(row[0]).row, seat: seatOf(row[0]).seat })
    // The list call says the same after a reload.
    const listed = cartResponseSchema.parse((await v.post('/api/cart/list', { calendar_id: fx.calendarId })).body)
    expect(listed.singles?.map((s) => s.seat_id)).toEqual([row[0]])
    const fixed = cartResponseSchema.parse((await v.post('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, row[0])] })).body)
    expect(fixed.singles).toEqual([])
  })

  it('enforce (per session) refuses a hand-picked choice that leaves a single seat, translated, holding nothing', async () => {
    await server.db.updateTable('calendars').set({ orphan_rule: 'enforce' }).where('id', '=', fx.calendarId).execute()
    try {
      const v = await visitor(server.url)
      const row = backSegment(1)
      const refused = await v.post<Refusal>('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, row[1])], lang: 'en' })
      expect(refused.status).toBe(400)
      expect(refused.body.errorCode).toBe(ErrorCode.BAD_REQUEST)
      const s = seatOf(row[0])
      expect(refused.body.errorText).toBe(`This choice would leave a single empty seat: ${s.sector}, row ${s.row}, seat ${s.seat}. Choose the seats next to it, leaving no single seat.`)
      const ru = await v.post<Refusal>('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, row[1])] })
      expect(ru.body.errorText).toContain('одно пустое место')
      const empty = cartResponseSchema.parse((await v.post('/api/cart/list', { calendar_id: fx.calendarId })).body)
      expect(empty.items).toEqual([])
      const map = await loadScheme(v, HALL_EVENT)
      expect(map.map.seat_numbers.find((x) => x.seat_id === row[1])!.status).toBe('free')

      // The first two seats leave nothing single: held.
      const ok = cartResponseSchema.parse((await v.post('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, row[0]), seatChange(fx, row[1])] })).body)
      expect(ok.items).toHaveLength(2)
      // Letting a seat go is never refused, even when it leaves a single seat: the cart warns.
      const released = cartResponseSchema.parse((await v.post('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, row[0], 0)] })).body)
      expect(released.items.map((i) => i.seat_id)).toEqual([row[1]])
      expect(released.singles?.map((x) => x.seat_id)).toEqual([row[0]])

      // Best available still works under enforce and leaves no single seat.
      const best = bestSeatsResponseSchema.parse((await (await visitor(server.url)).post('/api/cart/best', { calendar_id: fx.calendarId, quantity: 3, clientcategory_id: category })).body)
      expect(best.chosen).toHaveLength(3)
      expect(best.singles).toEqual([])
    } finally {
      await server.db.updateTable('calendars').set({ orphan_rule: null }).where('id', '=', fx.calendarId).execute()
    }
  })
})

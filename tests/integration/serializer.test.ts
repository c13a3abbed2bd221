import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { calls } from '../../src/contract/calls'
import { answerJsonSchema, contractSerializerCompiler } from '../../src/server/plugins/serializer'
import { startTestServer, type TestServer } from '../support/server'
import { loadScheme, schemeOrderBody, seatChange, visitor } from './scheme-helpers'

/**
 * Answers are written by fast-json-stringify from the JSON Schema of the contract's zod schema
 * (plugins/serializer.ts). What must hold: every call's answer schema converts (else it falls back
 * to zod, slower), and real answers of the buying path, written that way, are accepted by the
 * contract's schema and carry exactly the values zod's own encoding writes.
 */
const responseOf = (path: string) => Object.values(calls).find((c) => c.path === path)!.response as z.ZodType

/** The answer as zod writes it, read back as JSON. */
const zodWritten = (schema: z.ZodType, value: unknown) => JSON.parse(JSON.stringify(z.encode(schema, value as never))) as unknown

describe('contract answers written by fast-json-stringify', () => {
  it('every call of the contract has an answer schema JSON Schema can express', () => {
    const zodOnly = Object.entries(calls).filter(([, c]) => answerJsonSchema(c.response as z.ZodType) === null)
    expect(zodOnly.map(([name]) => name)).toEqual([])
  })

  it('drops properties the schema does not name, writes null and leaves out undefined, and refuses a missing required one', () => {
    const schema = z.object({ id: z.number().int(), name: z.string(), note: z.string().nullable(), extra: z.string().optional(), items: z.array(z.object({ a: z.number() })) })
    const write = contractSerializerCompiler({ schema, method: 'GET', url: '/t', httpStatus: '200' })
    const value = { id: 3, name: 'x', note: null, extra: undefined, items: [{ a: 1, secret: 2 }], secret: 'no' }
    expect(JSON.parse(write(value))).toEqual(zodWritten(schema, value))
    expect(JSON.parse(write(value))).toEqual({ id: 3, name: 'x', note: null, items: [{ a: 1 }] })
    expect(() => write({ id: 3, note: null, items: [] })).toThrow()
  })

  describe('real answers of the buying path', () => {
    let server: TestServer
    beforeAll(async () => {
      server = await startTestServer({ db: 'sqlite' })
    })
    afterAll(async () => {
      await server?.close()
    })

    it('token, setup, listing, seat map sessions, hold, cart, order and its view: accepted by the contract, same values as zod writes', async () => {
      const v = await visitor(server.url)
      const fx = await loadScheme(v)
      const seats = fx.map.seat_numbers.filter((s) => s.status === 'free').slice(0, 2).map((s) => s.seat_id)
      const answers: Array<[string, unknown]> = []
      const keep = (path: string, res: { status: number; body: unknown }) => {
        expect(res.status, path).toBe(200)
        answers.push([path, res.body])
        return res.body
      }
      keep('/api/token', await v.getJson('/api/token'))
      keep('/api/setup', await v.getJson('/api/setup'))
      keep('/api/afisha', await v.getJson('/api/afisha'))
      keep('/api/scheme/sessions', await v.post('/api/scheme/sessions', { hash: fx.hash }))
      keep('/api/cart/update', await v.post('/api/cart/update', { calendar_id: fx.calendarId, changes: seats.map((s) => seatChange(fx, s)) }))
      keep('/api/cart/list', await v.post('/api/cart/list', { calendar_id: fx.calendarId }))
      const created = keep('/api/order/create-scheme', await v.post('/api/order/create-scheme', await schemeOrderBody(v, fx, seats))) as { hash?: string; response?: { hash?: string } }
      const hash = created.hash ?? created.response?.hash
      expect(hash).toBeTypeOf('string')
      keep('/api/order/view', await v.post('/api/order/view', { hash, lang: 'ru' }))
      for (const [path, body] of answers) {
        const schema = responseOf(path)
        expect(schema.safeParse(body).success, path).toBe(true)
        expect(body, path).toEqual(zodWritten(schema, body))
      }
    })
  })
})

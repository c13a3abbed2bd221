import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'
import { buildPath, callList, callNames, calls } from '../../../src/contract'

/** Paths both spec documents list in §7 (000 and 001), in Fastify syntax. */
const SPEC_PATHS = [
  '/api/token', '/api/setup', '/api/afisha', '/api/no-scheme', '/api/order/create', '/api/order-data',
  '/api/confirm-nominal', '/api/captcha', '/api/captcha/check', '/api/crm/client-info', '/api/crm/logout',
  '/api/cart/list', '/api/cart/update', '/api/scheme', '/api/scheme/sessions', '/api/scheme/map',
  '/api/order/create-scheme', '/api/order/view', '/api/order/return/:hash', '/api/order/return-create',
  '/api/order/return-confirm', '/api/order/get-num', '/api/order/add-special-offer',
  '/api/order/remove-special-offer', '/api/order/add-discount', '/api/order/cancel-discount',
  '/api/order/status-change', '/api/payment/start/:typeId',
  // Our addition: the ticket view's data (001 links /ticket/{tickethash_id}).
  '/api/ticket/:hash',
  // Our addition: best available on the seat map (issue 20).
  '/api/cart/best',
  '/api/cart/extend',
  '/api/order/extend',
  // Our addition: the compiled seat map (issue 16).
  '/api/scheme/map/compiled', '/api/venues/compiled/:hash', '/api/scheme/map/statuses',
  // Our addition: a session's waiting room (issue 18.5).
  '/api/queue/status',
]

/** Calls whose answer is bytes (application/octet-stream), fetched by the venue worker. */
const BINARY = new Set(['compiledVenue', 'schemeMapStatuses'])

describe('call registry', () => {
  it('has every spec path exactly once, each under /api', () => {
    const paths = callList.map((c) => c.path)
    expect(new Set(paths).size).toBe(paths.length)
    expect([...paths].sort()).toEqual([...SPEC_PATHS].sort())
    for (const p of paths) expect(p.startsWith('/api/')).toBe(true)
  })

  it('uses GET only for token, setup, afisha, captcha, ticket and the compiled map\'s bytes', () => {
    const gets = callNames.filter((n) => calls[n].method === 'GET').sort()
    expect(gets).toEqual(['afisha', 'captcha', 'compiledVenue', 'schemeMapStatuses', 'setup', 'ticket', 'token'])
  })

  it('declares params exactly for the paths that have parameters', () => {
    for (const c of callList) expect(c.path.includes(':')).toBe(c.params !== undefined)
  })

  it.each(callNames)('%s: request, params and response convert to JSON Schema', (name) => {
    const c = calls[name]
    expect(() => z.toJSONSchema(c.request, { io: 'input' })).not.toThrow()
    expect(() => z.toJSONSchema(c.response, { io: 'output' })).not.toThrow()
    if (c.params) expect(() => z.toJSONSchema(c.params as z.ZodType, { io: 'input' })).not.toThrow()
    expect(c.summary.length).toBeGreaterThan(5)
    expect(c.description?.length ?? 0).toBeGreaterThan(10)
  })

  it.each(callNames)('%s: converts with the same transform the OpenAPI generator uses', (name) => {
    const c = calls[name]
    const schema = {
      [c.method === 'GET' ? 'querystring' : 'body']: c.request,
      ...(c.params ? { params: c.params } : {}),
      response: { 200: c.response },
    }
    for (const openapi of ['3.0.3', '3.1.0']) {
      const doc = { schema, url: c.path, route: { method: c.method, url: c.path }, openapiObject: { openapi } }
      const out = jsonSchemaTransform(doc as unknown as Parameters<typeof jsonSchemaTransform>[0]) as unknown as { schema: Record<string, unknown> }
      const response = (out.schema.response as Record<string, { type?: string; format?: string; anyOf?: unknown[] }>)['200']
      if (BINARY.has(name)) expect(response).toMatchObject({ type: 'string', format: 'binary' })
      else expect(response.type === 'object' || Array.isArray(response.anyOf)).toBe(true)
    }
  })

  it('GET calls take an empty query object (the status bytes name their session)', () => {
    expect(calls.schemeMapStatuses.request.safeParse({}).success).toBe(false)
    expect(calls.schemeMapStatuses.request.safeParse({ hash: 'ab', calendar_id: '7' }).success).toBe(true)
    for (const n of callNames) {
      if (calls[n].method !== 'GET' || n === 'schemeMapStatuses') continue
      expect(calls[n].request.safeParse({}).success).toBe(true)
    }
  })

  it('fills path parameters and refuses a missing one', () => {
    expect(buildPath(calls.orderReturnData.path, { hash: 'ab c' })).toBe('/api/order/return/ab%20c')
    expect(buildPath(calls.paymentStart.path, { typeId: 3 })).toBe('/api/payment/start/3')
    expect(() => buildPath(calls.paymentStart.path, {})).toThrow(/typeId/)
    expect(buildPath('/api/afisha')).toBe('/api/afisha')
  })
})

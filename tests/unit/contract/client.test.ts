import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ApiCallError, BUSY_RETRIES, ErrorCode, createApiClient } from '../../../src/contract'

/**
 * The client against a small HTTP peer that speaks the contract's token protocol: GET /api/token
 * sets a session cookie and answers a token bound to it; POSTs need the cookie, the token and the
 * XMLHttpRequest marker. `rotate` invalidates tokens to exercise the -1000 retry.
 */
let server: Server
let baseUrl = ''
let tokenCalls = 0
let generation = 0
let lastPost: { headers: IncomingMessage['headers']; body: string; url: string } | null = null
/** Busy answers (503, Retry-After: 0) still to give, per path, before the real one. */
const busyLeft = new Map<string, number>()
/** Requests each path received. */
const hits = new Map<string, number>()

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let s = ''
    req.on('data', (c: Buffer) => (s += c.toString()))
    req.on('end', () => resolve(s))
  })
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const send = (status: number, json: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' })
      res.end(JSON.stringify(json))
    }
    const body = await readBody(req)
    const path = req.url ?? ''
    hits.set(path, (hits.get(path) ?? 0) + 1)
    const busy = busyLeft.get(path) ?? 0
    if (busy > 0) {
      busyLeft.set(path, busy - 1)
      res.setHeader('Retry-After', '0')
      return send(503, { errorCode: ErrorCode.LIMIT, errorText: 'busy, try again' })
    }
    if (req.method === 'GET' && req.url === '/api/token') {
      tokenCalls += 1
      res.setHeader('Set-Cookie', [`sid=s${generation}; Path=/; HttpOnly`, 'theme=dark; Path=/'])
      return send(200, { response: `t${generation}` })
    }
    if (req.method === 'GET' && req.url?.startsWith('/api/captcha')) return send(200, { code: '<svg/>', sid: 'c1' })
    if (req.method === 'GET' && req.url === '/api/setup') return send(200, { broken: true })
    if (req.method !== 'POST') return send(404, { errorCode: ErrorCode.NOT_FOUND, errorText: 'No such path' })
    lastPost = { headers: req.headers, body, url: req.url ?? '' }
    const okToken = req.headers['x-csrf-token'] === `t${generation}` && req.headers.cookie?.includes(`sid=s${generation}`)
    if (!okToken || req.headers['x-requested-with'] !== 'XMLHttpRequest') {
      return send(403, { errorCode: ErrorCode.CSRF, errorText: 'CSRF token invalid' })
    }
    if (req.url === '/api/order/get-num') return send(200, { response: { num: 77 } })
    if (req.url === '/api/cart/list') return send(200, { calendar_id: 5, items: [], hold_seconds: 0, limit_left: 10 })
    if (req.url === '/api/order/return/h%20x') return send(404, { errorCode: ErrorCode.NOT_FOUND, errorText: 'Order deleted or not found' })
    if (req.url === '/api/order/status-change') return send(200, { response: 'soon' })
    return send(404, { errorCode: ErrorCode.NOT_FOUND, errorText: 'No such path' })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()))
})

beforeEach(() => {
  busyLeft.clear()
  hits.clear()
  tokenCalls = 0
  generation = 0
  lastPost = null
})

describe('createApiClient', () => {
  it('fetches the token once, keeps the cookies and sends the headers on POST', async () => {
    const api = createApiClient({ baseUrl })
    expect((await api.call('orderGetNum', { hash: 'abc', lang: 'ru' })).response.num).toBe(77)
    expect((await api.call('orderGetNum', { hash: 'abc' })).response.num).toBe(77)
    expect(tokenCalls).toBe(1)
    expect(lastPost?.headers['x-csrf-token']).toBe('t0')
    expect(lastPost?.headers['x-requested-with']).toBe('XMLHttpRequest')
    expect(lastPost?.headers['content-type']).toBe('application/json')
    expect(JSON.parse(lastPost?.body ?? '')).toEqual({ hash: 'abc' })
    expect(api.cookieHeader()).toBe('sid=s0; theme=dark')
  })

  it("adds the visitor's lang to POST bodies that carry none, so refusals come back in it", async () => {
    let lang = 'kz'
    const api = createApiClient({ baseUrl, lang: () => lang })
    await api.call('orderGetNum', { hash: 'abc' })
    expect(JSON.parse(lastPost?.body ?? '')).toEqual({ hash: 'abc', lang: 'kz' })
    lang = 'ch'
    await api.call('orderGetNum', { hash: 'abc', lang: 'en' })
    expect(JSON.parse(lastPost?.body ?? '')).toEqual({ hash: 'abc', lang: 'en' })
    await api.call('orderGetNum', { hash: 'abc' })
    expect(JSON.parse(lastPost?.body ?? '')).toEqual({ hash: 'abc', lang: 'ch' })
  })

  it('GET calls need no token', async () => {
    const api = createApiClient({ baseUrl })
    expect(await api.call('captcha')).toEqual({ code: '<svg/>', sid: 'c1' })
    expect(tokenCalls).toBe(0)
  })

  it('refetches the token and retries once on -1000', async () => {
    const api = createApiClient({ baseUrl })
    await api.token()
    generation = 1
    expect((await api.call('orderGetNum', { hash: 'abc' })).response.num).toBe(77)
    expect(tokenCalls).toBe(2)
  })

  it(`sends a read call again after a busy answer (503, Retry-After), at most ${BUSY_RETRIES} times`, async () => {
    const api = createApiClient({ baseUrl })
    busyLeft.set('/api/token', 1)
    busyLeft.set('/api/cart/list', BUSY_RETRIES)
    expect((await api.call('cartList', { calendar_id: 5 })).calendar_id).toBe(5)
    expect(hits.get('/api/token')).toBe(2)
    expect(hits.get('/api/cart/list')).toBe(BUSY_RETRIES + 1)
    busyLeft.set('/api/cart/list', BUSY_RETRIES + 1)
    await expect(api.call('cartList', { calendar_id: 5 })).rejects.toMatchObject({ errorCode: ErrorCode.LIMIT, status: 503 })
    expect(hits.get('/api/cart/list')).toBe(2 * BUSY_RETRIES + 2)
  })

  it("leaves any other call's busy answer to the visitor (a buying call may not be repeated behind his back): sent once", async () => {
    const api = createApiClient({ baseUrl })
    await api.token()
    busyLeft.set('/api/order/get-num', 1)
    await expect(api.call('orderGetNum', { hash: 'abc' })).rejects.toMatchObject({ errorCode: ErrorCode.LIMIT, status: 503 })
    expect(hits.get('/api/order/get-num')).toBe(1)
  })

  it('throws ApiCallError with code, text and status for an error answer', async () => {
    const api = createApiClient({ baseUrl })
    const err = await api.call('orderReturnData', { hash: 'h x' }, { hash: 'h x' }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ApiCallError)
    expect(err).toMatchObject({ errorCode: ErrorCode.NOT_FOUND, errorText: 'Order deleted or not found', status: 404 })
  })

  it('throws INTERNAL when a success answer does not match the contract', async () => {
    const api = createApiClient({ baseUrl })
    await expect(api.call('setup')).rejects.toMatchObject({ errorCode: ErrorCode.INTERNAL, status: 200 })
    await expect(api.call('orderStatusChange', { hash: 'abc' })).rejects.toMatchObject({ errorCode: ErrorCode.INTERNAL })
  })

  it('reports a network failure as status 0', async () => {
    const api = createApiClient({ baseUrl: 'http://127.0.0.1:1' })
    await expect(api.call('captcha')).rejects.toMatchObject({ errorCode: ErrorCode.INTERNAL, status: 0 })
  })
})

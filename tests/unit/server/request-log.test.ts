import Fastify from 'fastify'
import pino from 'pino'
import fs from 'node:fs'
import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import type { RequestLogMode } from '../../../src/server/config'
import { loadConfig } from '../../../src/server/config'
import { loggedUrl, RequestLogController, SLOW_REQUEST_MS } from '../../../src/server/plugins/request-log'

/** A Fastify app with the controller and a pino logger whose lines land in `lines`. */
async function appWith(mode: RequestLogMode) {
  const lines: Array<Record<string, unknown>> = []
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const l of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(l) as Record<string, unknown>)
      done()
    },
  })
  const app = Fastify({ loggerInstance: pino({ level: 'info' }, sink), logController: new RequestLogController(mode) })
  app.get('/ok', async () => ({ ok: true }))
  app.get('/slow', async () => {
    await new Promise((r) => setTimeout(r, SLOW_REQUEST_MS + 50))
    return { ok: true }
  })
  app.get('/boom', async () => {
    throw new Error('boom')
  })
  await app.ready()
  const requestLines = () => lines.filter((l) => typeof l.msg === 'string' && /request/.test(l.msg) && l.url !== undefined)
  return { app, lines, requestLines }
}

describe('request log (REQUEST_LOG)', () => {
  it('all: one line a request, with method, URL, status and time (not two)', async () => {
    const { app, requestLines } = await appWith('all')
    await app.inject('/ok')
    await app.inject('/ok')
    const got = requestLines()
    expect(got).toHaveLength(2)
    expect(got[0]).toMatchObject({ level: 30, method: 'GET', url: '/ok', statusCode: 200, msg: 'request completed' })
    expect(typeof got[0].responseTime).toBe('number')
    await app.close()
  })

  it('errors: nothing for a quick success, a line for a 500 and for a slow request', async () => {
    const { app, requestLines } = await appWith('errors')
    await app.inject('/ok')
    expect(requestLines()).toHaveLength(0)
    await app.inject('/boom')
    expect(requestLines()).toEqual([expect.objectContaining({ level: 50, url: '/boom', statusCode: 500 })])
    await app.inject('/slow')
    expect(requestLines()[1]).toMatchObject({ level: 40, url: '/slow', statusCode: 200, msg: 'slow request completed' })
    await app.close()
  })

  it('off: no request lines', async () => {
    const { app, requestLines } = await appWith('off')
    await app.inject('/ok')
    await app.inject('/slow')
    expect(requestLines()).toHaveLength(0)
    await app.close()
  })

  it('defaults to all in development and errors in production', () => {
    expect(loadConfig({}, '/srv/app').requestLog).toBe('all')
    expect(loadConfig({ NODE_ENV: 'production' }, '/srv/app').requestLog).toBe('errors')
    expect(loadConfig({ NODE_ENV: 'production', REQUEST_LOG: 'all' }, '/srv/app').requestLog).toBe('all')
    expect(() => loadConfig({ REQUEST_LOG: 'some' }, '/srv/app')).toThrow(/REQUEST_LOG/)
  })
})

describe('request log: secrets', () => {
  const SECRET = 'secretHash0123456789abcdef'

  it("redacts the URL of Fastify's line when an error answer's headers cannot be written", async () => {
    const lines: string[] = []
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString())
        done()
      },
    })
    const app = Fastify({ loggerInstance: pino({ level: 'info' }, sink), logController: new RequestLogController('all') })
    app.get('/api/ticket/:hash', async (_request, reply) => {
      // A header value Node refuses: the error answer's writeHead throws (Fastify's writeHeadError).
      reply.header('x-broken', 'a\nb')
      throw new Error('boom')
    })
    await app.inject(`/api/ticket/${SECRET}`)
    await app.close()
    const log = lines.join('')
    expect(log).toContain('/api/ticket/[redacted]')
    expect(log).not.toContain(SECRET)
  })

  it('redacts a hash after a secret prefix in a path no route names (pattern unknown)', () => {
    expect(loggedUrl({ url: `/api/ticket/${SECRET}/x` })).toBe('/api/ticket/[redacted]/x')
    expect(loggedUrl({ url: `/api/order/return/${SECRET}` })).toBe('/api/order/return/[redacted]')
    expect(loggedUrl({ url: `/ORDER/Return/${SECRET}?lang=en` })).toBe('/ORDER/Return/[redacted]?lang=[redacted]')
    expect(loggedUrl({ url: `//ticket//${SECRET}` })).toBe('//ticket//[redacted]')
    expect(loggedUrl({ url: `/%6Frder/${SECRET}%zz` })).toBe('/%6Frder/[redacted]')
    expect(loggedUrl({ url: '/event/public-hash' })).toBe('/event/public-hash')
    // A route with a secret parameter, the path not in its shape: from the parameter on.
    expect(loggedUrl({ url: `/api/ticket/${SECRET}/`, routeOptions: { url: '/api/ticket/:hash' } })).toBe('/api/ticket/[redacted]')
  })

  it("redacts the hash of every page of the web app's routes that carries one (src/app), but an event's", () => {
    // Pages whose :hash names a public event (anyone may open it from the listing).
    const PUBLIC = ['event/:hash', 'scheme/:hash', 'boxoffice/:hash']
    const sources: Array<[file: string, base: string]> = [
      ['src/app/routes.tsx', '/'],
      ['src/app/admin/AdminApp.tsx', '/admin/'],
    ]
    const pages: string[] = []
    for (const [file, base] of sources) {
      for (const m of fs.readFileSync(file, 'utf8').matchAll(/path[=:]\s*["'`]([^"'`]*:(?:hash|token|secret)[^"'`]*)["'`]/gi)) pages.push(`${base}${m[1].replace(/^\//, '')}`)
    }
    expect(pages.length).toBeGreaterThan(5)
    for (const page of pages) {
      const url = page.replace(/:[a-z]+\??/gi, (p) => (/hash|token|secret/i.test(p) ? SECRET : 'x'))
      if (PUBLIC.some((p) => page.includes(p))) continue
      expect(loggedUrl({ url }), page).not.toContain(SECRET)
    }
  })
})

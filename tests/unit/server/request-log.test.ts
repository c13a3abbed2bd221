import Fastify from 'fastify'
import pino from 'pino'
import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import type { RequestLogMode } from '../../../src/server/config'
import { loadConfig } from '../../../src/server/config'
import { RequestLogController, SLOW_REQUEST_MS } from '../../../src/server/plugins/request-log'

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

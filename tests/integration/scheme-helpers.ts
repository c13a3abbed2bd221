import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { once } from 'node:events'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { sql } from 'kysely'
import { schemeMapResponseSchema, schemeSessionsResponseSchema, seatStatusEventSchema, type SchemeMapResponse, type SchemeSessionsResponse, type SeatStatusEvent } from '../../src/contract/entities/scheme'
import type { Db } from '../../src/server/db/connect'
import { demoHash } from '../../src/server/seed/catalog'
import { PG_ADMIN_URL, templatedPgDatabase, type TemplateKind } from '../support/server'
import { NPM_START_ARGS } from './cluster-helpers'
import { patientVisitor, visitor, type Visitor } from './order-fixtures'

/**
 * Helpers of the seat-map tests (scheme-*.test.ts): the demo's seat-map events, a buyer, the
 * server-sent event reader, the double-sale detector and server processes on one PostgreSQL.
 */

/** Demo event on the 5,000-seat hall (no gift card, demquantlimit 10). */
export const HALL_EVENT = 'organ-night'

export interface SchemeFx {
  hash: string
  calendarId: number
  sessions: SchemeSessionsResponse
  map: SchemeMapResponse
  /** Client category of the regular price rows (one per zone in the demo). */
  categoryOf(zone: number): number
}

/** Loads sessions and the map of the first session of a demo event, parsed by the contract. */
export async function loadScheme(v: Visitor, key = HALL_EVENT, hash = demoHash('event', key)): Promise<SchemeFx> {
  const sessions = schemeSessionsResponseSchema.parse((await v.post('/api/scheme/sessions', { hash })).body)
  const calendarId = sessions.calendar[0].calendar_id
  const res = await v.post('/api/scheme/map', { hash, calendar_id: calendarId })
  const map = schemeMapResponseSchema.parse(res.body)
  return {
    hash,
    calendarId,
    sessions,
    map,
    categoryOf: (zone) => sessions.prices.find((p) => p.calendar_id === calendarId && p.zonelevel_id === zone)!.clientcategory_id,
  }
}

/** How a refusal names a seat of the map in Russian (the default language): "Партер, ряд 3, место 7". */
export function placeRu(fx: SchemeFx, seatId: string): string {
  const s = fx.map.seat_numbers.find((x) => x.seat_id === seatId)!
  return `${s.sector}, ряд ${s.row}, место ${s.seat}`
}

/** A cart change holding (1) or releasing (0) a seat of the map. */
export function seatChange(fx: SchemeFx, seatId: string, quantity: 0 | 1 = 1) {
  const seat = fx.map.seat_numbers.find((s) => s.seat_id === seatId)!
  return { seat_id: seatId, clientcategory_id: fx.categoryOf(seat.zonelevel_id), quantity }
}

/** A valid bank-card create-scheme body for `seats` (checkboxes: every one ticked). */
export async function schemeOrderBody(v: Visitor, fx: SchemeFx, seats: string[], extra: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  const head = (await v.post<{ checkboxList: { id: number }[] }>('/api/scheme', { hash: fx.hash })).body
  return {
    fio: 'Иван Петров',
    phone: '+79161234567',
    email: 'ivan@example.org',
    re_email: 'ivan@example.org',
    action_id: fx.hash,
    lang: 'ru',
    calendarId: fx.calendarId,
    checkboxList: head.checkboxList.map((c) => ({ id: c.id, checked: 1 })),
    tickets: seats.map((s) => ({ ...seatChange(fx, s), sector: '', row: '', seat: '' })),
    ...extra,
  }
}

export interface CartAnswer {
  errorCode?: string
  errorText?: string
  calendar_id: number
  items: { seat_id: string; quantity: number; price: number }[]
  hold_seconds: number
  limit_left: number
}

/** Seats sold (live order or sale) more than once in a session: the double-sale detector. */
export async function doubleSales(db: Db, calendarId: number): Promise<{ seat_id: number; n: number }[]> {
  const holds = await db
    .selectFrom('seat_holds')
    .select(['seat_id', sql<number>`count(*)`.as('n')])
    .where('calendar_id', '=', calendarId)
    .where('released_at', 'is', null)
    .where('state', 'in', ['order', 'sold'])
    .groupBy('seat_id')
    .having(sql<number>`count(*)`, '>', 1)
    .execute()
  const lines = await db
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .select(['l.seat_id', sql<number>`count(*)`.as('n')])
    .where('l.calendar_id', '=', calendarId)
    .where('o.status', '<>', 90)
    .where('l.seat_id', 'is not', null)
    .groupBy('l.seat_id')
    .having(sql<number>`count(*)`, '>', 1)
    .execute()
  return [...holds, ...lines].map((r) => ({ seat_id: r.seat_id!, n: Number(r.n) }))
}

/** Seats of a session with a live order or sale. */
export async function soldSeats(db: Db, calendarId: number): Promise<number> {
  const row = await db
    .selectFrom('seat_holds')
    .select(sql<number>`count(*)`.as('n'))
    .where('calendar_id', '=', calendarId)
    .where('released_at', 'is', null)
    .where('state', 'in', ['order', 'sold'])
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export interface SseMessage {
  event: string
  id: string | null
  data: string
}

/**
 * Reads GET /api/scheme/events as a browser's EventSource would (fetch and parse the stream).
 * `waitFor` resolves with the first message (past or future) that matches, or rejects after
 * `timeoutMs` listing what arrived.
 */
export class SseReader {
  readonly messages: SseMessage[] = []
  private readonly controller = new AbortController()
  private waiters: (() => void)[] = []
  closed = false

  private constructor() {}

  /** The last `id:` the stream gave (with or without data), as EventSource keeps it for Last-Event-ID. */
  lastEventId: string | null = null

  /** `lastEventId`: the Last-Event-ID header (a reconnect); `since`: ?last_event_id= (the map's version). */
  static async open(baseUrl: string, calendarId: number, opts: { lastEventId?: string; since?: number | string } = {}): Promise<SseReader> {
    const reader = new SseReader()
    const headers: Record<string, string> = { accept: 'text/event-stream' }
    if (opts.lastEventId !== undefined) headers['last-event-id'] = opts.lastEventId
    const query = opts.since === undefined ? '' : `&last_event_id=${opts.since}`
    const res = await fetch(`${baseUrl}/api/scheme/events?calendar_id=${calendarId}${query}`, { headers, signal: reader.controller.signal })
    if (res.status !== 200 || !res.body) throw new Error(`stream answered ${res.status}: ${await res.text()}`)
    void reader.pump(res.body)
    return reader
  }

  private async pump(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder()
    let buffer = ''
    try {
      for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true })
        let end: number
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          const msg: SseMessage = { event: 'message', id: null, data: '' }
          let hasData = false
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) continue
            const [field, ...rest] = line.split(':')
            const value = rest.join(':').replace(/^ /, '')
            if (field === 'event') msg.event = value
            else if (field === 'id') {
              msg.id = value
              this.lastEventId = value
            }
            else if (field === 'data') {
              msg.data += (hasData ? '\n' : '') + value
              hasData = true
            }
          }
          if (hasData) this.messages.push(msg)
          this.wake()
        }
      }
    } catch {
      // Aborted by close() or the server ended the stream.
    }
    this.closed = true
    this.wake()
  }

  private wake(): void {
    const w = this.waiters
    this.waiters = []
    for (const fn of w) fn()
  }

  /** Seat status messages so far, parsed by the contract. */
  statusEvents(): SeatStatusEvent[] {
    return this.messages.filter((m) => m.event === 'message').map((m) => seatStatusEventSchema.parse(JSON.parse(m.data)))
  }

  /** The latest status each seat got in the stream so far. */
  latestStatus(): Map<string, string> {
    const out = new Map<string, string>()
    for (const e of this.statusEvents()) for (const c of e.changes) out.set(c.seat_id, c.status)
    return out
  }

  async waitFor(match: (r: SseReader) => boolean, timeoutMs: number, what: string): Promise<void> {
    const deadline = Date.now() + timeoutMs
    while (!match(this)) {
      if (this.closed) throw new Error(`stream closed while waiting for ${what}; got ${JSON.stringify(this.messages)}`)
      const left = deadline - Date.now()
      if (left <= 0) throw new Error(`no ${what} within ${timeoutMs} ms; got ${JSON.stringify(this.messages)}`)
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left)
        this.waiters.push(() => {
          clearTimeout(t)
          resolve()
        })
      })
    }
  }

  close(): void {
    this.controller.abort()
  }
}

/**
 * A new PostgreSQL database for server processes a test starts: empty, or copied from a test
 * template (`from`, support/server.ts templatedPgDatabase) when the test is not about the first
 * start's migration or seeding. `drop` removes it.
 */
export async function freshPgDatabase(from?: TemplateKind): Promise<{ url: string; drop(): Promise<void> }> {
  if (from) return templatedPgDatabase(from)
  const name = `seatwise_test_${randomBytes(6).toString('hex')}`
  const admin = async (q: string) => {
    const c = new pg.Client({ connectionString: PG_ADMIN_URL })
    await c.connect()
    try {
      await c.query(q)
    } finally {
      await c.end()
    }
  }
  await admin(`create database ${name}`)
  const url = new URL(PG_ADMIN_URL)
  url.pathname = `/${name}`
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) }
}

export interface ServerProcess {
  url: string
  child: ChildProcess
  logs(): string
  stop(): Promise<void>
}

/** Starts `npm start`'s process (node bin/start.mjs, no client) on a free port with `env`; resolves once it listens. Visitors' X-Forwarded-For is trusted, as behind a proxy. */
export async function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seatwise-proc-'))
  const child = spawn(process.execPath, NPM_START_ARGS, {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', CLIENT_DIR: path.join(dataDir, 'none'), TRUST_PROXY: 'loopback', SESSIONS_PER_ADDRESS_PER_MINUTE: '100000', STREAMS_PER_ADDRESS: '1000', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let logs = ''
  child.stdout!.on('data', (d: Buffer) => (logs += d.toString()))
  child.stderr!.on('data', (d: Buffer) => (logs += d.toString()))
  const exited = once(child, 'exit')
  const url = await new Promise<string>((resolve, reject) => {
    const check = () => {
      const m = /"url":"(http:\/\/[^"]+)"[^\n]*storefront listening/.exec(logs)
      if (m) resolve(m[1])
    }
    child.stdout!.on('data', check)
    child.on('exit', () => reject(new Error(`server exited before listening:\n${logs}`)))
  })
  return {
    url,
    child,
    logs: () => logs,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM')
        await exited
      }
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

export { patientVisitor, visitor, type Visitor }

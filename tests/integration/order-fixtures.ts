import { ApiClient } from '../support/client'
import { orderSum, ticketFee, toMajor } from '../../src/contract/rules/money'
import type { Db } from '../../src/server/db/connect'
import { writeSettings } from '../../src/server/domain/settings/repository'

/**
 * Test data for the general-admission order tests, written straight into a server started
 * with DEMO_DATA=0, so every flag and stock number is known: one event per case of the spec.
 */

/** Kopecks per rouble, as the database stores money. */
const MINOR = 100
const DAY_MS = 86_400_000

export interface PriceFx {
  id: number
  categoryId: number
  zoneId: number
  /** Roubles. */
  price: number
  /** Service fee as stored: kopecks (currency 1) or hundredths of a percent (currency 2). */
  fee: number
  currency: number
}

export interface EventFx {
  id: number
  hash: string
  calendarId: number
  day: string
  time: string
  prices: Record<string, PriceFx>
}

export interface Fixtures {
  checkboxes: { required: number[]; optional: number }
  basic: EventFx
  pushkinOnly: EventFx
  pushkinMixed: EventFx
  free: EventFx
  named: EventFx
  race: EventFx
}

type PriceSpec = { rub: number; quantity: number; category: string; useproculture?: number; needprice?: number; passagequant?: number; fee?: number; currency?: number }
type EventSpec = Partial<Record<'usepushkarta' | 'usenopushkarta' | 'maybefree' | 'writeticketname' | 'mailconfirm', number>> & {
  key: string
  demquantlimit?: number
  capacity?: number
  prices: Record<string, PriceSpec>
}

export async function seedOrderFixtures(db: Db, now = Date.now()): Promise<Fixtures> {
  const kind = await db.insertInto('menu_kinds').values({ name_ru: 'Билеты', name_en: 'Tickets' }).returning('id').executeTakeFirstOrThrow()
  const venue = await db.insertInto('venues').values({ name_ru: 'Зал', name_en: 'Hall', address_ru: 'Москва', latitude: null, longitude: null }).returning('id').executeTakeFirstOrThrow()
  const zone = await db.insertInto('zones').values({ drawing_id: null, zone_key: 'ga', color: '#457b9d', name_ru: 'Входной', name_en: 'Admission' }).returning('id').executeTakeFirstOrThrow()
  const categories = new Map<string, number>()
  for (const key of ['adult', 'child', 'family', 'group', 'pushkin']) {
    const row = await db.insertInto('client_categories').values({ name_ru: key, name_en: key }).returning('id').executeTakeFirstOrThrow()
    categories.set(key, row.id)
  }
  const required: number[] = []
  let optional = 0
  for (const [i, filling] of [1, 1, 0].entries()) {
    const row = await db.insertInto('checkbox_lists').values({ scope: 'order', filling, sortnum: i, name_ru: `Согласие ${i}`, name_en: `Consent ${i}` }).returning('id').executeTakeFirstOrThrow()
    if (filling === 1) required.push(row.id)
    else optional = row.id
  }
  // The captcha is off unless a test switches it on (captcha-*.test.ts); the shop offers the gift
  // card (setup's db.showproculture), so the gift-card events take it.
  await writeSettings(db, { captcha: { enabled: false }, db: { showproculture: 1 } })

  const day = new Date(now + 3 * DAY_MS).toISOString().slice(0, 10)
  const time = '19:00'
  const startsAt = Date.parse(`${day}T${time}:00Z`)

  async function event(spec: EventSpec): Promise<EventFx> {
    const { key, prices, capacity, demquantlimit, ...flags } = spec
    const ev = await db
      .insertInto('events')
      .values({ hash_id: `fx-${key}`, menu_kind_id: kind.id, venue_id: venue.id, name_ru: key, name_en: key, demquantlimit: demquantlimit ?? 10, ...flags })
      .returning('id')
      .executeTakeFirstOrThrow()
    const cal = await db
      .insertInto('calendars')
      .values({ event_id: ev.id, venue_id: venue.id, drawing_id: null, day, time, capacity: capacity ?? null, starts_at: startsAt })
      .returning('id')
      .executeTakeFirstOrThrow()
    const out: Record<string, PriceFx> = {}
    for (const [name, p] of Object.entries(prices)) {
      const categoryId = categories.get(p.category)!
      const row = await db
        .insertInto('prices')
        .values({
          calendar_id: cal.id,
          client_category_id: categoryId,
          zone_id: zone.id,
          price: p.rub * MINOR,
          quantity: p.quantity,
          useproculture: p.useproculture ?? 0,
          needprice: p.needprice ?? 0,
          passagequant: p.passagequant ?? 0,
          // Fees: kopecks when currency 1, hundredths of a percent when 2.
          priceservise: (p.fee ?? 0) * MINOR,
          currency_id: p.currency ?? 1,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      out[name] = { id: row.id, categoryId, zoneId: zone.id, price: p.rub, fee: (p.fee ?? 0) * MINOR, currency: p.currency ?? 1 }
    }
    return { id: ev.id, hash: `fx-${key}`, calendarId: cal.id, day, time, prices: out }
  }

  return {
    checkboxes: { required, optional },
    basic: await event({
      key: 'basic',
      mailconfirm: 1,
      demquantlimit: 10,
      prices: {
        adult: { category: 'adult', rub: 1500, quantity: 80, fee: 150, currency: 1 },
        child: { category: 'child', rub: 800, quantity: 5, fee: 10, currency: 2 },
        family: { category: 'family', rub: 500, quantity: 30, needprice: 3 },
        // Groups of 3: two fit under demquantlimit 10, and 1 group + 8 adults is 11 (a group counts as its passes).
        group: { category: 'group', rub: 6000, quantity: 2, passagequant: 3 },
      },
    }),
    pushkinOnly: await event({
      key: 'pushkin-only',
      usepushkarta: 1,
      usenopushkarta: 0,
      prices: { pushkin: { category: 'pushkin', rub: 1200, quantity: 30, useproculture: 1 }, adult: { category: 'adult', rub: 1200, quantity: 30, useproculture: 2 } },
    }),
    pushkinMixed: await event({
      key: 'pushkin-mixed',
      usepushkarta: 1,
      usenopushkarta: 1,
      prices: { pushkin: { category: 'pushkin', rub: 1200, quantity: 30, useproculture: 1 }, adult: { category: 'adult', rub: 1500, quantity: 30, useproculture: 2 } },
    }),
    free: await event({ key: 'free', maybefree: 1, prices: { adult: { category: 'adult', rub: 0, quantity: 100 } } }),
    named: await event({ key: 'named', writeticketname: 1, prices: { adult: { category: 'adult', rub: 3000, quantity: 20 } } }),
    race: await event({ key: 'race', capacity: 53, demquantlimit: 5, prices: { adult: { category: 'adult', rub: 1000, quantity: 500 } } }),
  }
}

let nextAddress = 1
/** A fresh client address (X-Forwarded-For; the server trusts the proxy header). */
export function freshAddress(): string {
  const n = nextAddress++
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`
}

/** A visitor with its own session and its own address. */
export class Visitor extends ApiClient {
  constructor(
    baseUrl: string,
    readonly address = freshAddress(),
  ) {
    super(baseUrl)
  }

  override async fetch(pathname: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers)
    headers.set('x-forwarded-for', this.address)
    return super.fetch(pathname, { ...init, headers })
  }
}

export async function visitor(baseUrl: string, address?: string): Promise<Visitor> {
  const v = new Visitor(baseUrl, address)
  await v.startSession()
  return v
}

/** Busy answers a rush buyer retries (each after its Retry-After) before the test sees the answer. */
const RUSH_BUSY_RETRIES = 20

/** A visitor who, like a person in an on-sale rush, tries again when the server says it is busy. */
export async function patientVisitor(baseUrl: string, address?: string): Promise<Visitor> {
  const v = new Visitor(baseUrl, address)
  v.busyRetries = RUSH_BUSY_RETRIES
  await v.startSession()
  return v
}

export interface LineSpec {
  price: PriceFx
  quantity: number
  /** Roubles; defaults to what the tickets cost with their fees (the money rule, as the page sends it). */
  sum?: number
}

/** What `quantity` tickets of a price cost the buyer, fees included, roubles (the money rule). */
export function lineSum(price: PriceFx, quantity: number): number {
  const minor = Math.round(price.price * MINOR)
  return toMajor(orderSum({ tickets: [{ price: minor, fee: ticketFee(minor, price.fee, price.currency), quantity }] }).gross)
}

/** A valid bank-card order body for an event; `extra` overrides any field. */
export function orderBody(fx: Fixtures, ev: EventFx, lines: LineSpec[], extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    fio: 'Иван Петров',
    phone: '+79161234567',
    email: 'ivan@example.org',
    re_email: 'ivan@example.org',
    data: lines.map((l) => ({
      day: ev.day,
      time: ev.time,
      actionId: ev.id,
      categoryId: l.price.categoryId,
      zoneId: l.price.zoneId,
      quantity: l.quantity,
      sum: l.sum ?? lineSum(l.price, l.quantity),
    })),
    lang: 'ru',
    hash: ev.hash,
    checkboxList: [...fx.checkboxes.required.map((id) => ({ id, checked: 1 })), { id: fx.checkboxes.optional, checked: 0 }],
    ...extra,
  }
}

/** Gift-card buyer fields (Cyrillic name parts, +7 phone). */
export const GIFT_BUYER = { surname: 'Иванова', name: 'Анна', patronymic: 'Сергеевна', phone: '+7 (916) 123-45-67', fio: undefined }

export interface OrderAnswer {
  errorCode: string
  errorText: string
  hash?: string
}

/** Tickets sold or reserved per price row, straight from the database. */
export async function soldByPrice(db: Db): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .select(['l.price_id', (eb) => eb.fn.sum<number>('l.quantity').as('n')])
    .where('o.status', '<>', 90)
    .groupBy('l.price_id')
    .execute()
  return new Map(rows.map((r) => [r.price_id, Number(r.n)]))
}

export async function orderCount(db: Db): Promise<number> {
  const r = await db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
  return Number(r.n)
}

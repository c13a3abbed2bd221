import type { Logger } from 'pino'
import { generateVenue } from '../../engine/generate/index'
import type { Db } from '../db/connect'
import { importVenueDrawing } from '../venues/import'
import { demoHash, MAP_MIN_RUB, MAP_ZONE_PRICE_STEP, MINOR, sellableZones } from './catalog'
import { POSTER_HEIGHT, POSTER_WIDTH, posterSvg } from './posters'
import { nameZones } from './index'
import { loc } from './util'
import { addDays, venueDay, venueInstant } from '../venue-time'

/**
 * Big generated venues on sale in the storefront (issue 16.4): `npm run venue -- seed-big N`
 * adds a stadium of N seats, drawn by the engine's generator (the lab's venues) and imported
 * through the operator's import path, with one seat-map event and one session on sale. The demo
 * never loads these (npm start stays quick); the storefront benchmark and e2e tests do.
 */

/** Seat counts the command accepts: the lab's range. */
export const BIG_VENUE_MIN_SEATS = 1000
export const BIG_VENUE_MAX_SEATS = 1_000_000
/** Generator seed of every big venue: the same N always draws the same venue. */
const BIG_VENUE_SEED = 16
/** Days from today of the big event's one session. */
const BIG_EVENT_DAY = 30
/** Price of the best zone, roubles; further zones get cheaper by the demo's step. */
const BIG_EVENT_BEST_RUB = 5000
/** Tickets one order may take at the big event (the demo's map events allow 6 to 10). */
const BIG_EVENT_ORDER_LIMIT = 10

/** The public hash of the big event with `seats` seats: stable, so benchmarks and tests can open /event/<hash>. */
export const bigEventHash = (seats: number) => demoHash('event', `big-stadium-${seats}`)

export interface BigVenueResult {
  hash: string
  eventId: number
  calendarId: number
  seats: number
  /** False when the event was there already (the command is idempotent). */
  created: boolean
  ms: number
}

/**
 * Adds (once) the N-seat generated stadium and its event. Needs the demo's reference rows (menus,
 * visitor categories): on an empty database the caller loads the demo first, as `npm start` would.
 * Runs in one transaction, so a failure leaves nothing behind.
 */
export async function seedBigVenue(db: Db, seats: number, log: Pick<Logger, 'info'>, now = Date.now()): Promise<BigVenueResult> {
  if (!Number.isInteger(seats) || seats < BIG_VENUE_MIN_SEATS || seats > BIG_VENUE_MAX_SEATS) {
    throw new Error(`seats must be a whole number from ${BIG_VENUE_MIN_SEATS} to ${BIG_VENUE_MAX_SEATS}`)
  }
  const started = Date.now()
  const hash = bigEventHash(seats)
  const existing = await db.selectFrom('events as e').innerJoin('calendars as c', 'c.event_id', 'e.id').select(['e.id', 'c.id as calendarId']).where('e.hash_id', '=', hash).executeTakeFirst()
  if (existing) return { hash, eventId: existing.id, calendarId: existing.calendarId, seats, created: false, ms: Date.now() - started }

  const menu = await db.selectFrom('main_menus').select(['id', 'menu_kind_id']).orderBy('sortnum').executeTakeFirst()
  const category = await db.selectFrom('client_categories').select('id').orderBy('sortnum').executeTakeFirst()
  if (!menu || !category) throw new Error('the database has no menus or visitor categories: start the server once with DEMO_DATA=1 first')

  return db.transaction().execute(async (trx) => {
    const names: [string, string, string, string] = [`Стадион на ${seats} мест`, `Stadium of ${seats} seats`, `${seats} орындық стадион`, `${seats}座體育場`]
    const venue = await trx.insertInto('venues').values({ ...loc('name', names), ...loc('address', ['Сгенерированная площадка', 'Generated venue', 'Жасалған алаң', '生成的場館']) }).returning('id').executeTakeFirstOrThrow()
    const svg = generateVenue({ kind: 'stadium', seats, seed: BIG_VENUE_SEED })
    log.info({ seats, bytes: svg.length }, 'big venue drawing generated')
    const imported = await importVenueDrawing(trx, { venueId: venue.id, name: names[1], svg, sourceFile: `generated:stadium:${seats}:${BIG_VENUE_SEED}` })
    await nameZones(trx, imported.drawingId)
    log.info({ seats: imported.seats, zones: imported.zones }, 'big venue drawing imported')

    const eventNames: [string, string, string, string] = [`Большой концерт (${seats} мест)`, `Big Concert (${seats} seats)`, `Үлкен концерт (${seats} орын)`, `大型音樂會（${seats}座）`]
    const image = await trx
      .insertInto('images')
      .values({ file_name: `poster-big-${seats}.svg`, mime: 'image/svg+xml', width: POSTER_WIDTH, height: POSTER_HEIGHT, body: posterSvg(eventNames[0], 'Концерт') })
      .returning('id')
      .executeTakeFirstOrThrow()
    const event = await trx
      .insertInto('events')
      .values({
        hash_id: hash,
        menu_kind_id: menu.menu_kind_id,
        venue_id: venue.id,
        image_id: image.id,
        ...loc('name', eventNames),
        ...loc('descript', eventNames),
        ...loc('descript_url', ['', '', '', '']),
        ...loc('ticketinfo', ['Электронный билет придёт на e-mail.', 'The e-ticket is sent by e-mail.', 'Электронды билет e-mail арқылы келеді.', '電子票將發送到您的郵箱。']),
        usepushkarta: 0,
        usenopushkarta: 1,
        signlang: 0,
        maybefree: 0,
        writeticketname: 0,
        mailconfirm: 0,
        showticketcount: 1,
        showquant: 1,
        scheme: 1,
        soon_on_sale: 0,
        age_from: 0,
        rowcount: 3,
        demquantlimit: BIG_EVENT_ORDER_LIMIT,
        sortnum: 1000,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await trx.insertInto('event_menus').values({ event_id: event.id, main_menu_id: menu.id, sub_menu_id: null }).execute()
    const day = addDays(venueDay(now), BIG_EVENT_DAY)
    const time = '19:00'
    const calendar = await trx
      .insertInto('calendars')
      .values({ event_id: event.id, venue_id: venue.id, drawing_id: imported.drawingId, day, time, pricetype_id: 1, capacity: null, starts_at: venueInstant(day, time) })
      .returning('id')
      .executeTakeFirstOrThrow()
    const zones = await sellableZones(trx, imported.drawingId)
    await trx
      .insertInto('prices')
      .values(
        zones.map((z, i) => ({
          calendar_id: calendar.id,
          client_category_id: category.id,
          zone_id: z.id,
          price: Math.max(MAP_MIN_RUB, Math.round((BIG_EVENT_BEST_RUB * (1 - i * MAP_ZONE_PRICE_STEP)) / 100) * 100) * MINOR,
          quantity: z.seats,
          useproculture: 0,
          sortnum: i + 1,
          priceservise: 0,
          currency_id: 2,
        })),
      )
      .execute()
    return { hash, eventId: event.id, calendarId: calendar.id, seats: imported.seats, created: true, ms: Date.now() - started }
  })
}

import { createHash } from 'node:crypto'
import type { Db } from '../db/connect'
import { CATEGORIES, EVENTS, GA_ZONES, KINDS, MENUS, PRICE_TEMPLATES, TAGS, VENUES, type EventDef } from './catalog-data'
import { POSTER_HEIGHT, POSTER_WIDTH, posterSvg } from './posters'
import { loc } from './util'
import { addDays, venueDay, venueInstant } from '../venue-time'

/** Seat-map zones get cheaper by this share of the best zone's price, one step per zone. */
export const MAP_ZONE_PRICE_STEP = 0.15
/** Cheapest seat-map price in roubles, whatever the number of zones. */
export const MAP_MIN_RUB = 500
/** Kopecks per rouble: prices are stored in minor units. */
export const MINOR = 100

/** A stable public hash for demo rows, so demo links survive a restart. */
export const demoHash = (kind: string, key: string) => createHash('sha256').update(`${kind}:${key}`).digest('base64url').slice(0, 16)

const kindLabel = ['', 'Билеты', 'Абонемент', 'Концерт']
const DESCRIPTIONS: Record<number, [string, string, string, string]> = {
  1: ['{name} — событие сезона на сцене, которую любят зрители. Продолжительность около двух часов.', '{name}: a highlight of the season on a stage the audience loves. About two hours long.', '{name} — маусымның басты оқиғасы. Ұзақтығы шамамен екі сағат.', '{name}——本季亮點，時長約兩小時。'],
  2: ['{name}: несколько вечеров по одной цене. Состав абонемента — ниже.', '{name}: several evenings for one price. The programme is listed below.', '{name}: бір бағаға бірнеше кеш.', '{name}：一個價格，多場演出。'],
  3: ['{name}. Живой звук, лучшие исполнители и незабываемая атмосфера.', '{name}. Live sound, great performers and an unforgettable atmosphere.', '{name}. Тірі дыбыс және ерекше атмосфера.', '{name}。現場演奏，優秀演員，難忘氛圍。'],
}

export interface CatalogIds {
  venues: Map<string, number>
  events: Map<string, number>
  categories: Map<string, number>
  /** First session of each event. */
  firstCalendar: Map<string, number>
  calendarsByEvent: Map<string, number[]>
  mainMenus: Map<string, number>
}

export type Navigation = Pick<CatalogIds, 'venues' | 'categories' | 'mainMenus'> & { tags: Map<string, number>; subMenus: Map<string, number>; gaZones: Map<string, number> }

/** Kinds, menus, tags, venues, categories and zones; returns ids by key. */
export async function seedNavigation(db: Db): Promise<Navigation> {
  // Kinds 1–3 are every install's (seed/system.ts) and usually present already.
  await db
    .insertInto('menu_kinds')
    .values(KINDS.map((k) => ({ id: k.id, sortnum: k.id, ...loc('name', k.names) })))
    .onConflict((oc) => oc.column('id').doNothing())
    .execute()
  const mainMenus = new Map<string, number>()
  const subMenus = new Map<string, number>()
  for (const [i, m] of MENUS.entries()) {
    const row = await db
      .insertInto('main_menus')
      .values({ menu_kind_id: m.kind, sortnum: i + 1, showimage: m.image ? 1 : 0, showfiltercalendar: m.calendarFilter ? 1 : 0, showattribute: 1, menucolumncount: m.columns ?? 3, menurowcount: 0, ...loc('name', m.names) })
      .returning('id')
      .executeTakeFirstOrThrow()
    mainMenus.set(m.key, row.id)
    for (const [j, s] of (m.subs ?? []).entries()) {
      const sub = await db.insertInto('sub_menus').values({ main_menu_id: row.id, sortnum: j + 1, ...loc('name', s.names) }).returning('id').executeTakeFirstOrThrow()
      subMenus.set(s.key, sub.id)
    }
  }
  const tags = new Map<string, number>()
  for (const [i, t] of TAGS.entries()) {
    const row = await db.insertInto('tags').values({ sortnum: i + 1, ...loc('name', t.names) }).returning('id').executeTakeFirstOrThrow()
    tags.set(t.key, row.id)
  }
  const venues = new Map<string, number>()
  for (const v of VENUES) {
    const row = await db
      .insertInto('venues')
      .values({ ...loc('name', v.names), ...loc('address', v.address), latitude: v.lat, longitude: v.lon, urlyandexmap: `https://yandex.ru/maps/?pt=${v.lon},${v.lat}&z=17&l=map` })
      .returning('id')
      .executeTakeFirstOrThrow()
    venues.set(v.key, row.id)
  }
  const categories = new Map<string, number>()
  for (const [i, c] of CATEGORIES.entries()) {
    const row = await db
      .insertInto('client_categories')
      .values({ sortnum: i + 1, ...loc('name', c.names), ...loc('descript', c.descript), needage: c.needage ?? 0, needmiddlename: c.needmiddlename ?? 0, needdocument: c.needdocument ?? 0, needcountry: c.needcountry ?? 0, needregion: c.needregion ?? 0 })
      .returning('id')
      .executeTakeFirstOrThrow()
    categories.set(c.key, row.id)
  }
  const gaZones = new Map<string, number>()
  for (const [i, z] of GA_ZONES.entries()) {
    const row = await db.insertInto('zones').values({ drawing_id: null, zone_key: z.key, color: z.color, sortnum: i + 1, ...loc('name', z.names), ...loc('descript', z.names) }).returning('id').executeTakeFirstOrThrow()
    gaZones.set(z.key, row.id)
  }
  return { mainMenus, subMenus, tags, venues, categories, gaZones }
}

/** Events with posters, menus, tags, sessions and price rows; subscriptions with compositions. */
export async function seedEvents(db: Db, now: number, nav: Navigation, drawings: Map<string, number>): Promise<CatalogIds> {
  const events = new Map<string, number>()
  const firstCalendar = new Map<string, number>()
  const calendarsByEvent = new Map<string, number[]>()
  const firstDay = new Map<string, { day: string; time: string; venue: string }>()

  // Sellable zones of each drawing with their places, for seat-map price rows.
  const drawingZones = new Map<number, MapZone[]>()
  for (const drawingId of drawings.values()) drawingZones.set(drawingId, await sellableZones(db, drawingId))

  for (const [index, e] of EVENTS.entries()) {
    const f = e.flags ?? {}
    const image = await db
      .insertInto('images')
      .values({ file_name: `poster-${e.key}.svg`, mime: 'image/svg+xml', width: POSTER_WIDTH, height: POSTER_HEIGHT, body: posterSvg(e.names[0], kindLabel[e.kind]) })
      .returning('id')
      .executeTakeFirstOrThrow()
    const describe = (i: number) => DESCRIPTIONS[e.kind][i].replace('{name}', e.names[i])
    const venueId = nav.venues.get(e.venue)!
    const drawingId = e.prices === 'map' ? drawings.get(e.venue) : undefined
    const row = await db
      .insertInto('events')
      .values({
        hash_id: demoHash('event', e.key),
        menu_kind_id: e.kind,
        venue_id: venueId,
        image_id: image.id,
        ...loc('name', e.names),
        ...loc('descript', [describe(0), describe(1), describe(2), describe(3)]),
        ...loc('descript_url', ['https://example.org/events/' + e.key, 'https://example.org/en/events/' + e.key, '', '']),
        ...loc('ticketinfo', ['Электронный билет придёт на e-mail.', 'The e-ticket is sent by e-mail.', 'Электронды билет e-mail арқылы келеді.', '電子票將發送到您的郵箱。']),
        usepushkarta: f.usepushkarta ? 1 : 0,
        usenopushkarta: f.usenopushkarta || !f.usepushkarta ? 1 : 0,
        signlang: f.signlang ? 1 : 0,
        maybefree: f.maybefree ? 1 : 0,
        writeticketname: f.writeticketname ? 1 : 0,
        mailconfirm: f.mailconfirm ? 1 : 0,
        showticketcount: f.hideCount ? 0 : 1,
        showquant: f.hideCount ? 0 : 1,
        scheme: drawingId !== undefined ? 1 : 0,
        soon_on_sale: f.soon ? 1 : 0,
        age_from: e.age ?? 0,
        rowcount: 3,
        demquantlimit: e.demquantlimit ?? 10,
        sortnum: index + 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    events.set(e.key, row.id)
    await db.insertInto('event_menus').values({ event_id: row.id, main_menu_id: nav.mainMenus.get(e.menu)!, sub_menu_id: e.sub ? nav.subMenus.get(e.sub)! : null }).execute()
    if (e.tags?.length) await db.insertInto('event_tags').values(e.tags.map((t) => ({ event_id: row.id, tag_id: nav.tags.get(t)! }))).execute()

    const ids: number[] = []
    for (const offset of e.days) {
      // Days and times on the venue's clock (VENUE_TIME_ZONE), as an operator enters them.
      const day = addDays(venueDay(now), offset)
      for (const time of e.times) {
        const cal = await db
          .insertInto('calendars')
          .values({ event_id: row.id, venue_id: venueId, drawing_id: drawingId ?? null, day, time, pricetype_id: 1, capacity: null, starts_at: venueInstant(day, time) })
          .returning('id')
          .executeTakeFirstOrThrow()
        ids.push(cal.id)
        if (!firstDay.has(e.key)) firstDay.set(e.key, { day, time, venue: e.venue })
        await insertPrices(db, e, cal.id, nav, drawingId === undefined ? undefined : drawingZones.get(drawingId))
      }
    }
    firstCalendar.set(e.key, ids[0])
    calendarsByEvent.set(e.key, ids)
  }

  for (const e of EVENTS.filter((x) => x.includes)) {
    await db
      .insertInto('compositions')
      .values(
        e.includes!.map((key, i) => {
          const inc = EVENTS.find((x) => x.key === key)!
          const when = firstDay.get(key)!
          return {
            subscription_event_id: events.get(e.key)!,
            event_id: events.get(key)!,
            venue_id: nav.venues.get(when.venue)!,
            ...loc('eventstr', inc.names),
            eventstr_day: when.day,
            eventstr_time: when.time,
            url: `/event/${demoHash('event', key)}`,
            sortnum: i + 1,
          }
        }),
      )
      .execute()
  }
  return { venues: nav.venues, events, categories: nav.categories, firstCalendar, calendarsByEvent, mainMenus: nav.mainMenus }
}

/** A zone of a drawing that can be priced, with its places: seats plus standing capacity. */
export interface MapZone {
  id: number
  seats: number
}

/**
 * Zones of a drawing in id order (seat zones first, then the zones the import gave standing
 * places), each with its seats plus standing capacity. Zones with no place at all are left out:
 * the generated arena's floor zone is drawn only by its standing areas, which the import puts
 * in zones of their own, so pricing it would show an empty category in the legend.
 */
export async function sellableZones(db: Db, drawingId: number): Promise<MapZone[]> {
  const seats = await db
    .selectFrom('zones as z')
    .leftJoin('seats as s', 's.zone_id', 'z.id')
    .select(['z.id', (eb) => eb.fn.count<number>('s.id').as('n')])
    .where('z.drawing_id', '=', drawingId)
    .groupBy('z.id')
    .orderBy('z.id')
    .execute()
  const standing = await db
    .selectFrom('standing_places')
    .select(['zone_id', (eb) => eb.fn.sum<number>('capacity').as('n')])
    .where('drawing_id', '=', drawingId)
    .groupBy('zone_id')
    .execute()
  const capacity = new Map(standing.map((p) => [p.zone_id, Number(p.n)]))
  return seats.map((z) => ({ id: z.id, seats: Number(z.n) + (capacity.get(z.id) ?? 0) })).filter((z) => z.seats > 0)
}

async function insertPrices(
  db: Db,
  e: EventDef,
  calendarId: number,
  nav: { categories: Map<string, number>; gaZones: Map<string, number> },
  mapZones: MapZone[] | undefined,
): Promise<void> {
  const f = e.flags ?? {}
  if (mapZones) {
    const category = nav.categories.get(f.writeticketname ? 'named' : 'adult')!
    const rows = mapZones.map((z, i) => {
      const rub = Math.max(MAP_MIN_RUB, Math.round((e.mapRub ?? 3000) * (1 - i * MAP_ZONE_PRICE_STEP) / 100) * 100)
      return { calendar_id: calendarId, client_category_id: category, zone_id: z.id, price: rub * MINOR, quantity: z.seats, useproculture: f.usepushkarta ? 2 : 0, sortnum: i + 1, priceservise: i === 0 ? 5 * MINOR : 0, currency_id: 2 }
    })
    // Gift-card buyers may take the cheapest zone; subscription holders get the best zone free.
    if (f.usepushkarta && mapZones.length) {
      const last = mapZones[mapZones.length - 1]
      rows.push({ ...rows[rows.length - 1], client_category_id: nav.categories.get('pushkin')!, zone_id: last.id, useproculture: 1, sortnum: rows.length + 1 })
    }
    await db.insertInto('prices').values(rows).execute()
    if (f.subscriptionPrices && mapZones.length) {
      await db.insertInto('prices').values({ calendar_id: calendarId, client_category_id: category, zone_id: mapZones[0].id, price: 0, quantity: mapZones[0].seats, sortnum: 99, for_subscription: 1 }).execute()
    }
    return
  }
  const template = PRICE_TEMPLATES[e.prices]
  if (!template) throw new Error(`unknown price template ${e.prices}`)
  await db
    .insertInto('prices')
    .values(
      template.map((p, i) => ({
        calendar_id: calendarId,
        client_category_id: nav.categories.get(p.category)!,
        zone_id: nav.gaZones.get(p.zone)!,
        price: p.rub * MINOR,
        quantity: p.quantity,
        useproculture: p.useproculture ?? 0,
        needprice: p.needprice ?? 0,
        passagequant: p.passagequant ?? 0,
        priceservise: p.fee === undefined ? 0 : p.currency === 2 ? p.fee * 100 : p.fee * MINOR,
        currency_id: p.currency ?? 1,
        for_subscription: p.forSubscription ? 1 : 0,
        sortnum: i + 1,
      })),
    )
    .execute()
}

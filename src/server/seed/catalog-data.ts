/**
 * The demo catalogue as data: venues, menus, tags and 45 events whose flags cover every case the
 * spec names (gift card 0/1/2, free events, group excursions, minimum quantities, service fees
 * in money and percent, named tickets, e-mail confirmation, soon on sale, sold out, seat maps,
 * standing places).
 * Day offsets count from "today" in the venue time zone, so the demo never goes stale.
 */

import type { VenueKind } from '../../engine/generate/index'

export type Texts = [ru: string, en: string, kz: string, ch: string]

/** The demo theatre: a 600-seat house with curved rows and balconies (issue: foundation demo data). */
const THEATRE_SEATS = 600
/**
 * The demo arena: seats on two rings around a standing floor (two standing places), so the
 * scheme view's 'Стоячие места' panel has something to show. Small beside the stadium, so the
 * demo (and every test server) still loads quickly.
 */
const ARENA_SEATS = 10_000

export interface VenueDef {
  key: string
  names: Texts
  address: Texts
  lat: number
  lon: number
  /** Seat map drawn by the engine's generator and imported like an operator's drawing. */
  drawing?: { kind: VenueKind; seats: number; seed: number }
}

export const VENUES: VenueDef[] = [
  { key: 'theatre', names: ['Драматический театр «Набережная»', 'Embankment Drama Theatre', '«Жағалау» драма театры', '濱河話劇院'], address: ['Москва, Кремлёвская наб., 10', '10 Kremlyovskaya Emb., Moscow', 'Мәскеу, Кремль жағалауы, 10', '莫斯科克裡姆林濱河路10號'], lat: 55.7485, lon: 37.6125, drawing: { kind: 'theatre', seats: THEATRE_SEATS, seed: 7 } },
  { key: 'hall', names: ['Концертный зал «Гармония»', 'Harmony Concert Hall', '«Гармония» концерт залы', '和諧音樂廳'], address: ['Москва, Тверская ул., 31', '31 Tverskaya St., Moscow', 'Мәскеу, Тверская к-сі, 31', '莫斯科特維爾大街31號'], lat: 55.7689, lon: 37.5965, drawing: { kind: 'hall', seats: 5000, seed: 11 } },
  { key: 'stadium', names: ['Стадион «Восток»', 'Vostok Stadium', '«Восток» стадионы', '東方體育場'], address: ['Москва, Лужнецкая наб., 24', '24 Luzhnetskaya Emb., Moscow', 'Мәскеу, Лужники жағалауы, 24', '莫斯科盧日尼基濱河路24號'], lat: 55.7158, lon: 37.5537, drawing: { kind: 'stadium', seats: 60000, seed: 3 } },
  { key: 'arena', names: ['Арена «Полярная звезда»', 'Polar Star Arena', '«Темірқазық» аренасы', '北極星體育館'], address: ['Москва, Ленинградский пр., 39', '39 Leningradsky Ave., Moscow', 'Мәскеу, Ленинград даңғылы, 39', '莫斯科列寧格勒大街39號'], lat: 55.7905, lon: 37.5311, drawing: { kind: 'arena', seats: ARENA_SEATS, seed: 13 } },
  { key: 'chamber', names: ['Камерная сцена «Флигель»', 'Wing Chamber Stage', '«Флигель» камералық сахнасы', '側翼小劇場'], address: ['Москва, Малая Дмитровка, 6', '6 Malaya Dmitrovka, Moscow', 'Мәскеу, Кіші Дмитровка, 6', '莫斯科小德米特羅夫卡6號'], lat: 55.7673, lon: 37.6077 },
  { key: 'museum', names: ['Музей истории города', 'City History Museum', 'Қала тарихы мұражайы', '城市歷史博物館'], address: ['Москва, Новая пл., 12', '12 Novaya Sq., Moscow', 'Мәскеу, Жаңа алаң, 12', '莫斯科新廣場12號'], lat: 55.7568, lon: 37.6306 },
  { key: 'park', names: ['Парк искусств «Берег»', 'Bereg Art Park', '«Берег» өнер саябағы', '河岸藝術公園'], address: ['Москва, Крымский Вал, 2', '2 Krymsky Val, Moscow', 'Мәскеу, Қырым білігі, 2', '莫斯科克裡米亞堤2號'], lat: 55.7347, lon: 37.6058 },
  { key: 'club', names: ['Джаз-клуб «Синяя нота»', 'Blue Note Jazz Club', '«Көк нота» джаз клубы', '藍調爵士俱樂部'], address: ['Санкт-Петербург, Невский пр., 52', '52 Nevsky Ave., Saint Petersburg', 'Санкт-Петербург, Невский даң., 52', '聖彼得堡涅瓦大街52號'], lat: 59.9343, lon: 30.3351 },
]

export const KINDS: { id: number; names: Texts }[] = [
  { id: 1, names: ['Билеты', 'Tickets', 'Билеттер', '門票'] },
  { id: 2, names: ['Абонементы', 'Subscriptions', 'Абонементтер', '套票'] },
  { id: 3, names: ['Концерты', 'Concerts', 'Концерттер', '音樂會'] },
]

export interface MenuDef { key: string; kind: number; names: Texts; calendarFilter?: boolean; image?: boolean; columns?: number; subs?: { key: string; names: Texts }[] }

export const MENUS: MenuDef[] = [
  { key: 'drama', kind: 1, names: ['Спектакли', 'Performances', 'Спектакльдер', '戲劇'], calendarFilter: true, image: true, subs: [
    { key: 'drama-classic', names: ['Классика', 'Classics', 'Классика', '經典'] },
    { key: 'drama-comedy', names: ['Комедии', 'Comedies', 'Комедиялар', '喜劇'] },
  ] },
  { key: 'tours', kind: 1, names: ['Экскурсии', 'Guided tours', 'Экскурсиялар', '導覽'], calendarFilter: true, image: true },
  { key: 'kids', kind: 1, names: ['Детям', 'For children', 'Балаларға', '兒童'], image: true },
  { key: 'lectures', kind: 1, names: ['Лекции', 'Lectures', 'Дәрістер', '講座'], columns: 2 },
  { key: 'seasons', kind: 2, names: ['Абонементы сезона', 'Season subscriptions', 'Маусым абонементтері', '季票'], image: true, columns: 2 },
  { key: 'classical', kind: 3, names: ['Классическая музыка', 'Classical music', 'Классикалық музыка', '古典音樂'], calendarFilter: true, image: true },
  { key: 'pop', kind: 3, names: ['Рок и поп', 'Rock and pop', 'Рок және поп', '搖滾與流行'], image: true },
  { key: 'jazz', kind: 3, names: ['Джаз', 'Jazz', 'Джаз', '爵士'], image: true },
]

export const TAGS: { key: string; names: Texts }[] = [
  { key: 'premiere', names: ['Премьера', 'Premiere', 'Премьера', '首演'] },
  { key: 'family', names: ['Для всей семьи', 'For the whole family', 'Бүкіл отбасыға', '適合全家'] },
  { key: 'pushkin', names: ['Пушкинская карта', 'Pushkin card', 'Пушкин картасы', '普希金卡'] },
  { key: 'signlang', names: ['С переводом на жестовый язык', 'Sign language', 'Ым тіліне аудармасымен', '手語翻譯'] },
  { key: 'outdoor', names: ['На открытом воздухе', 'Outdoors', 'Ашық аспан астында', '戶外'] },
  { key: 'free', names: ['Бесплатно', 'Free', 'Тегін', '免費'] },
  { key: 'history', names: ['История', 'History', 'Тарих', '歷史'] },
  { key: 'music', names: ['Живая музыка', 'Live music', 'Тірі музыка', '現場音樂'] },
]

/**
 * Price templates for general admission (category key, zone key, price in roubles, stock,
 * flags). Seat-map events get one row per zone of their drawing instead (see catalog.ts).
 */
export interface PriceDef {
  category: string
  zone: string
  rub: number
  quantity: number
  useproculture?: 0 | 1 | 2
  needprice?: number
  passagequant?: number
  /** Service fee: roubles when currency 1, percent when currency 2. */
  fee?: number
  currency?: 1 | 2
  forSubscription?: boolean
}

export const PRICE_TEMPLATES: Record<string, PriceDef[]> = {
  standard: [
    { category: 'adult', zone: 'ga', rub: 1500, quantity: 80 },
    { category: 'child', zone: 'ga', rub: 800, quantity: 40 },
    { category: 'student', zone: 'ga', rub: 1000, quantity: 20 },
    // What a CRM client with a subscription pays (prepaid): shown only with the subscription box.
    { category: 'adult', zone: 'ga', rub: 0, quantity: 20, forSubscription: true },
  ],
  pushkin: [
    { category: 'adult', zone: 'ga', rub: 1200, quantity: 60, useproculture: 2 },
    { category: 'pushkin', zone: 'ga', rub: 1200, quantity: 30, useproculture: 1 },
    { category: 'child', zone: 'ga', rub: 600, quantity: 30, useproculture: 0 },
  ],
  excursion: [
    { category: 'adult', zone: 'ga', rub: 700, quantity: 25 },
    { category: 'family', zone: 'ga', rub: 500, quantity: 30, needprice: 3 },
    { category: 'group', zone: 'ga', rub: 6000, quantity: 3, passagequant: 10 },
  ],
  free: [
    { category: 'adult', zone: 'ga', rub: 0, quantity: 150 },
    { category: 'child', zone: 'ga', rub: 0, quantity: 50 },
  ],
  feeMoney: [
    { category: 'adult', zone: 'ga', rub: 2500, quantity: 100, fee: 150, currency: 1 },
    { category: 'adult', zone: 'vip', rub: 6000, quantity: 20, fee: 300, currency: 1 },
  ],
  feePercent: [
    { category: 'adult', zone: 'dance', rub: 3500, quantity: 300, fee: 10, currency: 2 },
    { category: 'adult', zone: 'vip', rub: 9000, quantity: 40, fee: 10, currency: 2 },
  ],
  jazz: [
    { category: 'adult', zone: 'ga', rub: 2200, quantity: 60, fee: 5, currency: 2 },
    { category: 'adult', zone: 'vip', rub: 4500, quantity: 12, needprice: 2 },
  ],
  named: [
    { category: 'named', zone: 'ga', rub: 3000, quantity: 50 },
    { category: 'namedChild', zone: 'ga', rub: 1500, quantity: 20 },
  ],
  tiny: [{ category: 'adult', zone: 'ga', rub: 1800, quantity: 20 }],
  season: [
    { category: 'adult', zone: 'ga', rub: 12000, quantity: 40 },
    { category: 'student', zone: 'ga', rub: 8000, quantity: 20 },
  ],
}

export interface EventDef {
  key: string
  names: Texts
  kind: 1 | 2 | 3
  menu: string
  sub?: string
  venue: string
  tags?: string[]
  age?: number
  /** Day offsets from today and the times of each day. */
  days: number[]
  times: string[]
  /** A price template key, or 'map' for seat-map events (rows per drawing zone). */
  prices: string
  /** Base price of the best zone of a seat map, roubles. */
  mapRub?: number
  flags?: Partial<Record<'usepushkarta' | 'usenopushkarta' | 'signlang' | 'maybefree' | 'writeticketname' | 'mailconfirm' | 'soon' | 'soldOut' | 'hideCount' | 'subscriptionPrices', boolean>>
  demquantlimit?: number
  /** Composition (subscriptions): keys of included events. */
  includes?: string[]
}

export const EVENTS: EventDef[] = [
  { key: 'cherry-orchard', names: ['Вишнёвый сад', 'The Cherry Orchard', 'Шие бағы', '櫻桃園'], kind: 1, menu: 'drama', sub: 'drama-classic', venue: 'theatre', tags: ['pushkin'], age: 12, days: [2, 9, 16, 30], times: ['19:00'], prices: 'map', mapRub: 4500, flags: { usepushkarta: true, usenopushkarta: true, subscriptionPrices: true } },
  { key: 'seagull', names: ['Чайка', 'The Seagull', 'Шағала', '海鷗'], kind: 1, menu: 'drama', sub: 'drama-classic', venue: 'theatre', tags: ['premiere'], age: 16, days: [3, 10, 24], times: ['19:00'], prices: 'map', mapRub: 5000, flags: { mailconfirm: true } },
  { key: 'inspector', names: ['Ревизор', 'The Government Inspector', 'Ревизор', '欽差大臣'], kind: 1, menu: 'drama', sub: 'drama-comedy', venue: 'theatre', tags: ['signlang'], age: 12, days: [5, 19], times: ['14:00', '19:00'], prices: 'map', mapRub: 3800, flags: { signlang: true } },
  { key: 'woe-from-wit', names: ['Горе от ума', 'Woe from Wit', 'Ақылдан азап', '聰明誤'], kind: 1, menu: 'drama', sub: 'drama-classic', venue: 'theatre', age: 12, days: [12, 26, 40], times: ['19:00'], prices: 'map', mapRub: 4000 },
  { key: 'marriage', names: ['Женитьба', 'The Marriage', 'Үйлену', '婚事'], kind: 1, menu: 'drama', sub: 'drama-comedy', venue: 'chamber', age: 16, days: [4, 18, 32], times: ['19:30'], prices: 'pushkin', flags: { usepushkarta: true, usenopushkarta: true } },
  { key: 'romance-evening', names: ['Вечер русского романса', 'An Evening of Russian Romance', 'Орыс романсы кеші', '俄羅斯浪漫曲之夜'], kind: 1, menu: 'drama', venue: 'chamber', tags: ['music'], age: 6, days: [6], times: ['19:00'], prices: 'tiny', flags: { soldOut: true } },
  { key: 'three-sisters', names: ['Три сестры', 'Three Sisters', 'Үш апалы-сіңлілі', '三姊妹'], kind: 1, menu: 'drama', sub: 'drama-classic', venue: 'chamber', tags: ['premiere'], age: 16, days: [45, 52], times: ['19:00'], prices: 'standard', flags: { soon: true } },
  { key: 'twelfth-night', names: ['Двенадцатая ночь', 'Twelfth Night', 'Он екінші түн', '第十二夜'], kind: 1, menu: 'drama', sub: 'drama-comedy', venue: 'chamber', age: 12, days: [8, 22, 36, 50], times: ['19:00'], prices: 'standard', flags: { mailconfirm: true } },
  { key: 'old-city-walk', names: ['Прогулка по старому городу', 'Old Town Walk', 'Ескі қала бойынша серуен', '老城漫步'], kind: 1, menu: 'tours', venue: 'museum', tags: ['history', 'outdoor'], age: 0, days: [1, 2, 3, 8, 9, 10, 15, 16], times: ['11:00', '15:00'], prices: 'excursion' },
  { key: 'museum-night', names: ['Ночь в музее', 'Night at the Museum', 'Мұражайдағы түн', '博物館之夜'], kind: 1, menu: 'tours', venue: 'museum', tags: ['history', 'family'], age: 6, days: [13], times: ['20:00', '22:00'], prices: 'excursion' },
  { key: 'archive-tour', names: ['Закрытые фонды музея', 'The Museum Archives', 'Мұражайдың жабық қорлары', '博物館庫房探秘'], kind: 1, menu: 'tours', venue: 'museum', tags: ['history'], age: 14, days: [7, 21, 35], times: ['12:00'], prices: 'named', flags: { writeticketname: true, mailconfirm: true }, demquantlimit: 4 },
  { key: 'river-architecture', names: ['Архитектура набережных', 'Architecture of the Embankments', 'Жағалаулар сәулеті', '濱河建築'], kind: 1, menu: 'tours', venue: 'park', tags: ['outdoor', 'pushkin'], age: 0, days: [4, 11, 18, 25], times: ['12:00'], prices: 'pushkin', flags: { usepushkarta: true } },
  { key: 'modernism-tour', names: ['Московский модерн', 'Moscow Art Nouveau', 'Мәскеу модерні', '莫斯科新藝術'], kind: 1, menu: 'tours', venue: 'museum', tags: ['history'], age: 12, days: [6, 20, 34, 48], times: ['13:00'], prices: 'excursion', flags: { signlang: true } },
  { key: 'tram-tour', names: ['Экскурсия на ретро-трамвае', 'Vintage Tram Tour', 'Ретро-трамваймен экскурсия', '復古電車遊'], kind: 1, menu: 'tours', venue: 'park', tags: ['outdoor', 'family'], age: 0, days: [55, 58], times: ['10:00'], prices: 'excursion', flags: { soon: true } },
  { key: 'snow-queen', names: ['Снежная королева', 'The Snow Queen', 'Қар ханшайымы', '冰雪女王'], kind: 1, menu: 'kids', venue: 'theatre', tags: ['family'], age: 0, days: [6, 13, 20, 27], times: ['12:00', '15:00'], prices: 'map', mapRub: 2000 },
  { key: 'puppet-kolobok', names: ['Колобок: кукольный спектакль', 'Kolobok: A Puppet Show', 'Колобок: қуыршақ қойылымы', '小圓麵包：木偶劇'], kind: 1, menu: 'kids', venue: 'chamber', tags: ['family'], age: 3, days: [7, 14, 21, 28], times: ['11:00'], prices: 'standard' },
  { key: 'science-show', names: ['Научное шоу профессора Звёздкина', "Professor Zvyozdkin's Science Show", 'Профессор Звёздкиннің ғылыми шоуы', '星星教授科學秀'], kind: 1, menu: 'kids', venue: 'park', tags: ['family', 'outdoor'], age: 5, days: [5, 12, 19], times: ['12:00', '16:00'], prices: 'feeMoney' },
  { key: 'museum-for-kids', names: ['Музей для малышей', 'Museum for Little Ones', 'Кішкентайларға арналған мұражай', '幼兒博物館'], kind: 1, menu: 'kids', venue: 'museum', tags: ['family', 'free'], age: 0, days: [3, 10, 17, 24, 31], times: ['11:00'], prices: 'free', flags: { maybefree: true } },
  { key: 'lecture-avantgarde', names: ['Лекция «Русский авангард»', 'Lecture: The Russian Avant-garde', '«Орыс авангарды» дәрісі', '講座：俄羅斯先鋒派'], kind: 1, menu: 'lectures', venue: 'museum', tags: ['free', 'history'], age: 12, days: [2, 16, 30], times: ['18:30'], prices: 'free', flags: { maybefree: true } },
  { key: 'lecture-opera', names: ['Как слушать оперу', 'How to Listen to Opera', 'Операны қалай тыңдау керек', '如何欣賞歌劇'], kind: 1, menu: 'lectures', venue: 'chamber', tags: ['music', 'pushkin'], age: 12, days: [9, 23], times: ['18:00'], prices: 'pushkin', flags: { usepushkarta: true, usenopushkarta: true } },
  { key: 'lecture-cinema', names: ['История советского кино', 'A History of Soviet Cinema', 'Кеңес киносының тарихы', '蘇聯電影史'], kind: 1, menu: 'lectures', venue: 'museum', tags: ['history'], age: 16, days: [11, 25, 39], times: ['19:00'], prices: 'standard', flags: { hideCount: true } },
  { key: 'lecture-space', names: ['Космос: от Циолковского до наших дней', 'Space: From Tsiolkovsky to Today', 'Ғарыш: Циолковскийден бүгінге дейін', '太空：從齊奧爾科夫斯基到今天'], kind: 1, menu: 'lectures', venue: 'park', tags: ['family', 'free'], age: 10, days: [15, 29], times: ['17:00'], prices: 'free', flags: { maybefree: true, signlang: true } },
  { key: 'rachmaninoff', names: ['Рахманинов. Все фортепианные концерты', 'Rachmaninoff: The Piano Concertos', 'Рахманинов. Фортепиано концерттері', '拉赫瑪尼諾夫鋼琴協奏曲全集'], kind: 3, menu: 'classical', venue: 'hall', tags: ['music', 'premiere'], age: 6, days: [4, 18], times: ['19:00'], prices: 'map', mapRub: 7000, flags: { subscriptionPrices: true } },
  { key: 'tchaikovsky', names: ['Чайковский. Времена года', 'Tchaikovsky: The Seasons', 'Чайковский. Жыл мезгілдері', '柴可夫斯基：四季'], kind: 3, menu: 'classical', venue: 'hall', tags: ['music', 'pushkin'], age: 6, days: [8, 22, 43], times: ['19:00'], prices: 'map', mapRub: 5500, flags: { usepushkarta: true, usenopushkarta: true } },
  { key: 'organ-night', names: ['Органная ночь', 'Organ Night', 'Орган түні', '管風琴之夜'], kind: 3, menu: 'classical', venue: 'hall', tags: ['music'], age: 6, days: [14, 28], times: ['22:00'], prices: 'map', mapRub: 3000 },
  { key: 'bach-family', names: ['Бах для всей семьи', 'Bach for the Whole Family', 'Бүкіл отбасыға арналған Бах', '全家聽巴赫'], kind: 3, menu: 'classical', venue: 'chamber', tags: ['music', 'family'], age: 0, days: [7, 21, 35], times: ['12:00'], prices: 'standard', flags: { signlang: true } },
  { key: 'string-quartet', names: ['Струнный квартет «Орфей»', 'Orpheus String Quartet', '«Орфей» ішекті квартеті', '俄耳甫斯絃樂四重奏'], kind: 3, menu: 'classical', venue: 'chamber', tags: ['music'], age: 6, days: [10, 24, 38, 52], times: ['19:30'], prices: 'pushkin', flags: { usepushkarta: true, usenopushkarta: true } },
  { key: 'new-year-gala', names: ['Новогодний гала-концерт', 'New Year Gala', 'Жаңа жылдық гала-концерт', '新年音樂會'], kind: 3, menu: 'classical', venue: 'hall', tags: ['music', 'family'], age: 0, days: [56, 59], times: ['16:00', '20:00'], prices: 'map', mapRub: 9000, flags: { soon: true } },
  { key: 'stadium-rock', names: ['Рок-фестиваль «Восток»', 'Vostok Rock Festival', '«Восток» рок-фестивалі', '東方搖滾音樂節'], kind: 3, menu: 'pop', venue: 'stadium', tags: ['music', 'outdoor'], age: 16, days: [20, 21], times: ['18:00'], prices: 'map', mapRub: 12000, demquantlimit: 6 },
  { key: 'pop-stars', names: ['Звёзды эстрады', 'Pop Stars Live', 'Эстрада жұлдыздары', '流行巨星演唱會'], kind: 3, menu: 'pop', venue: 'stadium', tags: ['music'], age: 12, days: [41], times: ['19:00'], prices: 'map', mapRub: 8000, flags: { mailconfirm: true } },
  { key: 'arena-rock-night', names: ['Рок-ночь на арене', 'Arena Rock Night', 'Аренадағы рок түні', '體育館搖滾之夜'], kind: 3, menu: 'pop', venue: 'arena', tags: ['music'], age: 12, days: [11, 25], times: ['16:00', '20:00'], prices: 'map', mapRub: 6000, demquantlimit: 8 },
  { key: 'indie-night', names: ['Инди-ночь', 'Indie Night', 'Инди түні', '獨立音樂之夜'], kind: 3, menu: 'pop', venue: 'park', tags: ['music', 'outdoor'], age: 18, days: [9, 16], times: ['20:00'], prices: 'feePercent' },
  { key: 'symphonic-rock', names: ['Симфонический рок', 'Symphonic Rock', 'Симфониялық рок', '交響搖滾'], kind: 3, menu: 'pop', venue: 'hall', tags: ['music'], age: 12, days: [12, 33], times: ['19:00'], prices: 'map', mapRub: 6000, flags: { writeticketname: true } },
  { key: 'acoustic-evening', names: ['Акустический вечер', 'Acoustic Evening', 'Акустикалық кеш', '不插電之夜'], kind: 3, menu: 'pop', venue: 'club', tags: ['music'], age: 18, days: [3, 17, 31], times: ['20:00'], prices: 'jazz' },
  { key: 'summer-open-air', names: ['Летний опен-эйр', 'Summer Open Air', 'Жазғы опен-эйр', '夏季露天音樂會'], kind: 3, menu: 'pop', venue: 'park', tags: ['outdoor', 'music'], age: 12, days: [26, 27], times: ['17:00'], prices: 'feePercent', flags: { mailconfirm: true } },
  { key: 'jazz-standards', names: ['Джазовые стандарты', 'Jazz Standards', 'Джаз стандарттары', '爵士標準曲'], kind: 3, menu: 'jazz', venue: 'club', tags: ['music'], age: 18, days: [1, 8, 15, 22, 29], times: ['20:00', '22:30'], prices: 'jazz' },
  { key: 'big-band', names: ['Биг-бэнд Олега Лундстрема', 'The Big Band', 'Биг-бэнд', '大樂隊'], kind: 3, menu: 'jazz', venue: 'hall', tags: ['music'], age: 6, days: [15, 37], times: ['19:00'], prices: 'map', mapRub: 4500 },
  { key: 'jazz-jam', names: ['Джем-сейшн', 'Jam Session', 'Джем-сейшн', '即興演奏會'], kind: 3, menu: 'jazz', venue: 'club', tags: ['music', 'free'], age: 18, days: [4, 11, 18, 25], times: ['23:00'], prices: 'free', flags: { maybefree: true } },
  { key: 'ella-tribute', names: ['Посвящение Элле Фицджеральд', 'A Tribute to Ella Fitzgerald', 'Элла Фицджеральдқа арнау', '致敬艾拉·費茲傑拉'], kind: 3, menu: 'jazz', venue: 'club', tags: ['music', 'premiere'], age: 16, days: [19, 40], times: ['20:00'], prices: 'jazz', flags: { mailconfirm: true } },
  { key: 'gypsy-jazz', names: ['Джаз-мануш', 'Gypsy Jazz', 'Мануш джазы', '吉普賽爵士'], kind: 3, menu: 'jazz', venue: 'park', tags: ['music', 'outdoor'], age: 6, days: [13, 27, 44], times: ['18:00'], prices: 'feeMoney' },
  { key: 'vocal-jazz', names: ['Вокальный джаз', 'Vocal Jazz', 'Вокалдық джаз', '爵士聲樂'], kind: 3, menu: 'jazz', venue: 'club', tags: ['music'], age: 16, days: [57], times: ['20:00'], prices: 'jazz', flags: { soon: true } },
  { key: 'season-theatre', names: ['Абонемент «Русская классика»', 'Subscription: Russian Classics', '«Орыс классикасы» абонементі', '套票：俄羅斯經典'], kind: 2, menu: 'seasons', venue: 'theatre', tags: ['pushkin'], age: 12, days: [2], times: ['19:00'], prices: 'season', includes: ['cherry-orchard', 'seagull', 'woe-from-wit', 'inspector'] },
  { key: 'season-music', names: ['Абонемент «Великие композиторы»', 'Subscription: Great Composers', '«Ұлы композиторлар» абонементі', '套票：偉大作曲家'], kind: 2, menu: 'seasons', venue: 'hall', tags: ['music'], age: 6, days: [4], times: ['19:00'], prices: 'season', includes: ['rachmaninoff', 'tchaikovsky', 'organ-night', 'big-band', 'string-quartet'] },
  { key: 'season-family', names: ['Семейный абонемент', 'Family Subscription', 'Отбасылық абонемент', '家庭套票'], kind: 2, menu: 'seasons', venue: 'chamber', tags: ['family'], age: 0, days: [7], times: ['12:00'], prices: 'season', includes: ['snow-queen', 'puppet-kolobok', 'bach-family'] },
  { key: 'season-jazz', names: ['Абонемент «Джазовые вечера»', 'Subscription: Jazz Evenings', '«Джаз кештері» абонементі', '套票：爵士之夜'], kind: 2, menu: 'seasons', venue: 'club', tags: ['music'], age: 18, days: [1], times: ['20:00'], prices: 'season', includes: ['jazz-standards', 'ella-tribute', 'acoustic-evening'] },
]

/** Visitor categories; the need* flags drive the named-ticket form (000 §5). */
export const CATEGORIES: { key: string; names: Texts; descript: Texts; needage?: number; needmiddlename?: 1; needdocument?: 1; needcountry?: 1; needregion?: 1 }[] = [
  { key: 'adult', names: ['Взрослый', 'Adult', 'Ересек', '成人'], descript: ['Полный билет', 'Full price', 'Толық билет', '全價票'] },
  { key: 'child', names: ['Детский', 'Child', 'Балалар', '兒童'], descript: ['До 14 лет', 'Under 14', '14 жасқа дейін', '14歲以下'], needage: 1 },
  { key: 'student', names: ['Студенческий', 'Student', 'Студенттік', '學生'], descript: ['По студенческому билету', 'With a student card', 'Студенттік билет бойынша', '憑學生證'] },
  { key: 'pushkin', names: ['Пушкинская карта', 'Pushkin card', 'Пушкин картасы', '普希金卡'], descript: ['Оплата Пушкинской картой, 14–22 года', 'Paid with the Pushkin card, ages 14–22', 'Пушкин картасымен, 14–22 жас', '普希金卡支付，14至22歲'] },
  { key: 'family', names: ['Семейный (от 3 билетов)', 'Family (3 tickets or more)', 'Отбасылық (3 билеттен)', '家庭票（3張起）'], descript: ['Не меньше трёх билетов в заказе', 'At least three tickets per order', 'Тапсырыста кемінде үш билет', '每單至少三張'] },
  { key: 'group', names: ['Группа до 10 человек', 'Group of up to 10', '10 адамға дейінгі топ', '10人以內團體'], descript: ['Один билет на группу', 'One ticket for the whole group', 'Топқа бір билет', '團體一張票'] },
  { key: 'named', names: ['Именной взрослый', 'Named adult', 'Атаулы ересек', '實名成人'], descript: ['Нужны ФИО и документ', 'Name and ID document required', 'Аты-жөні мен құжат қажет', '需要姓名和證件'], needmiddlename: 1, needdocument: 1, needcountry: 1, needregion: 1, needage: 2 },
  { key: 'namedChild', names: ['Именной детский', 'Named child', 'Атаулы балалар', '實名兒童'], descript: ['Нужны ФИО и свидетельство о рождении', 'Name and birth certificate required', 'Аты-жөні мен туу куәлігі қажет', '需要姓名和出生證明'], needdocument: 1, needage: 1 },
]

/** Zones of general-admission events (seat maps bring their own). */
export const GA_ZONES: { key: string; color: string; names: Texts }[] = [
  { key: 'ga', color: '#457b9d', names: ['Входной билет', 'Admission', 'Кіру билеті', '入場券'] },
  { key: 'vip', color: '#e63946', names: ['VIP', 'VIP', 'VIP', '貴賓'] },
  { key: 'dance', color: '#2a9d8f', names: ['Танцпол', 'Dance floor', 'Би алаңы', '舞池'] },
]

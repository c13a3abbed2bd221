import { sql } from 'kysely'
import type { Db } from '../db/connect'
import { isPostgresDb } from '../db/connect'
import { KIND_CONCERTS, KIND_SUBSCRIPTIONS, KIND_TICKETS } from '../../contract/constants'
import { loc, syncIdSequences } from './util'

/**
 * Reference data the system itself depends on, present in every install whatever DEMO_DATA says
 * (README, Demo data): the fixed-id sections the code compares by id (contract/constants.ts), the
 * buyer forms' languages, countries, regions and document types (spec 000 §5), the return reasons
 * a return request must name, and a payment type for each configured provider that serves buyers.
 * Nothing in the console creates these rows, so without them a new install cannot sell or return.
 *
 * Written by ensureSystemReference on every start, before the demo seed, inserting only what is
 * missing: a fixed-id row when its id is free, a list when its table is empty (an operator's own
 * list is never mixed with ours; a list emptied by hand in SQL is filled again, as is a missing
 * fixed-id row), a payment type when no row names its provider. Nothing existing is ever updated.
 * A rolling upgrade's old process creating a section at the same moment may collide with a fixed
 * id once (its write refused on the unique key; the id counter is then moved past them).
 */

type Texts = [ru: string, en: string, kz: string, ch: string]

/** Sections with fixed ids: the code treats KIND_SUBSCRIPTIONS's events as subscriptions. */
export const SYSTEM_KINDS: { id: number; names: Texts }[] = [
  { id: KIND_TICKETS, names: ['Билеты', 'Tickets', 'Билеттер', '門票'] },
  { id: KIND_SUBSCRIPTIONS, names: ['Абонементы', 'Subscriptions', 'Абонементтер', '套票'] },
  { id: KIND_CONCERTS, names: ['Концерты', 'Concerts', 'Концерттер', '音樂會'] },
]

const LANGUAGES = [
  { code: 'ru', name: 'Русский', sortnum: 1 },
  { code: 'en', name: 'English', sortnum: 2 },
  { code: 'kz', name: 'Қазақша', sortnum: 3 },
  { code: 'ch', name: '中文', sortnum: 4 },
]

const COUNTRIES: [iso: string, names: Texts, regions: Texts[]][] = [
  ['RU', ['Россия', 'Russia', 'Ресей', '俄羅斯'], [
    ['Москва', 'Moscow', 'Мәскеу', '莫斯科'],
    ['Санкт-Петербург', 'Saint Petersburg', 'Санкт-Петербург', '聖彼得堡'],
    ['Московская область', 'Moscow Oblast', 'Мәскеу облысы', '莫斯科州'],
    ['Республика Татарстан', 'Tatarstan', 'Татарстан', '韃靼斯坦'],
    ['Свердловская область', 'Sverdlovsk Oblast', 'Свердлов облысы', '斯維爾德洛夫斯克州'],
  ]],
  ['KZ', ['Казахстан', 'Kazakhstan', 'Қазақстан', '哈薩克斯坦'], [
    ['Алматы', 'Almaty', 'Алматы', '阿拉木圖'],
    ['Астана', 'Astana', 'Астана', '阿斯塔納'],
    ['Карагандинская область', 'Karaganda Region', 'Қарағанды облысы', '卡拉幹達州'],
  ]],
  ['BY', ['Беларусь', 'Belarus', 'Беларусь', '白俄羅斯'], [
    ['Минск', 'Minsk', 'Минск', '明斯克'],
    ['Гомельская область', 'Gomel Region', 'Гомель облысы', '戈梅利州'],
  ]],
  ['AM', ['Армения', 'Armenia', 'Армения', '亞美尼亞'], [['Ереван', 'Yerevan', 'Ереван', '埃裡溫']]],
]

/** Ids 1, 3, 4 and 5 carry the spec's number patterns (000 §5), so they are fixed. */
const DOCUMENT_TYPES: { id: number; country: string | null; sortnum: number; name: Texts; note: Texts }[] = [
  { id: 1, country: 'RU', sortnum: 1, name: ['Паспорт РФ', 'Russian passport', 'РФ паспорты', '俄羅斯護照'], note: ['Серия и номер: 4 цифры и 6 цифр', 'Series and number: 4 digits and 6 digits', 'Сериясы мен нөмірі: 4 және 6 сан', '系列和號碼：4位和6位數字'] },
  { id: 2, country: null, sortnum: 6, name: ['Иностранный документ', 'Foreign document', 'Шетелдік құжат', '外國證件'], note: ['Не менее двух букв или цифр', 'At least two letters or digits', 'Кемінде екі әріп немесе сан', '至少兩個字母或數字'] },
  { id: 3, country: 'RU', sortnum: 3, name: ['Военный билет', 'Military ID', 'Әскери билет', '軍人證'], note: ['Две русские буквы и 7 цифр', 'Two Cyrillic letters and 7 digits', 'Екі кирилл әрпі және 7 сан', '兩個西里爾字母和7位數字'] },
  { id: 4, country: 'RU', sortnum: 2, name: ['Свидетельство о рождении', 'Birth certificate', 'Туу туралы куәлік', '出生證明'], note: ['Римское число, дефис, две русские буквы, 6 цифр', 'Roman numeral, hyphen, two Cyrillic letters, 6 digits', 'Рим саны, дефис, екі әріп, 6 сан', '羅馬數字、連字符、兩個西里爾字母、6位數字'] },
  { id: 5, country: 'RU', sortnum: 4, name: ['Удостоверение личности военнослужащего', 'Service member ID', 'Әскери қызметшінің куәлігі', '軍人身份證'], note: ['Римское число и 7 цифр', 'Roman numeral and 7 digits', 'Рим саны және 7 сан', '羅馬數字和7位數字'] },
  { id: 6, country: 'KZ', sortnum: 5, name: ['Удостоверение личности РК', 'Kazakhstan ID card', 'ҚР жеке куәлігі', '哈薩克斯坦身份證'], note: ['Номер удостоверения', 'ID card number', 'Куәлік нөмірі', '身份證號碼'] },
]

const RETURN_REASONS: { name: Texts; descript: Texts }[] = [
  { name: ['Изменились планы', 'Change of plans', 'Жоспар өзгерді', '計劃有變'], descript: ['Не смогу посетить мероприятие', 'I cannot attend the event', 'Іс-шараға бара алмаймын', '我無法參加活動'] },
  { name: ['Болезнь', 'Illness', 'Ауру', '生病'], descript: ['Посещение невозможно по состоянию здоровья', 'I cannot attend for health reasons', 'Денсаулығыма байланысты бара алмаймын', '因健康原因無法參加'] },
  { name: ['Ошибка при покупке', 'Bought by mistake', 'Сатып алу кезіндегі қате', '誤購'], descript: ['Выбраны не те дата, время или места', 'Wrong date, time or seats chosen', 'Күн, уақыт немесе орын қате таңдалды', '選錯了日期、時間或座位'] },
  { name: ['Перенос или отмена мероприятия', 'Event moved or cancelled', 'Іс-шара ауыстырылды немесе тоқтатылды', '活動改期或取消'], descript: ['Организатор изменил дату или отменил мероприятие', 'The organiser changed the date or cancelled', 'Ұйымдастырушы күнді өзгертті', '主辦方更改了日期或取消了活動'] },
]

export interface PaymentTypeDef {
  protocol: string
  kind: string
  sortnum: number
  name: Texts
  descript: Texts
}

/**
 * Buyers' payment types by the provider protocol that serves them (payments/registry.ts). One is
 * written only while a provider for its protocol is configured (SANDBOX_BANK=1 or a real bank),
 * so a type with no payment path is never created (the box office's desk type is its own).
 */
export const SYSTEM_PAYMENT_TYPES: PaymentTypeDef[] = [
  { protocol: 'card', kind: 'CARD', sortnum: 1, name: ['Банковская карта', 'Bank card', 'Банк картасы', '銀行卡'], descript: ['Visa, Mastercard, МИР', 'Visa, Mastercard, MIR', 'Visa, Mastercard, МИР', 'Visa、Mastercard、MIR'] },
  { protocol: 'sbp', kind: 'QR', sortnum: 2, name: ['СБП по QR-коду', 'Fast payments by QR code', 'QR код арқылы СБП', '二維碼快速支付'], descript: ['Оплата через приложение банка', 'Pay in your bank app', 'Банк қосымшасы арқылы', '通過銀行應用支付'] },
  { protocol: 'pushkin', kind: 'CARD_SCHEME', sortnum: 3, name: ['Пушкинская карта', 'Pushkin card', 'Пушкин картасы', '普希金卡'], descript: ['Для молодёжи 14–22 лет', 'For young people aged 14–22', '14–22 жастағы жастар үшін', '適用於14至22歲青年'] },
]

/** Tables given explicit ids here, whose PostgreSQL sequences must then move past them. */
const FIXED_ID_TABLES = ['menu_kinds', 'document_types']

/**
 * Key of the transaction-scoped PostgreSQL advisory lock that serialises this work between
 * processes starting at once (two replicas, a CLI beside the server). Arbitrary but fixed.
 */
const REFERENCE_LOCK_KEY = 7_310_203_601

/**
 * Writes what is missing of the system reference data, in one transaction. On PostgreSQL the
 * transaction first takes an advisory lock, so a second process starting at the same moment
 * waits and then finds everything present; SQLite runs one writer at a time anyway (a cluster's
 * primary prepares the database before forking, cluster/launch.ts).
 */
export async function ensureSystemReference(db: Db, protocols: readonly string[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (isPostgresDb(trx)) await sql`select pg_advisory_xact_lock(${REFERENCE_LOCK_KEY})`.execute(trx)
    await insertSystemLists(trx)
    await insertMissingPaymentTypes(trx, SYSTEM_PAYMENT_TYPES.filter((t) => protocols.includes(t.protocol)))
  })
}

/** Sections, languages, countries with regions, document types and return reasons (see above). */
export async function insertSystemLists(db: Db): Promise<void> {
  const kinds = await db
    .insertInto('menu_kinds')
    .values(SYSTEM_KINDS.map((k) => ({ id: k.id, sortnum: k.id, ...loc('name', k.names) })))
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst()
  let fixedIds = Number(kinds.numInsertedOrUpdatedRows ?? 0) > 0
  if (await isEmptyTable(db, 'languages')) await db.insertInto('languages').values(LANGUAGES).execute()
  const countryIds = (await isEmptyTable(db, 'countries')) ? await insertCountries(db) : new Map<string, number>()
  if (await isEmptyTable(db, 'document_types')) {
    const isoIds = countryIds.size ? countryIds : await countryIdsByIso(db)
    await db
      .insertInto('document_types')
      .values(DOCUMENT_TYPES.map((d) => ({ id: d.id, country_id: d.country ? (isoIds.get(d.country) ?? null) : null, sortnum: d.sortnum, ...loc('name', d.name), ...loc('note', d.note) })))
      .execute()
   fixedIds = true
  }
  if (await isEmptyTable(db, 'return_reasons')) {
    await db
      .insertInto('return_reasons')
      .values(RETURN_REASONS.map((r, i) => ({ sortnum: i + 1, ...loc('name', r.name), ...loc('descript', r.descript) })))
      .execute()
  }
  // Only after writing explicit ids: a start that wrote none leaves the sequences alone.
  if (fixedIds) await syncIdSequences(db, FIXED_ID_TABLES)
}

/** Inserts each payment type whose protocol no payment_types row names yet, in the given order. */
export async function insertMissingPaymentTypes(db: Db, types: readonly PaymentTypeDef[]): Promise<void> {
  if (!types.length) return
  const present = await db.selectFrom('payment_types').select('protocol_type').where('protocol_type', 'in', types.map((t) => t.protocol)).execute()
  const known = new Set(present.map((r) => r.protocol_type))
  for (const t of types) {
    if (known.has(t.protocol)) continue
    await db
      .insertInto('payment_types')
      .values({ protocol_type: t.protocol, protocol_kind: t.kind, sortnum: t.sortnum, ...loc('name', t.name), ...loc('descript', t.descript) })
      .execute()
  }
}

async function insertCountries(db: Db): Promise<Map<string, number>> {
  const ids = new Map<string, number>()
  for (const [i, [iso, names, regions]] of COUNTRIES.entries()) {
    const { id } = await db.insertInto('countries').values({ iso, sortnum: i + 1, ...loc('name', names) }).returning('id').executeTakeFirstOrThrow()
    ids.set(iso, id)
    await db
      .insertInto('regions')
      .values(regions.map((r, j) => ({ country_id: id, sortnum: j + 1, ...loc('name', r) })))
      .execute()
  }
  return ids
}

async function countryIdsByIso(db: Db): Promise<Map<string, number>> {
  const rows = await db.selectFrom('countries').select(['id', 'iso']).execute()
  return new Map(rows.map((r) => [r.iso, r.id]))
}

async function isEmptyTable(db: Db, table: 'languages' | 'countries' | 'document_types' | 'return_reasons'): Promise<boolean> {
  const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
  return Number(row.n) === 0
}

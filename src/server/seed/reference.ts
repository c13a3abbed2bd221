import type { Db } from '../db/connect'
import type { StoredSetup } from '../domain/settings/defaults'
import { writeSettings } from '../domain/settings/repository'
import { loc } from './util'

/** Every setup flag with the demo's values (all present, so /api/setup shows real choices). */
const DEMO_SETUP: StoredSetup = {
  app: {
    language: 'ru',
    currency: 'RUB',
    order_return: 1,
    logo: '/media/images/logo.svg',
    logo_mobile: '/media/images/logo.svg',
    logo_ru: '',
    logo_en: '',
    logo_kz: '',
    logo_ch: '',
    logo_width: 50,
    url_logo: '/',
    url_lk: '',
    header: 1,
    footer: 1,
    scroll_top: 1,
    header_background: '#1d3557',
    footer_links: [
      { url: '/rules/purchase-terms', ...loc('text', ['Правила покупки', 'Purchase terms', 'Сатып алу ережелері', '購票規則']) },
      { url: '/rules/privacy-policy', ...loc('text', ['Политика конфиденциальности', 'Privacy policy', 'Құпиялылық саясаты', '隱私政策']) },
      { url: '/contacts', ...loc('text', ['Контакты', 'Contacts', 'Байланыс', '聯繫方式']) },
    ],
    ...loc('footer_text', ['© Seatwise — демонстрационная витрина', '© Seatwise — demo storefront', '© Seatwise — демо дүкен', '© Seatwise — 演示售票']),
    footer_db_info: 1,
  },
  db: {
    info_client: 'Билеты продаются без регистрации. Вопросы: support@example.org',
    info_contact:
      '<h2>Контакты</h2><p>ООО «Ситвайз Демо», ИНН 7700000000, ОГРН 1027700000000.</p><p>Москва, ул. Примерная, 1. Телефон +7 (495) 000-00-00, e-mail support@example.org.</p>',
    returntoafishabutton: 1,
    returntoafishaname: 'Вернуться к выбору билетов',
    topingbuttonname: 'Добавить услуги',
    topingname: 'Дополнительные услуги',
    showproculture: 1,
  },
  const: { price_limit: 100 },
  captcha: { enabled: true },
  recaptcha: { enabled: false, sitekey: '' },
  is_integration: 0,
  topmenu: 1,
  menu_first_notimes: 0,
  tickets_image: 1,
  subscription_image: 1,
  tickets_action: 60,
  subscription_action: 80,
  tickets_address: 60,
  subscription_address: 60,
  tickets_col: 3,
  subscription_col: 2,
  tickets_description: 160,
  subscription_description: 200,
  description_escaping_tags: 'b,i,strong,em,br,p',
  ...loc('title', ['Купить билет', 'Buy a ticket', 'Билет сатып алу', '購票']),
}

const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120" viewBox="0 0 120 120"><rect width="120" height="120" rx="24" fill="#1d3557"/><path d="M20 84h80M30 72h60M40 60h40" stroke="#f1faee" stroke-width="8" stroke-linecap="round"/><circle cx="60" cy="36" r="12" fill="#e63946"/></svg>'

/** Setup, languages, rules, reference lists (countries, documents, agreements, reasons…). */
export async function seedReference(db: Db): Promise<void> {
  await writeSettings(db, DEMO_SETUP)
  await db.insertInto('images').values({ file_name: 'logo.svg', mime: 'image/svg+xml', width: 120, height: 120, body: LOGO_SVG }).execute()
  await db
    .insertInto('languages')
    .values([
      { code: 'ru', name: 'Русский', sortnum: 1 },
      { code: 'en', name: 'English', sortnum: 2 },
      { code: 'kz', name: 'Қазақша', sortnum: 3 },
      { code: 'ch', name: '中文', sortnum: 4 },
    ])
    .execute()
  await db
    .insertInto('rules')
    .values([
      {
        slug: 'purchase-terms',
        sortnum: 1,
        ...loc('url', ['', '', '', '']),
        ...loc('infname', ['Правила покупки', 'Purchase terms', 'Сатып алу ережелері', '購票規則']),
        ...loc('filebody', [
          '<h2>Правила покупки билетов</h2><p>Билет действителен на указанные дату и время. Неоплаченный заказ снимается с брони по истечении времени резерва.</p>',
          '<h2>Ticket purchase terms</h2><p>A ticket is valid for the stated date and time. An unpaid order is released when its reservation time runs out.</p>',
          '<h2>Билет сатып алу ережелері</h2><p>Билет көрсетілген күн мен уақытқа жарамды.</p>',
          '<h2>購票規則</h2><p>門票僅在指定日期和時間有效。</p>',
        ]),
      },
      {
        slug: 'privacy-policy',
        sortnum: 2,
        ...loc('url', ['', '', '', '']),
        ...loc('infname', ['Политика конфиденциальности', 'Privacy policy', 'Құпиялылық саясаты', '隱私政策']),
        ...loc('filebody', [
          '<h2>Политика конфиденциальности</h2><p>Мы храним только данные, нужные для оформления и возврата заказа.</p>',
          '<h2>Privacy policy</h2><p>We keep only the data needed to place and return an order.</p>',
          '<h2>Құпиялылық саясаты</h2><p>Тек тапсырысқа қажетті деректерді сақтаймыз.</p>',
          '<h2>隱私政策</h2><p>我們只保存下單和退票所需的數據。</p>',
        ]),
      },
      {
        slug: 'museum-rules',
        sortnum: 3,
        ...loc('filebody', ['', '', '', '']),
        ...loc('infname', ['Правила посещения', 'Visitor rules', 'Келу ережелері', '參觀須知']),
        ...loc('url', ['https://example.org/rules', 'https://example.org/rules', 'https://example.org/rules', 'https://example.org/rules']),
      },
    ])
    .execute()

  const countries: [iso: string, names: [string, string, string, string], regions: [string, string, string, string][]][] = [
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
  const countryIds = new Map<string, number>()
  let sort = 0
  for (const [iso, names, regions] of countries) {
    const { id } = await db.insertInto('countries').values({ iso, sortnum: ++sort, ...loc('name', names) }).returning('id').executeTakeFirstOrThrow()
    countryIds.set(iso, id)
    await db
      .insertInto('regions')
      .values(regions.map((r, i) => ({ country_id: id, sortnum: i + 1, ...loc('name', r) })))
      .execute()
  }

  // Ids 1, 3, 4 and 5 carry the spec's number patterns (000 §5), so they are fixed here.
  await db
    .insertInto('document_types')
    .values([
      { id: 1, country_id: countryIds.get('RU')!, sortnum: 1, ...loc('name', ['Паспорт РФ', 'Russian passport', 'РФ паспорты', '俄羅斯護照']), ...loc('note', ['Серия и номер: 4 цифры и 6 цифр', 'Series and number: 4 digits and 6 digits', 'Сериясы мен нөмірі: 4 және 6 сан', '系列和號碼：4位和6位數字']) },
      { id: 2, country_id: null, sortnum: 6, ...loc('name', ['Иностранный документ', 'Foreign document', 'Шетелдік құжат', '外國證件']), ...loc('note', ['Не менее двух букв или цифр', 'At least two letters or digits', 'Кемінде екі әріп немесе сан', '至少兩個字母或數字']) },
      { id: 3, country_id: countryIds.get('RU')!, sortnum: 3, ...loc('name', ['Военный билет', 'Military ID', 'Әскери билет', '軍人證']), ...loc('note', ['Две русские буквы и 7 цифр', 'Two Cyrillic letters and 7 digits', 'Екі кирилл әрпі және 7 сан', '兩個西里爾字母和7位數字']) },
      { id: 4, country_id: countryIds.get('RU')!, sortnum: 2, ...loc('name', ['Свидетельство о рождении', 'Birth certificate', 'Туу туралы куәлік', '出生證明']), ...loc('note', ['Римское число, дефис, две русские буквы, 6 цифр', 'Roman numeral, hyphen, two Cyrillic letters, 6 digits', 'Рим саны, дефис, екі әріп, 6 сан', '羅馬數字、連字符、兩個西里爾字母、6位數字']) },
      { id: 5, country_id: countryIds.get('RU')!, sortnum: 4, ...loc('name', ['Удостоверение личности военнослужащего', 'Service member ID', 'Әскери қызметшінің куәлігі', '軍人身份證']), ...loc('note', ['Римское число и 7 цифр', 'Roman numeral and 7 digits', 'Рим саны және 7 сан', '羅馬數字和7位數字']) },
      { id: 6, country_id: countryIds.get('KZ')!, sortnum: 5, ...loc('name', ['Удостоверение личности РК', 'Kazakhstan ID card', 'ҚР жеке куәлігі', '哈薩克斯坦身份證']), ...loc('note', ['Номер удостоверения', 'ID card number', 'Куәлік нөмірі', '身份證號碼']) },
    ])
    .execute()

  await db
    .insertInto('checkbox_lists')
    .values([
      { scope: 'order', filling: 1, sortnum: 1, ...loc('name', ['Я принимаю <a href="/rules/purchase-terms">правила покупки</a>', 'I accept the <a href="/rules/purchase-terms">purchase terms</a>', '<a href="/rules/purchase-terms">Сатып алу ережелерін</a> қабылдаймын', '我接受<a href="/rules/purchase-terms">購票規則</a>']) },
      { scope: 'order', filling: 1, sortnum: 2, ...loc('name', ['Я согласен на обработку персональных данных', 'I agree to the processing of my personal data', 'Дербес деректерімді өңдеуге келісемін', '我同意處理我的個人數據']) },
      { scope: 'order', filling: 0, sortnum: 3, ...loc('name', ['Хочу получать новости и афишу', 'Send me news and listings', 'Жаңалықтар алғым келеді', '我想接收新聞和節目單']) },
      { scope: 'nominal', filling: 1, sortnum: 1, ...loc('name', ['Я согласен с условиями именных билетов', 'I agree to the named-ticket terms', 'Атаулы билет шарттарымен келісемін', '我同意實名票條款']) },
      { scope: 'return', filling: 1, sortnum: 1, ...loc('name', ['Согласие на обработку персональных данных для возврата', 'Consent to personal data processing for the refund', 'Қайтару үшін дербес деректерді өңдеуге келісім', '同意為退款處理個人數據']) },
    ])
    .execute()

  await db
    .insertInto('return_reasons')
    .values([
      { sortnum: 1, ...loc('name', ['Изменились планы', 'Change of plans', 'Жоспар өзгерді', '計劃有變']), ...loc('descript', ['Не смогу посетить мероприятие', 'I cannot attend the event', 'Іс-шараға бара алмаймын', '我無法參加活動']) },
      { sortnum: 2, ...loc('name', ['Болезнь', 'Illness', 'Ауру', '生病']), ...loc('descript', ['Посещение невозможно по состоянию здоровья', 'I cannot attend for health reasons', 'Денсаулығыма байланысты бара алмаймын', '因健康原因無法參加']) },
      { sortnum: 3, ...loc('name', ['Ошибка при покупке', 'Bought by mistake', 'Сатып алу кезіндегі қате', '誤購']), ...loc('descript', ['Выбраны не те дата, время или места', 'Wrong date, time or seats chosen', 'Күн, уақыт немесе орын қате таңдалды', '選錯了日期、時間或座位']) },
      { sortnum: 4, ...loc('name', ['Перенос или отмена мероприятия', 'Event moved or cancelled', 'Іс-шара ауыстырылды немесе тоқтатылды', '活動改期或取消']), ...loc('descript', ['Организатор изменил дату или отменил мероприятие', 'The organiser changed the date or cancelled', 'Ұйымдастырушы күнді өзгертті', '主辦方更改了日期或取消了活動']) },
    ])
    .execute()

  await db
    .insertInto('payment_types')
    .values([
      { protocol_type: 'card', protocol_kind: 'CARD', sortnum: 1, ...loc('name', ['Банковская карта', 'Bank card', 'Банк картасы', '銀行卡']), ...loc('descript', ['Visa, Mastercard, МИР', 'Visa, Mastercard, MIR', 'Visa, Mastercard, МИР', 'Visa、Mastercard、MIR']) },
      { protocol_type: 'sbp', protocol_kind: 'QR', sortnum: 2, ...loc('name', ['СБП по QR-коду', 'Fast payments by QR code', 'QR код арқылы СБП', '二維碼快速支付']), ...loc('descript', ['Оплата через приложение банка', 'Pay in your bank app', 'Банк қосымшасы арқылы', '通過銀行應用支付']) },
      { protocol_type: 'pushkin', protocol_kind: 'CARD_SCHEME', sortnum: 3, ...loc('name', ['Пушкинская карта', 'Pushkin card', 'Пушкин картасы', '普希金卡']), ...loc('descript', ['Для молодёжи 14–22 лет', 'For young people aged 14–22', '14–22 жастағы жастар үшін', '適用於14至22歲青年']) },
    ])
    .execute()

  await db
    .insertInto('promo_codes')
    .values([
      // Multi-row inserts must name the same columns in every row (SQLite has no DEFAULT in VALUES).
      { code: 'WELCOME10', discount_percent: 10, discount_amount: 0, multi_use: 0, max_uses: 1, valid_to: null },
      { code: 'THEATRE500', discount_percent: 0, discount_amount: 50_000, multi_use: 1, max_uses: 1000, valid_to: null },
      { code: 'EXPIRED20', discount_percent: 20, discount_amount: 0, multi_use: 1, max_uses: null, valid_to: Date.UTC(2020, 0, 1) },
    ])
    .execute()
}

import type { Db } from '../db/connect'
import type { StoredSetup } from '../domain/settings/defaults'
import { writeSettings } from '../domain/settings/repository'
import { insertMissingPaymentTypes, insertSystemLists, SYSTEM_PAYMENT_TYPES } from './system'
import { loc } from './util'

/** Every setup flag with the demo's values (all present, so /api/setup shows real choices). */
/** The demo company's contacts page (setup's info_contact) in ru, en, kz, ch; no heading of its own: the page has one (ContactsPage). */
const DEMO_CONTACTS: [string, string, string, string] = [
  '<p>ООО «Ситвайз Демо», ИНН 7700000000, ОГРН 1027700000000.</p><p>Москва, ул. Примерная, 1. Телефон +7 (495) 000-00-00, e-mail support@example.org.</p>',
  '<p>Seatwise Demo LLC, taxpayer number (INN) 7700000000, registration number (OGRN) 1027700000000.</p><p>1 Primernaya Street, Moscow. Phone +7 (495) 000-00-00, e-mail support@example.org.</p>',
  '<p>«Ситвайз Демо» ЖШС, СТН (ИНН) 7700000000, тіркеу нөмірі (ОГРН) 1027700000000.</p><p>Мәскеу қ., Примерная к-сі, 1. Телефон +7 (495) 000-00-00, e-mail support@example.org.</p>',
  '<p>Seatwise 演示有限責任公司，納稅人識別號（INN）7700000000，國家註冊號（OGRN）1027700000000。</p><p>莫斯科市示範街1號。電話 +7 (495) 000-00-00，電子郵件 support@example.org。</p>',
]

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
      { url: '/contacts', ...loc('text', ['Контакты', 'Contacts', 'Байланыс', '聯絡方式']) },
    ],
    ...loc('footer_text', ['© Seatwise — демонстрационная витрина', '© Seatwise — demo storefront', '© Seatwise — демо дүкен', '© Seatwise — 演示售票']),
    footer_db_info: 1,
  },
  db: {
    info_client: 'Билеты продаются без регистрации. Вопросы: support@example.org',
    ...loc('info_client', [
      'Билеты продаются без регистрации. Вопросы: support@example.org',
      'Tickets are sold without registration. Questions: support@example.org',
      'Билеттер тіркелусіз сатылады. Сұрақтар: support@example.org',
      '購票無需註冊。如有疑問：support@example.org',
    ]),
    info_contact: DEMO_CONTACTS[0],
    ...loc('info_contact', DEMO_CONTACTS),
    returntoafishabutton: 1,
    returntoafishaname: 'Вернуться к выбору билетов',
    ...loc('returntoafishaname', ['Вернуться к выбору билетов', 'Back to the event listing', 'Афишаға оралу', '返回節目表']),
    topingbuttonname: 'Добавить услуги',
    ...loc('topingbuttonname', ['Добавить услуги', 'Add services', 'Қызметтерді қосу', '加入服務']),
    topingname: 'Дополнительные услуги',
    ...loc('topingname', ['Дополнительные услуги', 'Extra services', 'Қосымша қызметтер', '附加服務']),
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

/** Setup, rules, agreements, promo codes, and the system reference lists where missing. */
export async function seedReference(db: Db): Promise<void> {
  await writeSettings(db, DEMO_SETUP)
  await db.insertInto('images').values({ file_name: 'logo.svg', mime: 'image/svg+xml', width: 120, height: 120, body: LOGO_SVG }).execute()
  // Sections, languages, countries, regions, document types and return reasons are every
  // install's (system.ts): written here too, only where missing, so a database that started
  // once without demo data gets the very same demo when DEMO_DATA=1 loads it later.
  await insertSystemLists(db)
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

  // The demo offers every buyer payment type whether or not a bank serves it (as always).
  await insertMissingPaymentTypes(db, SYSTEM_PAYMENT_TYPES)

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

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
      { url: '/rules/purchase-terms', ...loc('text', ['Правила покупки', 'Purchase terms', 'Сатып алу ережелері', '购票规则']) },
      { url: '/rules/privacy-policy', ...loc('text', ['Политика конфиденциальности', 'Privacy policy', 'Құпиялылық саясаты', '隐私政策']) },
      { url: '/contacts', ...loc('text', ['Контакты', 'Contacts', 'Байланыс', '联系方式']) },
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
  ...loc('title', ['Купить билет', 'Buy a ticket', 'Билет сатып алу', '购票']),
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
        ...loc('infname', ['Правила покупки', 'Purchase terms', 'Сатып алу ережелері', '购票规则']),
        ...loc('filebody', [
          '<h2>Правила покупки билетов</h2><p>Билет действителен на указанные дату и время. Неоплаченный заказ снимается с брони по истечении времени резерва.</p>',
          '<h2>Ticket purchase terms</h2><p>A ticket is valid for the stated date and time. An unpaid order is released when its reservation time runs out.</p>',
          '<h2>Билет сатып алу ережелері</h2><p>Билет көрсетілген күн мен уақытқа жарамды.</p>',
          '<h2>购票规则</h2><p>门票仅在指定日期和时间有效。</p>',
        ]),
      },
      {
        slug: 'privacy-policy',
        sortnum: 2,
        ...loc('url', ['', '', '', '']),
        ...loc('infname', ['Политика конфиденциальности', 'Privacy policy', 'Құпиялылық саясаты', '隐私政策']),
        ...loc('filebody', [
          '<h2>Политика конфиденциальности</h2><p>Мы храним только данные, нужные для оформления и возврата заказа.</p>',
          '<h2>Privacy policy</h2><p>We keep only the data needed to place and return an order.</p>',
          '<h2>Құпиялылық саясаты</h2><p>Тек тапсырысқа қажетті деректерді сақтаймыз.</p>',
          '<h2>隐私政策</h2><p>我们只保存下单和退票所需的数据。</p>',
        ]),
      },
      {
        slug: 'museum-rules',
        sortnum: 3,
        ...loc('filebody', ['', '', '', '']),
        ...loc('infname', ['Правила посещения', 'Visitor rules', 'Келу ережелері', '参观须知']),
        ...loc('url', ['https://example.org/rules', 'https://example.org/rules', 'https://example.org/rules', 'https://example.org/rules']),
      },
    ])
    .execute()

  const countries: [iso: string, names: [string, string, string, string], regions: [string, string, string, string][]][] = [
    ['RU', ['Россия', 'Russia', 'Ресей', '俄罗斯'], [
      ['Москва', 'Moscow', 'Мәскеу', '莫斯科'],
      ['Санкт-Петербург', 'Saint Petersburg', 'Санкт-Петербург', '圣彼得堡'],
      ['Московская область', 'Moscow Oblast', 'Мәскеу облысы', '莫斯科州'],
      ['Республика Татарстан', 'Tatarstan', 'Татарстан', '鞑靼斯坦'],
      ['Свердловская область', 'Sverdlovsk Oblast', 'Свердлов облысы', '斯维尔德洛夫斯克州'],
    ]],
    ['KZ', ['Казахстан', 'Kazakhstan', 'Қазақстан', '哈萨克斯坦'], [
      ['Алматы', 'Almaty', 'Алматы', '阿拉木图'],
      ['Астана', 'Astana', 'Астана', '阿斯塔纳'],
      ['Карагандинская область', 'Karaganda Region', 'Қарағанды облысы', '卡拉干达州'],
    ]],
    ['BY', ['Беларусь', 'Belarus', 'Беларусь', '白俄罗斯'], [
      ['Минск', 'Minsk', 'Минск', '明斯克'],
      ['Гомельская область', 'Gomel Region', 'Гомель облысы', '戈梅利州'],
    ]],
    ['AM', ['Армения', 'Armenia', 'Армения', '亚美尼亚'], [['Ереван', 'Yerevan', 'Ереван', '埃里温']]],
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
      { id: 1, country_id: countryIds.get('RU')!, sortnum: 1, ...loc('name', ['Паспорт РФ', 'Russian passport', 'РФ паспорты', '俄罗斯护照']), ...loc('note', ['Серия и номер: 4 цифры и 6 цифр', 'Series and number: 4 digits and 6 digits', 'Сериясы мен нөмірі: 4 және 6 сан', '系列和号码：4位和6位数字']) },
      { id: 2, country_id: null, sortnum: 6, ...loc('name', ['Иностранный документ', 'Foreign document', 'Шетелдік құжат', '外国证件']), ...loc('note', ['Не менее двух букв или цифр', 'At least two letters or digits', 'Кемінде екі әріп немесе сан', '至少两个字母或数字']) },
      { id: 3, country_id: countryIds.get('RU')!, sortnum: 3, ...loc('name', ['Военный билет', 'Military ID', 'Әскери билет', '军人证']), ...loc('note', ['Две русские буквы и 7 цифр', 'Two Cyrillic letters and 7 digits', 'Екі кирилл әрпі және 7 сан', '两个西里尔字母和7位数字']) },
      { id: 4, country_id: countryIds.get('RU')!, sortnum: 2, ...loc('name', ['Свидетельство о рождении', 'Birth certificate', 'Туу туралы куәлік', '出生证明']), ...loc('note', ['Римское число, дефис, две русские буквы, 6 цифр', 'Roman numeral, hyphen, two Cyrillic letters, 6 digits', 'Рим саны, дефис, екі әріп, 6 сан', '罗马数字、连字符、两个西里尔字母、6位数字']) },
      { id: 5, country_id: countryIds.get('RU')!, sortnum: 4, ...loc('name', ['Удостоверение личности военнослужащего', 'Service member ID', 'Әскери қызметшінің куәлігі', '军人身份证']), ...loc('note', ['Римское число и 7 цифр', 'Roman numeral and 7 digits', 'Рим саны және 7 сан', '罗马数字和7位数字']) },
      { id: 6, country_id: countryIds.get('KZ')!, sortnum: 5, ...loc('name', ['Удостоверение личности РК', 'Kazakhstan ID card', 'ҚР жеке куәлігі', '哈萨克斯坦身份证']), ...loc('note', ['Номер удостоверения', 'ID card number', 'Куәлік нөмірі', '身份证号码']) },
    ])
    .execute()

  await db
    .insertInto('checkbox_lists')
    .values([
      { scope: 'order', filling: 1, sortnum: 1, ...loc('name', ['Я принимаю <a href="/rules/purchase-terms">правила покупки</a>', 'I accept the <a href="/rules/purchase-terms">purchase terms</a>', '<a href="/rules/purchase-terms">Сатып алу ережелерін</a> қабылдаймын', '我接受<a href="/rules/purchase-terms">购票规则</a>']) },
      { scope: 'order', filling: 1, sortnum: 2, ...loc('name', ['Я согласен на обработку персональных данных', 'I agree to the processing of my personal data', 'Дербес деректерімді өңдеуге келісемін', '我同意处理我的个人数据']) },
      { scope: 'order', filling: 0, sortnum: 3, ...loc('name', ['Хочу получать новости и афишу', 'Send me news and listings', 'Жаңалықтар алғым келеді', '我想接收新闻和节目单']) },
      { scope: 'nominal', filling: 1, sortnum: 1, ...loc('name', ['Я согласен с условиями именных билетов', 'I agree to the named-ticket terms', 'Атаулы билет шарттарымен келісемін', '我同意实名票条款']) },
      { scope: 'return', filling: 1, sortnum: 1, ...loc('name', ['Согласие на обработку персональных данных для возврата', 'Consent to personal data processing for the refund', 'Қайтару үшін дербес деректерді өңдеуге келісім', '同意为退款处理个人数据']) },
    ])
    .execute()

  await db
    .insertInto('return_reasons')
    .values([
      { sortnum: 1, ...loc('name', ['Изменились планы', 'Change of plans', 'Жоспар өзгерді', '计划有变']), ...loc('descript', ['Не смогу посетить мероприятие', 'I cannot attend the event', 'Іс-шараға бара алмаймын', '我无法参加活动']) },
      { sortnum: 2, ...loc('name', ['Болезнь', 'Illness', 'Ауру', '生病']), ...loc('descript', ['Посещение невозможно по состоянию здоровья', 'I cannot attend for health reasons', 'Денсаулығыма байланысты бара алмаймын', '因健康原因无法参加']) },
      { sortnum: 3, ...loc('name', ['Ошибка при покупке', 'Bought by mistake', 'Сатып алу кезіндегі қате', '误购']), ...loc('descript', ['Выбраны не те дата, время или места', 'Wrong date, time or seats chosen', 'Күн, уақыт немесе орын қате таңдалды', '选错了日期、时间或座位']) },
      { sortnum: 4, ...loc('name', ['Перенос или отмена мероприятия', 'Event moved or cancelled', 'Іс-шара ауыстырылды немесе тоқтатылды', '活动改期或取消']), ...loc('descript', ['Организатор изменил дату или отменил мероприятие', 'The organiser changed the date or cancelled', 'Ұйымдастырушы күнді өзгертті', '主办方更改了日期或取消了活动']) },
    ])
    .execute()

  await db
    .insertInto('payment_types')
    .values([
      { protocol_type: 'card', protocol_kind: 'CARD', sortnum: 1, ...loc('name', ['Банковская карта', 'Bank card', 'Банк картасы', '银行卡']), ...loc('descript', ['Visa, Mastercard, МИР', 'Visa, Mastercard, MIR', 'Visa, Mastercard, МИР', 'Visa、Mastercard、MIR']) },
      { protocol_type: 'sbp', protocol_kind: 'QR', sortnum: 2, ...loc('name', ['СБП по QR-коду', 'Fast payments by QR code', 'QR код арқылы СБП', '二维码快速支付']), ...loc('descript', ['Оплата через приложение банка', 'Pay in your bank app', 'Банк қосымшасы арқылы', '通过银行应用支付']) },
      { protocol_type: 'pushkin', protocol_kind: 'CARD_SCHEME', sortnum: 3, ...loc('name', ['Пушкинская карта', 'Pushkin card', 'Пушкин картасы', '普希金卡']), ...loc('descript', ['Для молодёжи 14–22 лет', 'For young people aged 14–22', '14–22 жастағы жастар үшін', '适用于14至22岁青年']) },
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

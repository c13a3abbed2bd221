import type { Lang } from '../../contract/lang'

/**
 * What a console call may name as not found ('admin-not-found', admin.ts), each in every
 * language. A closed set: ApiFailure (server/errors.ts) takes only these keys for that reason, so
 * no English word of our code reaches an operator reading ru, kz or ch. ru names are written
 * lower-case for the gender-neutral template "Не найдено: сеанс 5"; en and kz open their
 * sentence with the name. The keys double as the audit log's entity names (admin/audit.ts) where
 * a catalogue row is both audited and looked up (catalogue/rows.repository.ts): keep them stable.
 */
export const ADMIN_ENTITIES = {
  event: { ru: 'событие', en: 'Event', kz: 'Іс-шара', ch: '活動' },
  session: { ru: 'сеанс', en: 'Session', kz: 'Сеанс', ch: '場次' },
  'checkin-list': { ru: 'список входа', en: 'Check-in list', kz: 'Кіру тізімі', ch: '驗票清單' },
  order: { ru: 'заказ', en: 'Order', kz: 'Тапсырыс', ch: '訂單' },
  ticket: { ru: 'билет', en: 'Ticket', kz: 'Билет', ch: '票券' },
  operator: { ru: 'оператор', en: 'Operator', kz: 'Оператор', ch: '操作員' },
  token: { ru: 'ключ API', en: 'API token', kz: 'API кілті', ch: 'API 權杖' },
  drawing: { ru: 'версия схемы зала', en: 'Map version', kz: 'Сызба нұсқасы', ch: '座位圖版本' },
  composition: { ru: 'строка состава абонемента', en: 'Subscription content row', kz: 'Абонемент құрамының жолы', ch: '套票內容項目' },
  offer: { ru: 'спецпредложение', en: 'Special offer', kz: 'Арнайы ұсыныс', ch: '特別優惠' },
  promo: { ru: 'промокод', en: 'Promo code', kz: 'Промокод', ch: '優惠碼' },
  price: { ru: 'цена', en: 'Price row', kz: 'Баға', ch: '票價' },
  venue: { ru: 'площадка', en: 'Venue', kz: 'Алаң', ch: '場館' },
  category: { ru: 'категория цен', en: 'Price category', kz: 'Баға санаты', ch: '票價類別' },
  zone: { ru: 'зона', en: 'Zone', kz: 'Аймақ', ch: '區域' },
  menu: { ru: 'пункт меню', en: 'Menu item', kz: 'Мәзір тармағы', ch: '選單項目' },
  tag: { ru: 'тег', en: 'Tag', kz: 'Тег', ch: '標籤' },
  rule: { ru: 'текст правил', en: 'Rules text', kz: 'Ереже мәтіні', ch: '規則文字' },
  kind: { ru: 'раздел', en: 'Section', kz: 'Бөлім', ch: '類別' },
  agreement: { ru: 'согласие', en: 'Agreement', kz: 'Келісім', ch: '同意條款' },
  card: { ru: 'карта лояльности', en: 'Loyalty card', kz: 'Адалдық картасы', ch: '會員卡' },
} as const satisfies Record<string, Readonly<Record<Lang, string>>>

export type AdminEntity = keyof typeof ADMIN_ENTITIES

/** The parameters of 'admin-not-found': which kind of thing, and the id the call named. */
export type NotFoundParams = { what: AdminEntity; id: number | string }

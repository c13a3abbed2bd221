import { z } from 'zod'
import type { Lang } from '../lang'

/**
 * The Sales screen's download of a session's tickets (a spreadsheet for the venue's accounts and
 * its guest list): GET /api/admin/sales/sessions/:id/tickets.csv. Its words live here, shared by
 * the server that writes the file and the console that names the link and shows the order
 * states, so a state reads the same in both.
 */
export const SALES_EXPORT_PATH = '/api/admin/sales/sessions/:id/tickets.csv'
export const salesExportPath = (calendarId: number, lang: Lang): string => `${SALES_EXPORT_PATH.replace(':id', String(calendarId))}?lang=${lang}`

/**
 * paid; partly_refunded and refunded: paid, some or every ticket line returned since (a confirmed
 * return or an operator's refund); reserved (unpaid, still holding), cancelled, expired (unpaid
 * past its reserve time). Server: admin/order-state.ts orderStateOf.
 */
export const ORDER_STATES = ['paid', 'partly_refunded', 'refunded', 'reserved', 'cancelled', 'expired'] as const
export type OrderState = (typeof ORDER_STATES)[number]
export const orderStateSchema = z.enum(ORDER_STATES)
/** The states of an order that was paid (its tickets returned or not). */
export const PAID_ORDER_STATES: readonly OrderState[] = ['paid', 'partly_refunded', 'refunded']
export const wasPaid = (state: OrderState): boolean => PAID_ORDER_STATES.includes(state)

/** An order's state as the console says it (order care, the Sales screen's orders, the export). */
export const ORDER_STATE_WORDS: Record<Lang, Record<OrderState, string>> = {
  ru: { paid: 'оплачен', partly_refunded: 'частично возвращён', refunded: 'возвращён', reserved: 'забронирован', cancelled: 'отменён', expired: 'бронь истекла' },
  en: { paid: 'paid', partly_refunded: 'partly refunded', refunded: 'refunded', reserved: 'reserved', cancelled: 'cancelled', expired: 'reservation expired' },
  kz: { paid: 'төленген', partly_refunded: 'ішінара қайтарылған', refunded: 'қайтарылған', reserved: 'брондалған', cancelled: 'болдырылмаған', expired: 'бронь мерзімі өтті' },
  ch: { paid: '已付款', partly_refunded: '部分退款', refunded: '已退款', reserved: '已預訂', cancelled: '已取消', expired: '預訂已過期' },
}

/** How the box office was paid for a sale (box_office_sales.pay_kind). */
export type DeskPayKind = 'cash' | 'card' | 'comp'
export const DESK_SALE_WORDS: Record<Lang, Record<DeskPayKind, string>> = {
  ru: { cash: 'касса, наличные', card: 'касса, карта', comp: 'касса, пригласительный' },
  en: { cash: 'box office, cash', card: 'box office, card', comp: 'box office, complimentary' },
  kz: { cash: 'касса, қолма-қол', card: 'касса, карта', comp: 'касса, шақыру' },
  ch: { cash: '售票處，現金', card: '售票處，刷卡', comp: '售票處，招待票' },
}

export const EXPORT_COLUMNS = [
  'order', 'state', 'channel', 'ordered', 'paidAt', 'session', 'zone', 'category', 'place', 'quantity',
  'price', 'fee', 'paid', 'ticket', 'holder', 'buyer', 'email', 'phone', 'checkedIn',
] as const
export type ExportColumn = (typeof EXPORT_COLUMNS)[number]

interface ExportWords {
  columns: Record<ExportColumn, string>
  shop: string
  /** A ticket line's own state beside its order's. */
  ticket: { valid: string; returnRequested: string; returned: string }
  /** The console's link. */
  download: string
}

export const EXPORT_WORDS: Record<Lang, ExportWords> = {
  ru: {
    columns: {
      order: 'Заказ', state: 'Статус заказа', channel: 'Канал', ordered: 'Создан', paidAt: 'Оплачен', session: 'Сеанс', zone: 'Зона',
      category: 'Категория', place: 'Место', quantity: 'Количество', price: 'Цена', fee: 'Сбор', paid: 'Оплачено', ticket: 'Билет',
      holder: 'Владелец билета', buyer: 'Покупатель', email: 'E-mail', phone: 'Телефон', checkedIn: 'Вход',
    },
    shop: 'интернет-магазин',
    ticket: { valid: 'действует', returnRequested: 'запрошен возврат', returned: 'возвращён' },
    download: 'Скачать билеты сеанса (CSV)',
  },
  en: {
    columns: {
      order: 'Order', state: 'Order state', channel: 'Channel', ordered: 'Ordered', paidAt: 'Paid', session: 'Session', zone: 'Zone',
      category: 'Category', place: 'Place', quantity: 'Quantity', price: 'Price', fee: 'Fee', paid: 'Amount paid', ticket: 'Ticket',
      holder: 'Ticket holder', buyer: 'Buyer', email: 'E-mail', phone: 'Phone', checkedIn: 'Checked in',
    },
    shop: 'online shop',
    ticket: { valid: 'valid', returnRequested: 'return requested', returned: 'returned' },
    download: "Download the session's tickets (CSV)",
  },
  kz: {
    columns: {
      order: 'Тапсырыс', state: 'Тапсырыс күйі', channel: 'Арна', ordered: 'Жасалды', paidAt: 'Төленді', session: 'Сеанс', zone: 'Аймақ',
      category: 'Санат', place: 'Орын', quantity: 'Саны', price: 'Бағасы', fee: 'Алым', paid: 'Төленген сома', ticket: 'Билет',
      holder: 'Билет иесі', buyer: 'Сатып алушы', email: 'E-mail', phone: 'Телефон', checkedIn: 'Кіру',
    },
    shop: 'интернет-дүкен',
    ticket: { valid: 'жарамды', returnRequested: 'қайтару сұралды', returned: 'қайтарылды' },
    download: 'Сеанс билеттерін жүктеп алу (CSV)',
  },
  ch: {
    columns: {
      order: '訂單', state: '訂單狀態', channel: '通路', ordered: '建立時間', paidAt: '付款時間', session: '場次', zone: '區域',
      category: '類別', place: '座位', quantity: '數量', price: '票價', fee: '手續費', paid: '實付金額', ticket: '票券',
      holder: '持票人', buyer: '購買人', email: '電子郵件', phone: '電話', checkedIn: '入場時間',
    },
    shop: '網上商店',
    ticket: { valid: '有效', returnRequested: '已申請退票', returned: '已退票' },
    download: '下載本場次票券（CSV）',
  },
}

/**
 * How a spreadsheet of each language reads a CSV file: Russian and Kazakh spreadsheets take ";"
 * between cells and a decimal comma (their list separator is ";"), English and Chinese ones ","
 * and a decimal point.
 */
export const CSV_FORMAT: Record<Lang, { separator: ',' | ';'; decimal: ',' | '.' }> = {
  ru: { separator: ';', decimal: ',' },
  kz: { separator: ';', decimal: ',' },
  en: { separator: ',', decimal: '.' },
  ch: { separator: ',', decimal: '.' },
}

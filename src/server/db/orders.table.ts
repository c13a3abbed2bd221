import type { Def, Flag, Id } from './columns'

/** Carts and orders, their ticket lines, and the seat and standing holds behind them. */

export interface CartsTable {
  id: Id
  session_id: string
  calendar_id: number
  created_at: number
  updated_at: number
  /** Hold extensions used in the countdown ending at extended_until (issue 20). */
  hold_extensions: Def<number>
  extended_until: number | null
}
export interface OrdersTable {
  id: Id
  hash: string
  ord_num: number
  session_id: string | null
  crm_client_id: number | null
  crm_subscription_id: number | null
  status: Def<number>
  lang: Def<string>
  fio: Def<string>
  surname: Def<string>
  name: Def<string>
  patronymic: Def<string>
  phone: Def<string>
  email: Def<string>
  referrer: Def<string>
  paid: Flag
  use_pushkin_card: Flag
  usereturn: Flag
  total: Def<number>
  service_total: Def<number>
  reserve_until: number
  /** Extensions of the reserve time used (issue 20). */
  reserve_extensions: Def<number>
  created_at: number
  confirmed_at: number | null
  paid_at: number | null
  cancelled_at: number | null
}
export interface OrderLinesTable {
  id: Id
  order_id: number
  event_id: number
  calendar_id: number
  price_id: number
  client_category_id: number
  zone_id: number | null
  seat_id: number | null
  standing_place_id: number | null
  crm_subscription_id: number | null
  quantity: Def<number>
  price: Def<number>
  service_fee: Def<number>
  cost: Def<number>
  ticket_hash: string
  ticket_code: string
  tickettype: Def<number>
  person_surname: Def<string>
  person_name: Def<string>
  person_middle_name: Def<string>
  birth_date: Def<string>
  doc_num: Def<string>
  age: number | null
  document_type_id: number | null
  country_id: number | null
  region_id: number | null
  return_status: Def<number>
  /**
   * Migration 2026_12_03_07_rt2_01: what the line refunded, minor units, written when it is returned
   * (returns/refund-payment.ts refundOfReturned); null while not returned and for lines returned before it.
   */
  refunded_amount: number | null
}
export interface SeatHoldsTable {
  id: Id
  calendar_id: number
  seat_id: number
  cart_id: number | null
  order_id: number | null
  price_id: number | null
  /** 'blocked': kept off sale by the venue for this session (issue 17), a live hold of no cart or order. */
  state: 'cart' | 'order' | 'sold' | 'blocked'
  created_at: number
  expires_at: number | null
  released_at: number | null
}
export interface StandingHoldsTable {
  id: Id
  calendar_id: number
  standing_place_id: number
  cart_id: number | null
  order_id: number | null
  price_id: number | null
  state: 'cart' | 'order' | 'sold'
  quantity: number
  created_at: number
  expires_at: number | null
  released_at: number | null
}

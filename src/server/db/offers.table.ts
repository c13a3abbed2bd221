import type { Def, Flag, Id, Loc } from './columns'

/** What changes an order besides its tickets: special offers (services), loyalty cards and bonuses, promo codes and the discounts an order took. */

export type ServicesTable = {
  id: Id
  event_id: number | null
  price: Def<number>
  package_id: Def<number>
  limit_per_order: Def<number>
  sortnum: Def<number>
  active: Flag
} & Loc<'name'> & Loc<'descript'>
export interface OrderServicesTable { id: Id; order_id: number; order_line_id: number | null; service_id: number; cost: Def<number>; created_at: number }

export interface LoyaltyCardsTable { id: Id; crm_client_id: number | null; card_code: string; bonus_balance: Def<number>; is_blocked: Flag }
export interface BonusTransactionsTable { id: Id; loyalty_card_id: number; order_id: number | null; amount: number; kind: string; created_at: number }
export interface PromoCodesTable {
  id: Id
  code: string
  discount_percent: Def<number>
  discount_amount: Def<number>
  multi_use: Flag
  max_uses: number | null
  used_count: Def<number>
  valid_from: number | null
  valid_to: number | null
  active: Flag
}
export interface OrderDiscountsTable {
  order_id: number
  loyalty_card_id: number | null
  promo_code_id: number | null
  bonuses_used: Def<number>
  charged_bonus: Def<number>
  discount: Def<number>
  created_at: number
  /** Set once the bonuses and promo use of a cancelled order were given back. */
  released_at: Def<number | null>
  /** The promo code's terms as the order took them (migration 2026_12_02_20_pd1_01); null: the code's own. */
  promo_percent: Def<number | null>
  promo_amount: Def<number | null>
}

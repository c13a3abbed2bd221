import type { Def, Id, Loc } from './columns'

/** Returns: reasons, requests with their lines, and refunds. */

export type ReturnReasonsTable = { id: Id; sortnum: Def<number> } & Loc<'name'> & Loc<'descript'>
export interface ReturnRequestsTable {
  id: Id
  order_id: number
  reason_id: number
  hash_conf: string
  status: Def<number>
  consent_at: number
  created_at: number
  expires_at: number
  confirmed_at: number | null
}
export interface ReturnRequestLinesTable { return_request_id: number; order_line_id: number }
export interface RefundsTable {
  id: Id
  order_id: number
  return_request_id: number | null
  payment_id: number | null
  /** Minor units sent back through the payment. */
  amount: Def<number>
  /** Minor units kept back for bonuses the return earned and could not take back from the card (returns/refund-payment.ts refundOfReturned). */
  bonus_withheld: Def<number>
  created_at: number
}

import type { Def, Flag, Id, Loc } from './columns'

/** Payment types, payments and the providers' callbacks. */

/** image_id (migration 2026_11_24_13_02_13): the operator's artwork for the type, an images row; null = none. */
export type PaymentTypesTable = { id: Id; protocol_type: string; protocol_kind: Def<string>; sortnum: Def<number>; active: Flag; image_id: number | null } & Loc<'name'> & Loc<'descript'>
export interface PaymentsTable {
  id: Id
  order_id: number
  payment_type_id: number
  amount: Def<number>
  status: 'pending' | 'paid' | 'failed' | 'cancelled' | 'refunded'
  provider_ref: Def<string>
  created_at: number
  updated_at: number
  /** Migration 2026_11_22_01_00_01: unguessable id of bank pages and callbacks. */
  public_id: string | null
  /** Card-scheme verification code (0 success, 3 pending, 4 failure); null for other types. */
  verify_code: number | null
  /** The link a QR payment's code encodes ('' for other types). */
  qr_url: Def<string>
  /**
   * Migration 2026_12_03_05_rf1_01: 1 when refunded at settlement (payment.repository.ts
   * refundOpenPayment), a payment that never bought its order; 0 otherwise.
   */
  settlement_refund: Flag
}
export interface PaymentCallbacksTable {
  id: Id
  payment_id: number | null
  provider: string
  status: Def<string>
  amount: Def<number>
  accepted: Flag
  applied: Flag
  outcome: Def<string>
  created_at: number
}

import type { ColumnType, Generated } from 'kysely'

type Def<T> = ColumnType<T, T | undefined, T>

/**
 * A refund the shop decided that must still reach the payment's provider (migration
 * 2026_12_02_19_ro1_01_refund_outbox, payments/refund-outbox.ts): written in the transaction
 * that records the refund, sent after its commit, retried by the cluster's leader until sent.
 */
export interface RefundOutboxTable {
  id: Generated<number>
  /** The refunds row it sends (one send per refund). */
  refund_id: number
  /** The payment the money goes back through. */
  payment_id: number
  /** Minor units. */
  amount: number
  attempts: Def<number>
  /** When the next attempt is due (the first attempt's lease, then the retry delay); null once sent. */
  next_attempt_at: number | null
  sent_at: number | null
  /** The provider's refund reference ('' until sent). */
  provider_ref: Def<string>
  last_error: Def<string>
  created_at: number
}

import type { Kysely } from 'kysely'

/**
 * What each returned ticket line refunded: order_lines.refunded_amount, minor units, written when
 * the line is returned (a visitor's confirmed return or an operator's refund) in the same
 * transaction as the refund (returns/refund-payment.ts refundOfReturned), so the return page shows
 * a returned ticket at what it gave back (a promo code, offers or bonuses make that differ from its
 * list cost). Null while the line is not returned, and for the lines returned before this
 * migration: what each of them refunded was not kept (only each refund's total), so they keep
 * showing their list cost (refund-payment.ts lineRefunded).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('order_lines').addColumn('refunded_amount', 'integer').execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('order_lines').dropColumn('refunded_amount').execute()
}

import type { Kysely } from 'kysely'

/**
 * payments.settlement_refund: 1 for a payment refunded at settlement (payments/payment.repository.ts
 * refundOpenPayment: approved after its order was paid by another payment, changed, cancelled or
 * gone), 0 otherwise. Such a payment never bought its order, so the order view's refund of its
 * tickets leaves its refund out. That was told by provider_ref starting with 'refunded: ' (the
 * reason followed), text a bank's own reference may start with as well; the flag says it alone.
 * Payments refunded at settlement before this migration are found by that prefix once, here: the
 * prefix is written out, as migrations import nothing from the app. LIKE's '_' and '%' are not in
 * it; SQLite's LIKE ignores case ('Refunded: …' matches there too), harmless as provider_ref held
 * nothing else starting so (a protocol name, the box office's marker).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('payments').addColumn('settlement_refund', 'integer', (c) => c.notNull().defaultTo(0)).execute()
  await db.updateTable('payments').set({ settlement_refund: 1 }).where('status', '=', 'refunded').where('provider_ref', 'like', 'refunded: %').execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('payments').dropColumn('settlement_refund').execute()
}

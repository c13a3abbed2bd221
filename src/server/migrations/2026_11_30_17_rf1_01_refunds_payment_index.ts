import type { Kysely } from 'kysely'

/**
 * A return's refund reads what was already given back on the order's paid payment
 * (returns/repository.ts findPaidPayment: the sum of refunds by payment_id), and a payment's
 * deletion would set its refunds' payment_id to null through the foreign key: both went through
 * every refund ever made. Migration 2026_11_29_17_ol1_03 indexed refunds by order only. Cost: an
 * index entry per refund.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('refunds_payment_idx').on('refunds').column('payment_id').execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('refunds_payment_idx').execute()
}

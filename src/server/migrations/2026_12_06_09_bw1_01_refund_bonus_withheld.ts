import type { Kysely } from 'kysely'

/**
 * What a refund kept back for earned bonuses the card had spent: refunds.bonus_withheld, minor
 * units, written with the refund by the one refund rule (returns/refund-payment.ts
 * refundOfReturned). The bonuses an order earned that its return can no longer take back from the
 * card (spent since) are kept from the money instead, so buying, spending the bonuses and
 * returning earns nothing. The payment's part left to refund is its amount less what its refunds
 * sent and kept back (returns/repository.ts findPaidPayment), so a later return does not give the
 * kept money back. 0 for every refund made before, which kept nothing back.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('refunds').addColumn('bonus_withheld', 'integer', (c) => c.notNull().defaultTo(0)).execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('refunds').dropColumn('bonus_withheld').execute()
}

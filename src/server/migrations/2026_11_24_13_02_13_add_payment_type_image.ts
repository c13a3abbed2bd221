import type { Kysely } from 'kysely'

/**
 * payment_types.image_id: the operator's own artwork for a payment type (a row of the images
 * table), shown among the payment logos instead of our built-in mark. Marks no icon package may
 * ship (Mir's, a bank's own QR scheme) come from the operator this way; null = none.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('payment_types').addColumn('image_id', 'integer', (c) => c.references('images.id').onDelete('set null')).execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('payment_types').dropColumn('image_id').execute()
}

import type { Kysely } from 'kysely'
import { fk, id, timestamp } from './schema-helpers'

/**
 * What the payment flow needs beyond migration 07:
 * - payments.public_id: the unguessable id the bank pages and callbacks carry (the numeric id
 *   would let anyone walk other buyers' payments); payments.verify_code: the card-scheme
 *   verification code of the spec (0 success, 3 pending, 4 failure; null for other types);
 *   payments.qr_url: the link a QR payment's code encodes.
 * - payment_callbacks: every bank callback received, signed or not, with whether it changed
 *   anything. The conditional status update makes a repeated callback a no-op; this log is the
 *   audit trail that shows it.
 * - order_discounts.released_at: set when the bonuses and promo use of a cancelled order were
 *   given back, so they are given back once.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('payments').addColumn('public_id', 'text').execute()
  await db.schema.alterTable('payments').addColumn('verify_code', 'integer').execute()
  await db.schema.alterTable('payments').addColumn('qr_url', 'text', (c) => c.notNull().defaultTo('')).execute()
  await db.schema.createIndex('payments_public_id_uq').on('payments').column('public_id').unique().execute()

  let callbacks = id(db, db.schema.createTable('payment_callbacks'))
  callbacks = fk(callbacks, 'payment_id', 'payments.id', { onDelete: 'cascade' })
  callbacks = callbacks
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('amount', 'integer', (c) => c.notNull().defaultTo(0))
    // accepted: signature valid; applied: it changed the payment (the first of repeats).
    .addColumn('accepted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('applied', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('outcome', 'text', (c) => c.notNull().defaultTo(''))
  await timestamp(callbacks, 'created_at').execute()
  await db.schema.createIndex('payment_callbacks_payment_idx').on('payment_callbacks').column('payment_id').execute()

  await db.schema.alterTable('order_discounts').addColumn('released_at', 'bigint').execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('order_discounts').dropColumn('released_at').execute()
  await db.schema.dropTable('payment_callbacks').execute()
  await db.schema.dropIndex('payments_public_id_uq').execute()
  for (const c of ['qr_url', 'verify_code', 'public_id']) await db.schema.alterTable('payments').dropColumn(c).execute()
}

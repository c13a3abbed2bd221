import type { Kysely } from 'kysely'
import { fk, id, money, timestamp } from './schema-helpers'

/**
 * refund_outbox: refunds decided while settling a bank notification (the order's amount changed,
 * the order was paid already or could not be revived: payments/settle.ts) were only written to
 * the database and never sent to the bank, so the buyer's money stayed with the shop. Each such
 * refund now gets a row here in the transaction that records it; the provider is asked after the
 * commit, and the cluster's leader retries every row not sent (payments/refund-outbox.ts), so a
 * provider outage or a process killed between the commit and the call loses no refund.
 * A new table: the refunds rows of returns, sent by their own flow, are left as they are.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  let t = id(db, db.schema.createTable('refund_outbox'))
  t = fk(t, 'refund_id', 'refunds.id', { notNull: true, onDelete: 'cascade' })
  t = fk(t, 'payment_id', 'payments.id', { notNull: true, onDelete: 'cascade' })
  t = money(t, 'amount')
  t = t
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint')
    .addColumn('sent_at', 'bigint')
    .addColumn('provider_ref', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last_error', 'text', (c) => c.notNull().defaultTo(''))
  await timestamp(t, 'created_at').addUniqueConstraint('refund_outbox_refund_unique', ['refund_id']).execute()
  await db.schema.createIndex('refund_outbox_due').on('refund_outbox').column('next_attempt_at').execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('refund_outbox').execute()
}

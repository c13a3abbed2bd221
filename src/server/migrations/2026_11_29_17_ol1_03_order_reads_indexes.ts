import type { Kysely } from 'kysely'

/**
 * Reads of one order that went through a whole table: the order page (every view, and each poll
 * of a payment's status) and the order's money (payment start, the bank's callback) read the
 * order's services (order_services.order_id) and what was given back on it (refunds.order_id), and
 * a paid order of a signed-in visitor finds the client's loyalty card (loyalty_cards.crm_client_id)
 * to credit bonuses. None had an index: each read scanned every service sold, every refund and
 * every card. Cost: an index entry per service added, refund and card.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('order_services_order_idx').on('order_services').column('order_id').execute()
  await db.schema.createIndex('refunds_order_idx').on('refunds').column('order_id').execute()
  await db.schema.createIndex('loyalty_cards_client_idx').on('loyalty_cards').column('crm_client_id').execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('loyalty_cards_client_idx').execute()
  await db.schema.dropIndex('refunds_order_idx').execute()
  await db.schema.dropIndex('order_services_order_idx').execute()
}

import type { Kysely } from 'kysely'
import { flag, fk, id, localized, money, timestamp , type Table } from './schema-helpers'

/**
 * Money around an order: loyalty cards and bonus movements, promo codes (single or multi use),
 * the discount applied to an order, payment types and payments, return reasons, return
 * requests (e-mailed confirmation) and refunds.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  let cards = id(db, db.schema.createTable('loyalty_cards'))
  cards = fk(cards, 'crm_client_id', 'crm_clients.id', { onDelete: 'set null' })
  cards = cards
    .addColumn('card_code', 'text', (c) => c.notNull().unique())
    .addColumn('bonus_balance', 'integer', (c) => c.notNull().defaultTo(0))
  await flag(cards, 'is_blocked').execute()

  let bonus = id(db, db.schema.createTable('bonus_transactions'))
  bonus = fk(bonus, 'loyalty_card_id', 'loyalty_cards.id', { notNull: true, onDelete: 'cascade' })
  bonus = fk(bonus, 'order_id', 'orders.id', { onDelete: 'set null' })
  bonus = bonus
    // Positive: bonuses charged (earned); negative: bonuses used on an order.
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
  await timestamp(bonus, 'created_at').execute()

  let promos = id(db, db.schema.createTable('promo_codes'))
  promos = promos
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('discount_percent', 'integer', (c) => c.notNull().defaultTo(0))
  promos = money(promos, 'discount_amount')
  // 0 = one use in total, 1 = many uses (up to max_uses when set).
  promos = flag(promos, 'multi_use')
  promos = promos
    .addColumn('max_uses', 'integer')
    .addColumn('used_count', 'integer', (c) => c.notNull().defaultTo(0))
  promos = timestamp(promos, 'valid_from', false)
  promos = timestamp(promos, 'valid_to', false)
  await flag(promos, 'active', 1).execute()

  let discounts = db.schema
    .createTable('order_discounts')
    .addColumn('order_id', 'integer', (c) => c.primaryKey().references('orders.id').onDelete('cascade'))
  discounts = fk(discounts, 'loyalty_card_id', 'loyalty_cards.id', { onDelete: 'set null' })
  discounts = fk(discounts, 'promo_code_id', 'promo_codes.id', { onDelete: 'set null' })
  discounts = discounts
    .addColumn('bonuses_used', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('charged_bonus', 'integer', (c) => c.notNull().defaultTo(0))
  discounts = money(discounts, 'discount')
  await timestamp(discounts, 'created_at').execute()

  // Payment types; the id is the spec's creditcompany_id, protocol_kind 'QR' marks QR payment.
  let types = id(db, db.schema.createTable('payment_types'))
  types = types
    .addColumn('protocol_type', 'text', (c) => c.notNull())
    .addColumn('protocol_kind', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sortnum', 'integer', (c) => c.notNull().defaultTo(0))
  types = localized(types, 'name', 'descript')
  await flag(types, 'active', 1).execute()

  let payments = id(db, db.schema.createTable('payments'))
  payments = fk(payments, 'order_id', 'orders.id', { notNull: true, onDelete: 'cascade' })
  payments = fk(payments, 'payment_type_id', 'payment_types.id', { notNull: true })
  payments = money(payments, 'amount')
  payments = payments
    // pending, paid, failed, cancelled, refunded
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('provider_ref', 'text', (c) => c.notNull().defaultTo(''))
  payments = timestamp(payments, 'created_at')
  await timestamp(payments, 'updated_at').execute()
  await db.schema.createIndex('payments_order_idx').on('payments').column('order_id').execute()

  await localized(id(db, db.schema.createTable('return_reasons')), 'name', 'descript')
    .addColumn('sortnum', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()

  let requests = id(db, db.schema.createTable('return_requests'))
  requests = fk(requests, 'order_id', 'orders.id', { notNull: true, onDelete: 'cascade' })
  requests = fk(requests, 'reason_id', 'return_reasons.id', { notNull: true })
  requests = requests
    .addColumn('hash_conf', 'text', (c) => c.notNull().unique())
    // 60 requested (waiting for the e-mailed confirmation), 70 confirmed, 80 refunded.
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(60))
  requests = timestamp(requests, 'consent_at')
  requests = timestamp(requests, 'created_at')
  requests = timestamp(requests, 'expires_at')
  await timestamp(requests, 'confirmed_at', false).execute()

  let requestLines: Table = db.schema.createTable('return_request_lines')
  requestLines = fk(requestLines, 'return_request_id', 'return_requests.id', { notNull: true, onDelete: 'cascade' })
  requestLines = fk(requestLines, 'order_line_id', 'order_lines.id', { notNull: true, onDelete: 'cascade' })
  await requestLines.addPrimaryKeyConstraint('return_request_lines_pk', ['return_request_id', 'order_line_id']).execute()

  let refunds = id(db, db.schema.createTable('refunds'))
  refunds = fk(refunds, 'order_id', 'orders.id', { notNull: true, onDelete: 'cascade' })
  refunds = fk(refunds, 'return_request_id', 'return_requests.id', { onDelete: 'set null' })
  refunds = fk(refunds, 'payment_id', 'payments.id', { onDelete: 'set null' })
  refunds = money(refunds, 'amount')
  await timestamp(refunds, 'created_at').execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['refunds', 'return_request_lines', 'return_requests', 'return_reasons', 'payments', 'payment_types', 'order_discounts', 'promo_codes', 'bonus_transactions', 'loyalty_cards']) {
    await db.schema.dropTable(t).execute()
  }
}

import { sql, type Kysely } from 'kysely'

/**
 * order_discounts.promo_percent / promo_amount: the promo code's terms as the order took them.
 * The money rule read them from promo_codes live, so an operator editing a code (50 % to 10 %)
 * changed what every order holding it owed, unpaid and paid alike: a payment started at the old
 * amount was refused by settlement (amounts differ) and refunded instead of paying the order, and
 * a paid order's view and its returns' shares moved. Rows written before this keep the code's
 * terms of now (backfilled); null is read as the code's live terms (a process of the version
 * before this one writes none while both run).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('order_discounts').addColumn('promo_percent', 'integer').execute()
  await db.schema.alterTable('order_discounts').addColumn('promo_amount', 'bigint').execute()
  await sql`update order_discounts set
      promo_percent = (select p.discount_percent from promo_codes p where p.id = order_discounts.promo_code_id),
      promo_amount = (select p.discount_amount from promo_codes p where p.id = order_discounts.promo_code_id)
    where promo_code_id is not null`.execute(db)
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('order_discounts').dropColumn('promo_amount').execute()
  await db.schema.alterTable('order_discounts').dropColumn('promo_percent').execute()
}

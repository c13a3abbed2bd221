import { ORDER_STATUS_CANCELLED } from '../../../contract/constants'
import { isPostgresDb, type Db } from '../../db/connect'

/**
 * The loyalty repository: promo code uses, an order's discount row (order_discounts), card
 * balances and their log (bonus_transactions), and the pending payments a discount change
 * cancels.
 */

/** A promo code use taken: the code's row and its terms at that moment, which the order keeps. */
export interface PromoTaken {
  id: number
  percent: number
  amount: number
}

/**
 * Takes one use of a promo code, or answers null when the code is unknown, inactive, outside its
 * dates or used up. The check and the count are one conditional UPDATE: single-use codes
 * (multi_use 0) go from 0 to 1 uses once; multi-use codes stay below max_uses (none = no
 * limit). Concurrent takers are serialized by the row lock (PostgreSQL re-checks the WHERE on
 * the row as committed) or by SQLite's single writer, so a code is never used more than allowed.
 */
export async function takePromoUse(trx: Db, code: string, now: number): Promise<PromoTaken | null> {
  const row = await trx
    .updateTable('promo_codes')
    .set((eb) => ({ used_count: eb('used_count', '+', 1) }))
    .where('code', '=', code)
    .where('active', '=', 1)
    .where((eb) => eb.or([eb('valid_from', 'is', null), eb('valid_from', '<=', now)]))
    .where((eb) => eb.or([eb('valid_to', 'is', null), eb('valid_to', '>', now)]))
    .where((eb) =>
      eb.or([
        eb.and([eb('multi_use', '=', 0), eb('used_count', '=', 0)]),
        eb.and([eb('multi_use', '=', 1), eb.or([eb('max_uses', 'is', null), eb('used_count', '<', eb.ref('max_uses'))])]),
      ]),
    )
    .returning(['id', 'discount_percent', 'discount_amount'])
    .executeTakeFirst()
  return row ? { id: row.id, percent: Number(row.discount_percent), amount: Number(row.discount_amount) } : null
}

/**
 * Locks the promo code rows a change of an order's code touches, the one it holds (`heldId`) and
 * the one asked (`code`, whatever its state), in id order, before either is written. Taking the
 * new code's use and giving the old one back each lock their row; done in the request's order, two
 * orders swapping codes (A: X for Y, B: Y for X) each held one row and waited for the other's, a
 * deadlock on PostgreSQL. The rows come locked in the ORDER BY's order (the lock is taken above
 * the sort). SQLite has no row locks (one writer at a time): nothing to do there.
 */
export async function lockPromoCodes(trx: Db, heldId: number | null, code: string): Promise<void> {
  if (!isPostgresDb(trx)) return
  await trx
    .selectFrom('promo_codes')
    .select('id')
    .where((eb) => (heldId === null ? eb('code', '=', code) : eb.or([eb('code', '=', code), eb('id', '=', heldId)])))
    .orderBy('id')
    .forUpdate()
    .execute()
}

/** Gives one use back (the order dropped or replaced the code, or was cancelled). */
export async function releasePromoUse(trx: Db, promoId: number): Promise<void> {
  await trx.updateTable('promo_codes').set((eb) => ({ used_count: eb('used_count', '-', 1) })).where('id', '=', promoId).where('used_count', '>', 0).execute()
}

/**
 * Cancels the pending payments of an order whose amount just changed (offers or discounts):
 * their amount is no longer the order's. If the bank still approves one, settlement finds the
 * amounts differ and refunds it (payments/settle.ts).
 */
export async function cancelPendingPayments(trx: Db, orderId: number, now: number): Promise<void> {
  await trx.updateTable('payments').set({ status: 'cancelled', updated_at: now }).where('order_id', '=', orderId).where('status', '=', 'pending').execute()
}

/** Writes an order's discount row, or changes the given columns of the one it has. */
export async function upsertDiscount(trx: Db, orderId: number, set: { loyalty_card_id?: number | null; promo_code_id?: number | null; promo_percent?: number; promo_amount?: number; bonuses_used?: number }, now: number): Promise<void> {
  await trx
    .insertInto('order_discounts')
    .values({ order_id: orderId, loyalty_card_id: set.loyalty_card_id ?? null, promo_code_id: set.promo_code_id ?? null, promo_percent: set.promo_percent ?? null, promo_amount: set.promo_amount ?? null, bonuses_used: set.bonuses_used ?? 0, created_at: now })
    .onConflict((oc) => oc.column('order_id').doUpdateSet(set))
    .execute()
}

/** Records the bonuses a paid order earned on its discount row (written when it has none). */
export async function recordChargedBonus(trx: Db, orderId: number, cardId: number, charged: number, now: number): Promise<void> {
  await trx
    .insertInto('order_discounts')
    .values({ order_id: orderId, loyalty_card_id: cardId, promo_code_id: null, bonuses_used: 0, charged_bonus: charged, created_at: now })
    .onConflict((oc) => oc.column('order_id').doUpdateSet({ charged_bonus: charged }))
    .execute()
}

export async function deleteDiscount(trx: Db, orderId: number): Promise<void> {
  await trx.deleteFrom('order_discounts').where('order_id', '=', orderId).execute()
}

/** An order's discount row not yet given back; undefined when none. */
export function findUnreleasedDiscount(trx: Db, orderId: number) {
  return trx.selectFrom('order_discounts').selectAll().where('order_id', '=', orderId).where('released_at', 'is', null).executeTakeFirst()
}

/** Marks an order's discount given back; true only for the one caller whose conditional UPDATE changed it. */
export async function markDiscountReleased(trx: Db, orderId: number, now: number): Promise<boolean> {
  const res = await trx.updateTable('order_discounts').set({ released_at: now }).where('order_id', '=', orderId).where('released_at', 'is', null).executeTakeFirst()
  return Number(res.numUpdatedRows) === 1
}

/**
 * Orders cancelled unpaid whose discount still holds bonuses or a promo use, by id (one order
 * of locking for every releaser), with the hash their lock is taken by, leaving out those with a
 * payment still pending that started after `pendingSince` (a late approval may yet pay them at
 * the discounted amount: loyalty/service.ts releaseCancelledDiscounts). Read without locks: the
 * releaser checks each again under its lock.
 */
export function ordersWithDiscountToRelease(db: Db, pendingSince: number): Promise<{ order_id: number; hash: string }[]> {
  return db
    .selectFrom('order_discounts as d')
    .innerJoin('orders as o', 'o.id', 'd.order_id')
    .select(['d.order_id', 'o.hash'])
    .where('d.released_at', 'is', null)
    .where('o.status', '=', ORDER_STATUS_CANCELLED)
    .where('o.paid', '=', 0)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('payments as p').select('p.id').whereRef('p.order_id', '=', 'd.order_id').where('p.status', '=', 'pending').where('p.created_at', '>', pendingSince))),
    )
    .orderBy('d.order_id')
    .execute()
}

/**
 * Unpaid orders (a cancelled one included: a late bank approval may still revive and pay it,
 * payments/settle.ts) whose live discount holds bonuses of card `cardId`, by id (the one order of
 * locking), with the hash their lock is taken by. Read without locks: the caller checks each again
 * under its lock.
 */
export function unpaidOrdersHoldingCardBonuses(db: Db, cardId: number): Promise<{ order_id: number; hash: string }[]> {
  return db
    .selectFrom('order_discounts as d')
    .innerJoin('orders as o', 'o.id', 'd.order_id')
    .select(['d.order_id', 'o.hash'])
    .where('d.loyalty_card_id', '=', cardId)
    .where('d.released_at', 'is', null)
    .where('d.bonuses_used', '>', 0)
    .where('o.paid', '=', 0)
    .orderBy('d.order_id')
    .execute()
}

/** A loyalty card by id; undefined when none. */
export function findCard(db: Db, cardId: number) {
  return db.selectFrom('loyalty_cards').selectAll().where('id', '=', cardId).executeTakeFirst()
}

/** A loyalty card by its code, with its CRM client's name parts (null when it has none); undefined when none. */
export function findCardByCode(db: Db, code: string) {
  return db
    .selectFrom('loyalty_cards as c')
    .leftJoin('crm_clients as k', 'k.id', 'c.crm_client_id')
    .select(['c.id', 'c.card_code', 'c.bonus_balance', 'c.is_blocked', 'k.id as client_id', 'k.last_name', 'k.first_name', 'k.middle_name'])
    .where('c.card_code', '=', code)
    .executeTakeFirst()
}

/** Sets a card's blocked flag (1 blocked, 0 not); on PostgreSQL its row stays locked to the end of the transaction. */
export async function setCardBlocked(trx: Db, cardId: number, blocked: 0 | 1): Promise<void> {
  await trx.updateTable('loyalty_cards').set({ is_blocked: blocked }).where('id', '=', cardId).execute()
}

/**
 * Gives bonuses spent on an order back to the card that paid them, logged as kind 'return' (not
 * 'accrual': the card's history tells bonuses coming back from bonuses earned). The one call for
 * every give-back: a discount replaced or released (loyalty/service.ts), returned tickets'
 * share (loyalty/return-bonuses.ts). Nothing for 0.
 */
export async function returnBonuses(trx: Db, cardId: number, orderId: number, bonuses: number, now: number): Promise<void> {
  if (bonuses <= 0) return
  await creditBonuses(trx, cardId, orderId, bonuses, 'return', now)
}

/** Adds bonuses to a card and logs them (kind 'return': returnBonuses; 'accrual': earned by a paid order). */
export async function creditBonuses(trx: Db, cardId: number, orderId: number, amount: number, kind: 'return' | 'accrual', now: number): Promise<void> {
  await trx.updateTable('loyalty_cards').set((eb) => ({ bonus_balance: eb('bonus_balance', '+', amount) })).where('id', '=', cardId).execute()
  await trx.insertInto('bonus_transactions').values({ loyalty_card_id: cardId, order_id: orderId, amount, kind, created_at: now }).execute()
}

/**
 * Spends bonuses of a card and logs them, only while the card is not blocked and its balance
 * covers them (never below zero); false when it did not.
 */
export async function debitBonuses(trx: Db, cardId: number, orderId: number, bonuses: number, now: number): Promise<boolean> {
  const res = await trx
    .updateTable('loyalty_cards')
    .set((eb) => ({ bonus_balance: eb('bonus_balance', '-', bonuses) }))
    .where('id', '=', cardId)
    .where('is_blocked', '=', 0)
    .where('bonus_balance', '>=', bonuses)
    .executeTakeFirst()
  if (Number(res.numUpdatedRows) !== 1) return false
  await trx.insertInto('bonus_transactions').values({ loyalty_card_id: cardId, order_id: orderId, amount: -bonuses, kind: 'spend', created_at: now }).execute()
  return true
}

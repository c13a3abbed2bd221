import { isPostgresDb, type Db } from '../../db/connect'

/** Queries of the bonuses a return moves (loyalty/return-bonuses.ts). */

/** What an order's discount row holds of bonuses: spent on it, earned by it, and whether it was given back already. */
export function findOrderBonuses(trx: Db, orderId: number) {
  return trx.selectFrom('order_discounts').select(['loyalty_card_id', 'bonuses_used', 'charged_bonus', 'released_at']).where('order_id', '=', orderId).executeTakeFirst()
}

/** Writes what an order still holds of bonuses once a return took its share (under the order's lock). */
export async function setOrderBonuses(trx: Db, orderId: number, held: { bonuses_used: number; charged_bonus: number }): Promise<void> {
  await trx.updateTable('order_discounts').set(held).where('order_id', '=', orderId).execute()
}

/**
 * Takes bonuses back from a card and logs what it took (kind 'revoke'): `revokedOf` its balance,
 * the return's rule (return-bonus-plan.ts returnBonusPlan: never more than the card holds, which
 * may have spent some since; what it could not take, the return's refund keeps back:
 * returns/refund-payment.ts refundOfReturned). The card's row is read locked (FOR UPDATE on
 * PostgreSQL; on SQLite the caller's transaction already holds the write lock), so the amount
 * logged is the amount taken. Answers it.
 */
export async function takeBackBonuses(trx: Db, cardId: number, orderId: number, revokedOf: (balance: number) => number, now: number): Promise<number> {
  const card = await trx
    .selectFrom('loyalty_cards')
    .select('bonus_balance')
    .where('id', '=', cardId)
    .$call((q) => (isPostgresDb(trx) ? q.forUpdate() : q))
    .executeTakeFirst()
  const taken = revokedOf(Number(card?.bonus_balance ?? 0))
  if (taken <= 0) return 0
  await trx.updateTable('loyalty_cards').set((eb) => ({ bonus_balance: eb('bonus_balance', '-', taken) })).where('id', '=', cardId).execute()
  await trx.insertInto('bonus_transactions').values({ loyalty_card_id: cardId, order_id: orderId, amount: -taken, kind: 'revoke', created_at: now }).execute()
  return taken
}

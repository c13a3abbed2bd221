import type { Db } from '../../db/connect'

/**
 * Takes one use of a promo code, or answers null when the code is unknown, inactive, outside its
 * dates or used up. The check and the count are one conditional UPDATE: single-use codes
 * (multi_use 0) go from 0 to 1 uses once; multi-use codes stay below max_uses (none = no
 * limit). Concurrent takers are serialized by the row lock (PostgreSQL re-checks the WHERE on
 * the row as committed) or by SQLite's single writer, so a code is never used more than allowed.
 */
export async function takePromoUse(trx: Db, code: string, now: number): Promise<number | null> {
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
    .returning('id')
    .executeTakeFirst()
  return row?.id ?? null
}

/** Gives one use back (the order dropped or replaced the code, or was cancelled). */
export async function releasePromoUse(trx: Db, promoId: number): Promise<void> {
  await trx.updateTable('promo_codes').set((eb) => ({ used_count: eb('used_count', '-', 1) })).where('id', '=', promoId).where('used_count', '>', 0).execute()
}

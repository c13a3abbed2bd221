import type { Db } from '../../db/connect'

/**
 * Takes or renews the lease `name` for `holder` until `expiresAt` with one atomic upsert: it
 * succeeds when nobody holds the lease, when the holder's lease ran out (before `now`), or when
 * `holder` already holds it. Answers whether `holder` holds it now.
 */
export async function takeLease(db: Db, name: string, holder: string, now: number, expiresAt: number): Promise<boolean> {
  const rows = await db
    .insertInto('job_leases')
    .values({ name, holder, expires_at: expiresAt })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({ holder, expires_at: expiresAt })
        .where((eb) => eb.or([eb('job_leases.holder', '=', holder), eb('job_leases.expires_at', '<', now)])),
    )
    .returning('holder')
    .execute()
  return rows.length === 1 && rows[0].holder === holder
}

/** Gives the lease back (a graceful shutdown), so another process takes over at its next try. */
export async function releaseLease(db: Db, name: string, holder: string): Promise<void> {
  await db.deleteFrom('job_leases').where('name', '=', name).where('holder', '=', holder).execute()
}

/** Who holds `name` and until when (tests, diagnostics). */
export async function leaseHolder(db: Db, name: string): Promise<{ holder: string; expiresAt: number } | null> {
  const row = await db.selectFrom('job_leases').select(['holder', 'expires_at']).where('name', '=', name).executeTakeFirst()
  return row ? { holder: row.holder, expiresAt: row.expires_at } : null
}

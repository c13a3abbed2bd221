import type { Kysely } from 'kysely'

/**
 * API tokens' expiry (console access follow-ups, item 3): api_tokens.expires_at, epoch
 * milliseconds, chosen when the token is made (admin/auth.ts createApiToken); from then on the
 * token is refused as a revoked one is. Null for the tokens made before this migration: they keep
 * working as they did until revoked (README, API tokens), as no one chose an end for them.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('api_tokens').addColumn('expires_at', 'bigint').execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('api_tokens').dropColumn('expires_at').execute()
}

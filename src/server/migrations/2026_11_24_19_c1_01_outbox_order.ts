import type { Kysely } from 'kysely'

/**
 * mail_outbox.order_id (issue 19.2): the order a message is about (the tickets e-mail, a resend,
 * a return's confirmation link), written when the message is stored (mail/outbox.ts), so order
 * care reads an order's e-mails by an index instead of searching every body for its hash. Null
 * for messages about no order.
 *
 * Messages stored before this column get their order back from the body: every such message
 * carries a link with the order's hash (128 random bits, so a body naming it is that order's and
 * no other's). The bodies are read in batches and the hash-shaped words looked up by the orders'
 * unique hash index: one pass over the outbox, never a LIKE per order.
 */
const BACKFILL_BATCH = 500
/** Shortest word taken as a possible order hash (base64url of 16 random bytes is 22 characters). */
const HASH_WORD = /[A-Za-z0-9_-]{20,}/g
/** Words looked up per query (well under both databases' bound-parameter limits). */
const LOOKUP_CHUNK = 500

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('mail_outbox').addColumn('order_id', 'integer').execute()
  await db.schema.createIndex('mail_outbox_order').on('mail_outbox').column('order_id').execute()
  await backfillOutboxOrders(db)
}

/** Sets order_id of the stored messages that have none from the order hash their body names. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function backfillOutboxOrders(db: Kysely<any>): Promise<number> {
  let after = 0
  let set = 0
  for (;;) {
    const rows = (await db.selectFrom('mail_outbox').select(['id', 'text_body']).where('order_id', 'is', null).where('id', '>', after).orderBy('id').limit(BACKFILL_BATCH).execute()) as { id: number; text_body: string }[]
    if (rows.length === 0) return set
    after = rows[rows.length - 1].id
    const words = new Map<number, string[]>(rows.map((r) => [r.id, [...new Set(r.text_body.match(HASH_WORD) ?? [])]]))
    const all = [...new Set([...words.values()].flat())]
    const orderOf = new Map<string, number>()
    for (let i = 0; i < all.length; i += LOOKUP_CHUNK) {
      const found = (await db.selectFrom('orders').select(['id', 'hash']).where('hash', 'in', all.slice(i, i + LOOKUP_CHUNK)).execute()) as { id: number; hash: string }[]
      for (const o of found) orderOf.set(o.hash, o.id)
    }
    for (const r of rows) {
      const orderId = words.get(r.id)!.map((w) => orderOf.get(w)).find((id) => id !== undefined)
      if (orderId === undefined) continue
      await db.updateTable('mail_outbox').set({ order_id: orderId }).where('id', '=', r.id).execute()
      set++
    }
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('mail_outbox_order').execute()
  await db.schema.alterTable('mail_outbox').dropColumn('order_id').execute()
}

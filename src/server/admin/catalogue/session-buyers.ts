import { DEFAULT_LANG, isLang, pickLocalized } from '../../../contract/lang'
import type { Db } from '../../db/connect'
import { ApiFailure } from '../../errors'
import { capacityOf, salesOf } from '../../domain/inventory/stock'
import { listPriceStock } from '../../domain/inventory/stock.repository'
import { ORDER_ROUTE } from '../../domain/orders/constants'
import { clientPageUrl } from '../../domain/orders/links'
import { admittedCount, admittedOrders } from '../../domain/redemption/lists.repository'
import { insertOutboxMessage } from '../../mail/mail.repository'
import { sessionMoveMail } from '../../mail/templates/sessionMoveMail'
import { lockSessionForMove } from '../studio/session-map.repository'
import { mustFind } from './rows.repository'

/**
 * What a session's edit means for the people who bought its tickets (issue: a move or a
 * switch-off told nobody). Tickets the door admits (paid, not cancelled, not returned:
 * redemption/lists.repository.ts admittedLines) are the buyers' promise:
 * - a move (another day or time) is made only when the request confirms it (`confirm_buyers`),
 *   and then every such order's buyer is e-mailed the new date and time, queued in the edit's
 *   own transaction (mail_outbox), so a crash after the commit loses no notice and a refused or
 *   failed edit sends none; the cluster's mail sweep delivers them (mail/retry.ts);
 * - a switch-off (active 0) is made only when confirmed, and mails nobody: it is not a
 *   cancellation, but the door refuses a switched-off session (redemption/door-window.ts), which
 *   the refusal's text says, so the operator switches off knowing the door will not admit them.
 * The refusal (UNCONFIRMED, 409) carries `tickets` and `orders` beside its text for the console's
 * confirmation. Unpaid orders, cancelled ones and returned tickets do not count: no one holds them.
 */

export interface SessionEdit {
  day: string
  time: string
  /** Whether the edit switches the session off (it was on). */
  switchesOff: boolean
  /** The capacity the edit sets, when it sets one. */
  capacity?: number | null
  confirmed: boolean
}

/** Where a moved session's notices link to (the order page) and when they are queued. */
export interface NoticeContext {
  publicUrl: string
  now: number
}

/**
 * Checks an edit of session `before` against what is sold, under the session's row lock (claims
 * take it too: orders/claim.ts lockCalendars, so none lands between the count and the commit),
 * and queues the move's notices in `trx`. Throws the refusal when the edit needs a confirmation
 * it lacks, or would set a capacity below what is sold (capacityFits). Answers how many notices
 * were queued.
 */
export async function guardSoldSession(trx: Db, before: Record<string, unknown>, edit: SessionEdit, ctx: NoticeContext): Promise<number> {
  const id = before.id as number
  const moves = edit.day !== before.day || edit.time !== before.time
  const resizes = edit.capacity !== undefined && before.drawing_id === null && edit.capacity !== before.capacity
  if (!moves && !edit.switchesOff && !resizes) return 0
  await lockSessionForMove(trx, id)
  if (resizes) await capacityFits(trx, id, edit.capacity!, ctx.now)
  if (!moves && !edit.switchesOff) return 0
  // One count for the confirmation; the orders themselves only when a move mails them.
  const { orders: count, tickets, noEmail } = await admittedCount(trx, id)
  if (count === 0) return 0
  if (!edit.confirmed) {
    const reason = moves && edit.switchesOff ? 'admin-session-sold-move-off' : moves ? 'admin-session-sold-move' : 'admin-session-sold-off'
    // A move's notices miss the orders without an address (no_email): the console says so and
    // where their phones are (the session's ticket list). A switch-off tells nobody anyway.
    throw new ApiFailure(reason, { tickets, orders: count }, { tickets, orders: count, ...(moves ? { no_email: noEmail } : {}) })
  }
  if (!moves) return 0
  const orders = await admittedOrders(trx, id)
  const event = await mustFind(trx, 'events', before.event_id as number, 'event')
  const was = `${String(before.day)} ${String(before.time)}`
  const now = `${edit.day} ${edit.time}`
  let queued = 0
  for (const o of orders) {
    // A box-office sale may have no address: its buyer cannot be told by mail.
    if (!o.email) continue
    const lang = isLang(o.lang) ? o.lang : DEFAULT_LANG
    const mail = sessionMoveMail({ to: o.email, lang, ordNum: o.ord_num, event: pickLocalized(event, 'name', lang), was, now, orderLink: clientPageUrl(ctx.publicUrl, ORDER_ROUTE, o.hash, lang) })
    // Due at once: the mail sweep of the cluster's leader sends it after the commit (retry.ts).
    await insertOutboxMessage(trx, { to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? '', orderId: o.id, kind: 'session_moved', now: ctx.now, dueAt: ctx.now })
    queued++
  }
  return queued
}

/** A price row's stock as an edit would leave it. */
export interface PriceStockEdit {
  id: number
  quantity: number
  for_subscription: number
}

/**
 * Checks a price row's edit in a general-admission session against what is sold, under the
 * session's row lock as a session's resize (guardSoldSession): the row's quantity is its own
 * stock (inventory/stock.ts rowLeft) and, when the session has no capacity of its own, part of
 * the session's (capacityOf), so lowering it (or moving it to subscriptions) is capacityFits's
 * rule again. A seat-map session's rows count no general-admission tickets: nothing to check.
 */
export async function guardPriceStock(trx: Db, calendar: Record<string, unknown>, before: Record<string, unknown>, after: PriceStockEdit, now: number): Promise<void> {
  if (calendar.drawing_id !== null) return
  if (after.quantity === Number(before.quantity) && after.for_subscription === Number(before.for_subscription)) return
  const id = calendar.id as number
  await lockSessionForMove(trx, id)
  // Read again under the lock: a session's resize waits on it too.
  const capacity = (await mustFind(trx, 'calendars', id, 'session')).capacity as number | null
  await capacityFits(trx, id, capacity, now, after)
}

/**
 * A general-admission session's capacity may not go below the tickets sold or reserved there
 * now (the stock rule's count, inventory/stock.ts). Nothing would be oversold (what is left is
 * clamped to zero), but the session would say it holds fewer people than it has tickets out (the
 * Sales page's sold above capacity), a contradiction the operator meant to avoid by lowering it
 * to stop sales: setting it to the sold count, switching sales off or an off-sale moment does
 * that. Null (the price rows' quantities) is measured the same way. `row`: a price row's edit
 * (guardPriceStock), counted in place of the stored row, and held to the same rule for its own
 * stock: not below what was sold or reserved at it.
 */
async function capacityFits(trx: Db, id: number, capacity: number | null, now: number, row?: PriceStockEdit): Promise<void> {
  const sales = (await salesOf(trx, [id], now)).get(id)
  const sold = sales?.sold ?? 0
  if (sold === 0) return
  const rows = (await listPriceStock(trx, [id])).map((r) => (row && r.id === row.id ? { ...r, ...row } : r))
  if (capacityOf(capacity, rows) < sold) throw new ApiFailure('admin-capacity-below-sold', { sold })
  const rowSold = row ? (sales?.byPrice.get(row.id) ?? 0) : 0
  if (row && row.quantity < rowSold) throw new ApiFailure('admin-price-below-sold', { sold: rowSold })
}

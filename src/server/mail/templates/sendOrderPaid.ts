import { ORDER_STATUS_CONFIRMED } from '../../../contract/constants'
import { DEFAULT_LANG, type Lang, isLang } from '../../../contract/lang'
import type { Config } from '../../config'
import type { Db } from '../../db/connect'
import { toMajor } from '../../../contract/rules/money'
import { orderToPay } from '../../domain/orders/money'
import { findOrderByHash, type OrderRow } from '../../domain/orders/order.repository'
import { ORDER_ROUTE, TICKET_ROUTE } from '../../domain/orders/constants'
import { clientPageUrl } from '../../domain/orders/links'
import { storedCurrency } from '../../domain/settings/cached'
import { findMailOrder, listMailTicketLines, markMailFailed } from '../mail.repository'
import { deliverMail, recordAttempt, sendMail, type MailConfig, type MailMessage, type MailResult } from '../outbox'
import type { QueuedTicketMail } from '../ticket-mail'
import { orderPaidMail } from './orderMail'
import { mailTicketLabel } from './ticketLabel'

/** An order just paid, as its settlement left it, and what it cost (attemptTicketMail's `known`). */
export interface PaidOrder {
  order: OrderRow
  /** Minor units. */
  payable: number
}

/**
 * The tickets e-mail of `order` as it stands: the links to its tickets not returned, in the
 * order's language, each named by its event, session, place and category (ticketLabel.ts), and the
 * order's sum in the shop's currency: the amount the order page shows (orders/money.ts
 * totalToPay, its demsumma: for a paid order what its payments took, less what went back, so 0 for a
 * complimentary desk sale). `payable`: the order's amount when the caller knows it (minor units,
 * the settlement that paid it: its payment took exactly that), else read. Null when no ticket
 * line is left (every one returned): there is nothing to send.
 */
async function ticketMail(db: Db, config: Pick<Config, 'publicUrl'>, order: OrderRow, payable?: number): Promise<MailMessage | null> {
  const lang: Lang = isLang(order.lang) ? order.lang : DEFAULT_LANG
  const [lines, currency] = await Promise.all([listMailTicketLines(db, order.id), storedCurrency(db)])
  if (lines.length === 0) return null
  const sum = payable ?? (await orderToPay(db, order))
  return {
    orderId: order.id,
    kind: 'tickets',
    ...orderPaidMail({
      to: order.email,
      lang,
      ordNum: order.ord_num,
      sum: toMajor(sum),
      currency,
      orderLink: clientPageUrl(config.publicUrl, ORDER_ROUTE, order.hash, lang),
      tickets: lines.map((l) => ({ label: mailTicketLabel(l, lang), link: clientPageUrl(config.publicUrl, TICKET_ROUTE, l.ticket_hash, lang) })),
    }),
  }
}

/** Why a tickets e-mail is not due any more, or null while it is: the order gone, without an e-mail address, no longer paid and confirmed. */
function notDue(order: OrderRow | undefined): string | null {
  if (!order) return 'the order is gone'
  if (!order.email) return 'the order has no e-mail address'
  if (order.paid !== 1 || order.status !== ORDER_STATUS_CONFIRMED) return 'the order is no longer paid and confirmed'
  return null
}

/**
 * E-mails the buyer the links to an order's tickets once more, at an operator's request (order
 * care's resend), stored and sent at once (outbox.ts sendMail). Answers null when the order is
 * unknown, unpaid, not confirmed, has no e-mail or no ticket left (all returned); a failed delivery is recorded in the outbox
 * and answered, never thrown. The shop's own tickets e-mail (a payment, a free order, named
 * tickets confirmed) is queued in the transaction that makes it due instead (ticket-mail.ts).
 */
export async function sendOrderPaidMail(db: Db, config: MailConfig & Pick<Config, 'publicUrl'>, orderHash: string): Promise<MailResult | null> {
  const order = await findOrderByHash(db, orderHash)
  // Unconfirmed named-ticket orders get theirs once the visitors' data is confirmed.
  if (!order || notDue(order) !== null) return null
  // Every ticket returned: no link is left to send (ticketMail answers null).
  const message = await ticketMail(db, config, order)
  return message ? sendMail(db, config, message) : null
}

/**
 * Attempt number `attempt` of a tickets e-mail queued by queueTicketMail (ticket-mail.ts): its
 * body rendered from the order as it stands, delivered, and the outcome stored. A sent message is
 * stored with the body it was sent with (the row's template cleared, what order care and the
 * outbox keep); a failed attempt keeps the template and no body, so every retry renders the
 * order afresh (a session moved since, tickets returned since). The first attempt follows the
 * commit that queued it (startTicketMail); the retry sweep makes it when that process died first
 * (mail/retry.ts), and every later one. Answers null and gives the message up (failed_at, the
 * reason in last_error and `log`) when it is not due any more: its order is gone, has no e-mail,
 * is no longer paid and confirmed, or has no ticket left (all returned): "your tickets" with no
 * ticket would be sent otherwise. A failure to render (the database) counts as a failed attempt,
 * retried like an SMTP failure; nothing is thrown but a failure to write the outcome, which
 * leaves the row due for the sweep.
 *
 * `known`: the order's row as the settlement that paid it left it, and the amount it checked the
 * order's money against (payments/settle.ts Settled): neither is read again then, two statements
 * of a payment's burst fewer.
 */
export async function attemptTicketMail(
  db: Db,
  config: MailConfig & Pick<Config, 'publicUrl'>,
  queued: QueuedTicketMail,
  attempt: number,
  known?: PaidOrder,
  log?: GiveUpLog,
): Promise<MailResult | null> {
  let message: MailMessage | null
  try {
    const order = known?.order ?? (await findMailOrder(db, queued.orderId))
    const refused = notDue(order)
    message = order && refused === null ? await ticketMail(db, config, order, known?.payable) : null
    if (!message) {
      const error = refused ?? 'no ticket of the order is left (all returned)'
      await markMailFailed(db, queued.id, { attempts: attempt, error, nextAttemptAt: null, failedAt: Date.now() })
      log?.warn({ mailId: queued.id, orderId: queued.orderId, attempt }, `tickets e-mail given up: ${error}`)
      return null
    }
  } catch (err) {
    const result: MailResult = { id: queued.id, filePath: '', sent: false, error: `rendering failed: ${err instanceof Error ? err.message : String(err)}` }
    await recordAttempt(db, queued.id, attempt, result, Date.now())
    return result
  }
  const result = await deliverMail(config, queued.id, message)
  // Only a sent message keeps its body: a failed one is rendered again at its next attempt.
  await recordAttempt(db, queued.id, attempt, result, Date.now(), result.sent ? message : undefined)
  return result
}

/** Where attemptTicketMail says why it gave a message up (the app's logger). */
export interface GiveUpLog {
  warn(obj: object, msg: string): void
}

/**
 * The first attempt of a tickets e-mail just queued (attemptTicketMail), without waiting for it:
 * the order call or bank callback answers at once even when the SMTP server is slow or down
 * (nodemailer waits up to its connection timeout). The message is in the outbox already, so
 * whatever happens here it is sent: a failure is logged, and the retry sweep tries again.
 */
export function startTicketMail(db: Db, config: MailConfig & Pick<Config, 'publicUrl'>, log: { error: (obj: object, msg: string) => void }, queued: QueuedTicketMail, known?: PaidOrder): void {
  const sending = attemptTicketMail(db, config, queued, 1, known, { warn: (obj, msg) => log.error(obj, msg) })
    .catch((err: unknown) => log.error({ err, mailId: queued.id, orderId: queued.orderId }, 'order e-mail: first attempt not recorded; the retry sweep sends it'))
    .finally(() => inFlight.delete(sending))
  inFlight.add(sending)
}

/** First attempts startTicketMail started and not yet finished (this process). */
const inFlight = new Set<Promise<unknown>>()

/** The longest a closing server waits for order e-mails in flight (an SMTP server that hangs would hold it for minutes). */
export const MAIL_SETTLE_MS = 5000

/**
 * Waits for the order e-mails already started, at most `maxMs`, so a server that closes neither
 * cuts their outbox file short nor destroys the database under their queries (server.ts, before
 * db.destroy()). One left unfinished is in the outbox as unsent, and the mail retries send it.
 */
export async function orderMailsSettled(maxMs = MAIL_SETTLE_MS): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const deadline = new Promise<void>((resolve) => (timer = setTimeout(resolve, maxMs)))
  const all = (async () => {
    while (inFlight.size > 0) await Promise.allSettled([...inFlight])
  })()
  await Promise.race([all, deadline])
  clearTimeout(timer)
}

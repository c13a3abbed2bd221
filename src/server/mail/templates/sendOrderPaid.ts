import { ORDER_STATUS_CONFIRMED } from '../../../contract/constants'
import { DEFAULT_LANG, pickLocalized, type Lang, isLang } from '../../../contract/lang'
import type { Config } from '../../config'
import type { Db } from '../../db/connect'
import { toMajor } from '../../../contract/rules/money'
import { orderMoney } from '../../domain/orders/money'
import { findOrderByHash, type OrderRow } from '../../domain/orders/order.repository'
import { ORDER_ROUTE, TICKET_ROUTE } from '../../domain/orders/constants'
import { clientPageUrl } from '../../domain/orders/links'
import { storedCurrency } from '../../domain/settings/cached'
import { listMailTicketLines } from '../mail.repository'
import { sendMail, type MailResult } from '../outbox'
import { orderPaidMail } from './orderMail'

/** An order just paid, as its settlement left it, and what it cost (sendOrderPaidMail's `known`). */
export interface PaidOrder {
  order: OrderRow
  /** Minor units. */
  payable: number
}

/**
 * E-mails the buyer the links to an order's tickets, in the order's language. Called after the
 * transaction that paid the order committed: the bank callback that paid it, the creation of a
 * free order, the confirmation of a named-ticket order. Answers null when the order is unknown,
 * unpaid, not confirmed or has no e-mail; a failed delivery is recorded in the
 * outbox and answered, never thrown (the payment stays valid).
 *
 * `known`: the order's row as the settlement that paid it left it, and the amount it checked the
 * order's money against (payments/settle.ts Settled): neither is read again then, two statements
 * of a payment's burst fewer.
 */
export async function sendOrderPaidMail(db: Db, config: Pick<Config, 'publicUrl' | 'smtpUrl' | 'outboxDir'>, orderHash: string, known?: PaidOrder): Promise<MailResult | null> {
  const order = known?.order ?? (await findOrderByHash(db, orderHash))
  // Unconfirmed named-ticket orders get theirs once the visitors' data is confirmed.
  if (!order || order.paid !== 1 || order.status !== ORDER_STATUS_CONFIRMED || !order.email) return null
  const lang: Lang = isLang(order.lang) ? order.lang : DEFAULT_LANG
  const [lines, currency] = await Promise.all([listMailTicketLines(db, order.id), storedCurrency(db)])
  const payable = known?.payable ?? (await orderMoney(db, order)).payable
  return sendMail(db, config, {
    orderId: order.id,
    ...orderPaidMail({
      to: order.email,
      lang,
      ordNum: order.ord_num,
      sum: toMajor(payable),
      currency,
      orderLink: clientPageUrl(config.publicUrl, ORDER_ROUTE, order.hash, lang),
      tickets: lines.map((l) => ({ label: `${pickLocalized(l, 'action', lang)}, ${l.day} ${l.time}${l.quantity > 1 ? ` × ${l.quantity}` : ''}`, link: clientPageUrl(config.publicUrl, TICKET_ROUTE, l.ticket_hash, lang) })),
    }),
  })
}

/**
 * sendOrderPaidMail without waiting for it: the order call or bank callback answers at once even
 * when the SMTP server is slow or down (nodemailer waits up to its connection timeout). A failure
 * is logged; the outbox row records it.
 */
export function queueOrderPaidMail(db: Db, config: Pick<Config, 'publicUrl' | 'smtpUrl' | 'outboxDir'>, log: { error: (obj: object, msg: string) => void }, orderHash: string, known?: PaidOrder): void {
  const sending = sendOrderPaidMail(db, config, orderHash, known)
    .catch((err: unknown) => log.error({ err, orderHash }, 'order e-mail failed'))
    .finally(() => inFlight.delete(sending))
  inFlight.add(sending)
}

/** Mails queueOrderPaidMail started and not yet finished (this process). */
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

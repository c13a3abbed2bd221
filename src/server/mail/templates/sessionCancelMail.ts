import { DEFAULT_LANG, isLang, type Lang } from '../../../contract/lang'
import { formatMoney } from '../../../contract/rules/moneyText'
import { formatDayTime } from '../../../contract/rules/dayText'
import type { MailMessage } from '../outbox'
import { escapeHtml } from './html'
import { fill, MAIL_TEXTS } from './texts'

export interface SessionCancelMailInput {
  to: string
  /** The order's language as stored (an unknown one falls back to the default). */
  lang: string
  ordNum: number
  /** The event's name in that language. */
  event: string
  /** The cancelled session's date and time as the venue keeps them ("2026-12-09 18:30"), written in the reader's language. */
  when: string
  /** What was refunded for the order's tickets of that session, major units. */
  sum: number
  /** The shop's currency (setup's app.currency). */
  currency: string
  /** Absolute link to the order's page, in its language. */
  orderLink: string
  /** Paid at the box office (cash or its terminal): the money is handed back there, not sent to a card. */
  atDesk?: boolean
}

/**
 * The notice to a buyer whose session the venue cancelled (admin/catalogue/session-refunds.ts),
 * in the order's language: the event, its date and time, and the amount refunded. Rendered in
 * the transaction that refunds the order and stored with it in the outbox, so it states the
 * refund as made, and an order is told once. A free ticket refunds nothing: no amount is named.
 * A box-office sale's refund moves no money by itself (payments/desk.ts): its buyer is told to
 * collect it at the box office.
 */
export function sessionCancelMail(input: SessionCancelMailInput): MailMessage {
  const lang: Lang = isLang(input.lang) ? input.lang : DEFAULT_LANG
  const t = MAIL_TEXTS[lang]
  const v = { n: input.ordNum, event: input.event, when: formatDayTime(input.when, lang), sum: formatMoney(input.sum, lang, input.currency) }
  const refund = input.sum > 0 ? [fill(input.atDesk ? t.cancelledRefundDesk : t.cancelledRefund, v)] : []
  const text = [fill(t.cancelledIntro, v), ...refund, '', t.cancelledOrder, input.orderLink, '', t.signature].join('\n')
  const html = `<!doctype html><html><body>
<p>${escapeHtml(fill(t.cancelledIntro, v))}</p>
${refund.map((r) => `<p><strong>${escapeHtml(r)}</strong></p>`).join('')}
<p>${escapeHtml(t.cancelledOrder)} <a href="${escapeHtml(input.orderLink)}">${escapeHtml(input.orderLink)}</a></p>
<p>${escapeHtml(t.signature)}</p>
</body></html>`
  return { to: input.to, subject: fill(t.cancelledSubject, v), text, html }
}

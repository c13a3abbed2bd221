import { DEFAULT_LANG, isLang, type Lang } from '../../../contract/lang'
import type { MailMessage } from '../outbox'
import { formatMoney } from '../../../contract/rules/moneyText'
import { escapeHtml } from './html'
import { fill, MAIL_TEXTS } from './texts'

export interface OrderMailInput {
  to: string
  lang: string
  ordNum: number
  /** Absolute link to the order view. */
  orderLink: string
  /** One entry per ticket: its label and its absolute ticket-view link. */
  tickets: { label: string; link: string }[]
  /** What the order cost the buyer, major units (the money rule's payable, as the order view shows it). */
  sum: number
  /** The shop's currency (setup's app.currency). */
  currency: string
}

/**
 * The subject of an order's tickets e-mail, in the order's language (`lang` as stored: an unknown
 * one falls back to the default). Its one home: the e-mail below, and order care naming a
 * tickets e-mail still queued, which holds no subject until it is rendered (ticket-mail.ts).
 */
export function ticketMailSubject(lang: string, ordNum: number): string {
  return fill(MAIL_TEXTS[isLang(lang) ? lang : DEFAULT_LANG].paidSubject, { n: ordNum })
}

/** The e-mail sent when an order is paid: links to each ticket and to the order, in the order's language. */
export function orderPaidMail(input: OrderMailInput): MailMessage {
  const lang: Lang = isLang(input.lang) ? input.lang : DEFAULT_LANG
  const t = MAIL_TEXTS[lang]
  const v = { n: input.ordNum, sum: formatMoney(input.sum, lang, input.currency) }
  const text = [
    fill(t.paidIntro, v),
    fill(t.paidSum, v),
    '',
    `${t.paidTickets}${t.colon}`,
    ...input.tickets.map((k) => `- ${k.label}: ${k.link}`),
    '',
    t.paidOrderLink,
    input.orderLink,
    '',
    t.signature,
  ].join('\n')
  const html = `<!doctype html><html><body>
<p>${escapeHtml(fill(t.paidIntro, v))}</p>
<p>${escapeHtml(fill(t.paidSum, v))}</p>
<p><strong>${escapeHtml(t.paidTickets)}</strong></p><ul>${input.tickets.map((k) => `<li><a href="${escapeHtml(k.link)}">${escapeHtml(k.label)}</a></li>`).join('')}</ul>
<p>${escapeHtml(t.paidOrderLink)} <a href="${escapeHtml(input.orderLink)}">${escapeHtml(input.orderLink)}</a></p>
<p>${escapeHtml(t.signature)}</p>
</body></html>`
  return { to: input.to, subject: ticketMailSubject(lang, input.ordNum), text, html }
}

import { DEFAULT_LANG, isLang, type Lang } from '../../../contract/lang'
import { REFUND_LINK_HOURS } from '../../../contract/constants'
import type { MailMessage } from '../outbox'
import { formatMoney } from '../../../contract/rules/moneyText'
import { escapeHtml } from './html'
import { fill, MAIL_TEXTS } from './texts'

export interface ReturnMailInput {
  to: string
  lang: string
  ordNum: number
  /** Absolute link to the return page carrying hash_conf. */
  link: string
  /** One line per ticket to return (event, date, category). */
  tickets: string[]
  /** Refund amount, major units. */
  sum: number
  /** Bonuses spent on these tickets that go back to the card. */
  bonuses: number
  /** The shop's currency (setup's app.currency). */
  currency: string
}

/**
 * The e-mail that confirms a return request, in the order's language. It names what the return
 * gives back: the money, and the bonuses spent on the tickets; neither when it is nothing (a free
 * ticket refunds nothing, as sessionCancelMail says none), so an order paid by bonuses is not told
 * "refund 0" as if it lost them.
 */
export function returnConfirmationMail(input: ReturnMailInput): MailMessage {
  const lang: Lang = isLang(input.lang) ? input.lang : DEFAULT_LANG
  const t = MAIL_TEXTS[lang]
  const v = { n: input.ordNum, sum: formatMoney(input.sum, lang, input.currency), hours: REFUND_LINK_HOURS, bonuses: input.bonuses }
  const back = [...(input.sum > 0 ? [fill(t.returnSum, v)] : []), ...(input.bonuses > 0 ? [fill(t.returnBonuses, v)] : [])]
  const text = [
    fill(t.returnIntro, v),
    '',
    `${t.returnTickets}${t.colon}`,
    ...input.tickets.map((l) => `- ${l}`),
    ...back,
    '',
    t.returnAction,
    input.link,
    '',
    fill(t.returnValidity, v),
    t.returnIgnore,
    '',
    t.signature,
  ].join('\n')
  const html = `<!doctype html><html><body>
<p>${escapeHtml(fill(t.returnIntro, v))}</p>
<p><strong>${escapeHtml(t.returnTickets)}</strong></p><ul>${input.tickets.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>
${back.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}
<p>${escapeHtml(t.returnAction)}<br><a href="${escapeHtml(input.link)}">${escapeHtml(input.link)}</a></p>
<p>${escapeHtml(fill(t.returnValidity, v))} ${escapeHtml(t.returnIgnore)}</p>
<p>${escapeHtml(t.signature)}</p>
</body></html>`
  return { to: input.to, subject: fill(t.returnSubject, v), text, html }
}

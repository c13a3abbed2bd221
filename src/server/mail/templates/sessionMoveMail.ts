import { DEFAULT_LANG, isLang, type Lang } from '../../../contract/lang'
import { formatDayTime } from '../../../contract/rules/dayText'
import type { MailMessage } from '../outbox'
import { escapeHtml } from './html'
import { fill, MAIL_TEXTS } from './texts'

export interface SessionMoveMailInput {
  to: string
  /** The order's language as stored (an unknown one falls back to the default). */
  lang: string
  ordNum: number
  /** The event's name in that language. */
  event: string
  /** The session's date and time before and after the move, as the venue keeps them ("2026-12-09 18:30"), written in the reader's language. */
  was: string
  now: string
  /** Absolute link to the order's page, in its language. */
  orderLink: string
}

/**
 * The notice to a buyer whose session the venue moved (admin/catalogue/session-buyers.ts), in
 * the order's language: the event, the old and the new date and time, and the order's page.
 * Rendered when the move is saved and stored with it in the outbox, so it says the move as made.
 */
export function sessionMoveMail(input: SessionMoveMailInput): MailMessage {
  const lang: Lang = isLang(input.lang) ? input.lang : DEFAULT_LANG
  const t = MAIL_TEXTS[lang]
  const v = { n: input.ordNum, event: input.event, from: formatDayTime(input.was, lang), to: formatDayTime(input.now, lang) }
  const text = [fill(t.movedIntro, v), '', fill(t.movedFrom, v), fill(t.movedTo, v), '', t.movedValid, input.orderLink, '', t.signature].join('\n')
  const html = `<!doctype html><html><body>
<p>${escapeHtml(fill(t.movedIntro, v))}</p>
<p>${escapeHtml(fill(t.movedFrom, v))}<br><strong>${escapeHtml(fill(t.movedTo, v))}</strong></p>
<p>${escapeHtml(t.movedValid)} <a href="${escapeHtml(input.orderLink)}">${escapeHtml(input.orderLink)}</a></p>
<p>${escapeHtml(t.signature)}</p>
</body></html>`
  return { to: input.to, subject: fill(t.movedSubject, v), text, html }
}

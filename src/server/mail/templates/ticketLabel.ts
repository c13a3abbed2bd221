import { pickLocalized, type Lang } from '../../../contract/lang'
import { formatSession } from '../../../contract/rules/dayText'
import { placeSeparator, seatPlaceText } from '../../../contract/rules/seat-place'
import type { MailTicketLine } from '../mail.repository'

/** What a ticket line is named by in an e-mail: its event, session, place and category. */
export type MailLabelParts = Pick<
  MailTicketLine,
  'action_ru' | 'action_en' | 'action_kz' | 'action_ch' | 'day' | 'time' | 'quantity' | 'seat_id' | 'sector_name' | 'row_label' | 'number_label' | 'stand_name' | 'category_ru' | 'category_en' | 'category_kz' | 'category_ch'
>

/**
 * A ticket line as the tickets and return e-mails list it, in `lang`: "Swan Lake, 9 December
 * 18:30, Stalls, row 10, seat 7, Adult" or, for general admission, "…, Balcony standing, Adult × 2":
 * the buyer tells apart two tickets of one session by their place (the wording of
 * contract/rules/seat-place.ts, as printed tickets and order care write it) and category. A part
 * the venue left empty (a line with no place: general admission without standing places) is left out.
 */
export function mailTicketLabel(line: MailLabelParts, lang: Lang): string {
  const place = line.seat_id !== null ? seatPlaceText({ sector: line.sector_name, row: line.row_label, seat: line.number_label }, lang) : (line.stand_name ?? '').trim()
  const parts = [pickLocalized(line, 'action', lang), formatSession(line.day, line.time, lang), place, pickLocalized(line, 'category', lang)].filter((p) => p !== '')
  return `${parts.join(placeSeparator(lang))}${line.quantity > 1 ? ` × ${line.quantity}` : ''}`
}

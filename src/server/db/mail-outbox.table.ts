import type { Def, Id } from './columns'

/** Mail waiting to be sent, or sent (server mail/). */

export interface MailOutboxTable {
  id: Id
  to_address: Def<string>
  subject: Def<string>
  text_body: Def<string>
  html_body: Def<string>
  last_error: Def<string>
  file_path: Def<string>
  attempts: Def<number>
  created_at: number
  sent_at: number | null
  /** When an unsent message is tried again (mail/retry.ts); null when none is planned. */
  next_attempt_at: number | null
  /** When it was given up after MAIL_MAX_ATTEMPTS. */
  failed_at: number | null
  /** The order the message is about (migration 2026_11_24_19_c1_01_outbox_order); null: none. */
  order_id: number | null
  /** What the body is still to be rendered from ('tickets': its order, mail/ticket-mail.ts); '' once stored (migration 2026_12_01_22_tm1_01). */
  template: Def<string>
  /** When a row still to be rendered (template <> '') is due for its attempt; its next_attempt_at stays null, which an older version's retry sweep reads (migration 2026_12_01_22_tm2_01). */
  render_at: number | null
  /** What an order's message is (contract/admin/care.ts MAIL_KINDS); '' when not known: no order, or stored before migration 2026_12_05_19_mk1_01. */
  kind: Def<string>
}

import type { FastifyInstance } from 'fastify'
import type { Config } from '../config'
import type { Db } from '../db/connect'
import { everyOnLeader } from '../background/every'
import { claimDueMail, listDueMail } from './mail.repository'
import { deliverMail, MAIL_FIRST_ATTEMPT_LEASE_MS, MAIL_MAX_ATTEMPTS, recordAttempt, type MailResult } from './outbox'
import { TICKET_MAIL_TEMPLATE } from './ticket-mail'
import { attemptTicketMail } from './templates/sendOrderPaid'

/** How often the cluster's leader looks for messages due for another attempt. */
export const MAIL_RETRY_INTERVAL_MS = 30_000
/** Messages tried per sweep, so one sweep stays short after an SMTP outage. */
const MAIL_RETRY_BATCH = 20

interface Log {
  info(obj: object, msg: string): void
  warn(obj: object, msg: string): void
  error(obj: object, msg: string): void
}

/**
 * Tries again every unsent message whose next attempt is due (mail_outbox is the durable queue:
 * sendMail stores a message before its first attempt, queueTicketMail a tickets e-mail in the
 * transaction that makes it due). Each message is claimed by moving its due time forward with a
 * conditional update, so of several processes only one sends it. A tickets e-mail whose first
 * attempt never came (its process died after the commit) or could not render it is rendered from
 * its order here (attemptTicketMail); such a row is due at render_at, which a process of a
 * version before templates does not read, so it never sends it empty (mail.repository.ts). Every failure is logged with its attempt number; the last one
 * (MAIL_MAX_ATTEMPTS) as an error. Answers how many were sent.
 */
export async function retryDueMail(db: Db, config: Pick<Config, 'publicUrl' | 'smtpUrl' | 'outboxDir'>, log: Log, now = Date.now()): Promise<number> {
  const due = await listDueMail(db, now, MAIL_RETRY_BATCH)
  let sent = 0
  for (const m of due) {
    if (!(await claimDueMail(db, m.id, m.due_column, m.due_at, now + MAIL_FIRST_ATTEMPT_LEASE_MS))) continue
    const attempt = m.attempts + 1
    let result: MailResult | null
    if (m.template === TICKET_MAIL_TEMPLATE && m.order_id !== null) {
      result = await attemptTicketMail(db, config, { id: m.id, orderId: m.order_id }, attempt)
      if (!result) {
        log.error({ mailId: m.id, orderId: m.order_id }, 'tickets e-mail given up: its order is gone or has no e-mail address')
        continue
      }
    } else {
      result = await deliverMail(config, m.id, { to: m.to_address, subject: m.subject, text: m.text_body, html: m.html_body || undefined })
      await recordAttempt(db, m.id, attempt, result, Date.now())
    }
    if (result.sent) {
      sent++
      log.info({ mailId: m.id, attempt }, 'mail sent on retry')
    } else if (attempt >= MAIL_MAX_ATTEMPTS) {
      log.error({ mailId: m.id, attempt, error: result.error }, 'mail given up after its last attempt')
    } else {
      log.warn({ mailId: m.id, attempt, error: result.error }, 'mail attempt failed; will retry')
    }
  }
  return sent
}

/** Runs retryDueMail every MAIL_RETRY_INTERVAL_MS while the app is up, on the cluster's leader only. */
export function registerMailRetry(app: FastifyInstance): void {
  everyOnLeader(app, MAIL_RETRY_INTERVAL_MS, 'mail retry sweep', () => retryDueMail(app.db, app.config, app.log))
}

import type { FastifyInstance } from 'fastify'
import type { Config } from '../config'
import type { Db } from '../db/connect'
import { everyOnLeader } from '../background/every'
import { claimDueMail, listDueMail } from './mail.repository'
import { deliverMail, MAIL_FIRST_ATTEMPT_LEASE_MS, MAIL_MAX_ATTEMPTS, recordAttempt, type MailConfig, type MailResult } from './outbox'
import { TICKET_MAIL_TEMPLATE } from './ticket-mail'
import { attemptTicketMail } from './templates/sendOrderPaid'

/** How often the cluster's leader looks for messages due for another attempt. */
export const MAIL_RETRY_INTERVAL_MS = 30_000
/** Messages read and tried per batch: one statement's worth, so a batch stays short after an SMTP outage. */
export const MAIL_RETRY_BATCH = 20
/**
 * How long one sweep keeps taking batches while every batch delivers something: a moved or
 * cancelled session queues a notice per order at once (thousands at a stadium), which one batch
 * per interval sent at 40 a minute (hours for a big session). Below the interval, so sweeps do not
 * run back to back. Checked between batches, so a sweep (and closing the app, which awaits it) may
 * run one batch past it.
 */
export const MAIL_SWEEP_BUDGET_MS = 10_000

interface Log {
  info(obj: object, msg: string): void
  warn(obj: object, msg: string): void
  error(obj: object, msg: string): void
}

type DueMail = Awaited<ReturnType<typeof listDueMail>>[number]

/**
 * Tries again every unsent message whose next attempt is due (mail_outbox is the durable queue:
 * sendMail stores a message before its first attempt, queueTicketMail a tickets e-mail in the
 * transaction that makes it due). Each message is claimed by moving its due time forward with a
 * conditional update, so of several processes only one sends it. A tickets e-mail whose first
 * attempt never came (its process died after the commit) or failed is rendered from its order
 * here, as it stands now (attemptTicketMail), or given up when the order no longer wants it; such a row is due at render_at, which a process of a
 * version before templates does not read, so it never sends it empty (mail.repository.ts). Every failure is logged with its attempt number; the last one
 * (MAIL_MAX_ATTEMPTS) as an error. Batches follow one another while each delivers something and
 * `budgetMs` lasts (and `keepGoing` says so: the app is not closing); a batch that delivers nothing
 * (an SMTP outage) ends the sweep, and a message is tried once per sweep. Answers how many were sent.
 */
export async function retryDueMail(
  db: Db,
  config: MailConfig & Pick<Config, 'publicUrl'>,
  log: Log,
  now = Date.now(),
  budgetMs = MAIL_SWEEP_BUDGET_MS,
  keepGoing: () => boolean = () => true,
): Promise<number> {
  const started = Date.now()
  const tried = new Set<number>()
  let sent = 0
  for (;;) {
    const due = (await listDueMail(db, now, MAIL_RETRY_BATCH)).filter((m) => !tried.has(m.id))
    let delivered = 0
    for (const m of due) {
      tried.add(m.id)
      if (await retryOne(db, config, log, m, now)) delivered++
    }
    sent += delivered
    if (delivered === 0 || due.length < MAIL_RETRY_BATCH || Date.now() - started >= budgetMs || !keepGoing()) return sent
  }
}

/** One due message's attempt, claimed first (another process may have it); answers whether it was delivered. */
async function retryOne(db: Db, config: MailConfig & Pick<Config, 'publicUrl'>, log: Log, m: DueMail, now: number): Promise<boolean> {
  if (!(await claimDueMail(db, m.id, m.due_column, m.due_at, now + MAIL_FIRST_ATTEMPT_LEASE_MS))) return false
  const attempt = m.attempts + 1
  let result: MailResult | null
  if (m.template === TICKET_MAIL_TEMPLATE && m.order_id !== null) {
    // Rendered from the order as it stands now; given up (and logged, with why) when no longer due.
    result = await attemptTicketMail(db, config, { id: m.id, orderId: m.order_id }, attempt, undefined, log)
    if (!result) return false
  } else {
    result = await deliverMail(config, m.id, { to: m.to_address, subject: m.subject, text: m.text_body, html: m.html_body || undefined })
    await recordAttempt(db, m.id, attempt, result, Date.now())
  }
  if (result.sent) {
    log.info({ mailId: m.id, attempt }, 'mail sent on retry')
  } else if (attempt >= MAIL_MAX_ATTEMPTS) {
    log.error({ mailId: m.id, attempt, error: result.error }, 'mail given up after its last attempt')
  } else {
    log.warn({ mailId: m.id, attempt, error: result.error }, 'mail attempt failed; will retry')
  }
  return result.sent
}

/** Runs retryDueMail every MAIL_RETRY_INTERVAL_MS while the app is up, on the cluster's leader only. */
export function registerMailRetry(app: FastifyInstance): void {
  // A sweep under way stops after its batch once the app is closing (the close awaits it).
  let closing = false
  app.addHook('preClose', async () => {
    closing = true
  })
  everyOnLeader(app, MAIL_RETRY_INTERVAL_MS, 'mail retry sweep', () => retryDueMail(app.db, app.config, app.log, Date.now(), MAIL_SWEEP_BUDGET_MS, () => !closing))
}

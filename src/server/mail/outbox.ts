import fs from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
import SMTPTransport from 'nodemailer/lib/smtp-transport/index.js'
import type { MailKind } from '../../contract/admin/care'
import { backoffMs, OUTBOX_ATTEMPT_LEASE_MS } from '../background/backoff'
import type { Config } from '../config'
import type { Db } from '../db/connect'
import { insertOutboxMessage, markMailFailed, markMailSent, type RenderedBody } from './mail.repository'

export interface MailMessage {
  to: string
  subject: string
  text: string
  html?: string
  /** The order the message is about (stored with it: order care lists an order's e-mails by it). */
  orderId?: number
  /** What the message about that order is (order care names it in the operator's language). */
  kind?: MailKind
}

export interface MailResult {
  id: number
  /** The .eml file written when no SMTP_URL is set, else ''. */
  filePath: string
  sent: boolean
  error?: string
}

/** What sending needs of the configuration: mailFrom is MAIL_FROM, mailReplyTo MAIL_REPLY_TO (where buyers' replies go). */
export type MailConfig = Pick<Config, 'smtpUrl' | 'outboxDir' | 'mailFrom'> & Partial<Pick<Config, 'mailReplyTo'>>

/*
 * Bounds of one SMTP delivery. nodemailer's own defaults (2 min to connect, 30 s for the greeting
 * and for DNS, 10 min of socket inactivity) let a dead or stalled SMTP server hold the caller for
 * minutes, and a return request sends its confirmation in the visitor's request, whose deadline
 * is REQUEST_DEADLINE_MS (20 s by default). A relay that works answers within a second or two;
 * one that does not is given up after these and the message is left to the retry sweep
 * (recordAttempt, mail/retry.ts). SMTP_SEND_LIMIT_MS bounds the whole attempt, since a server
 * that answers each command just inside the socket timeout would otherwise still take minutes.
 */
/** Longest wait for the TCP (and TLS) connection to the SMTP server. */
export const SMTP_CONNECTION_TIMEOUT_MS = 5_000
/** Longest wait for the server's greeting once connected (a black hole accepts and says nothing). */
export const SMTP_GREETING_TIMEOUT_MS = 5_000
/** Longest silence of the server in the middle of the conversation. */
export const SMTP_SOCKET_TIMEOUT_MS = 10_000
/** Longest wait for the SMTP host's DNS answer. */
export const SMTP_DNS_TIMEOUT_MS = 5_000
/** Longest whole attempt (connect, greeting, every command, the message); below REQUEST_DEADLINE_MS's default. */
export const SMTP_SEND_LIMIT_MS = 12_000

/**
 * Sends one e-mail and keeps a record of it in mail_outbox.
 *
 * With SMTP_URL the message goes to that server (nodemailer); without it, it is rendered as an
 * RFC 822 .eml file under DATA_DIR/outbox, so development and tests can open exactly what a
 * visitor would receive. A failed SMTP delivery is recorded (attempts, last_error) and reported
 * in the result rather than thrown: the order or return that triggered it stays valid.
 */
export async function sendMail(db: Db, config: MailConfig, message: MailMessage): Promise<MailResult> {
  // Stored first, with its first attempt due now: if this process dies before delivering, the
  // retry sweep (mail/retry.ts) of any process sends it.
  const now = Date.now()
  const id = await insertOutboxMessage(db, { to: message.to, subject: message.subject, text: message.text, html: message.html ?? '', orderId: message.orderId ?? null, kind: message.kind, now, dueAt: now + MAIL_FIRST_ATTEMPT_LEASE_MS })
  const result = await deliverMail(config, id, message)
  await recordAttempt(db, id, 1, result, Date.now())
  return result
}

/**
 * The first attempt happens at once in the caller; the row is due for the sweep only after this
 * lease, so the sweep does not send it a second time while the first is still under way.
 */
export const MAIL_FIRST_ATTEMPT_LEASE_MS = OUTBOX_ATTEMPT_LEASE_MS
/** Attempts before a message is given up (the last ones hours apart, see retryDelayMs). */
export const MAIL_MAX_ATTEMPTS = 8
/** Waits between attempts are capped at 2 h (an SMTP outage of a day is covered within MAIL_MAX_ATTEMPTS). */
const RETRY_MAX_MS = 2 * 3600 * 1000
export const retryDelayMs = (attempts: number) => backoffMs(attempts, RETRY_MAX_MS)

/**
 * Writes the outcome of attempt number `attempts`: sent, due again later, or given up. `body`:
 * the message as the attempt rendered it (a row stored with a template, ticket-mail.ts), stored
 * in the same statement, its template cleared (attemptTicketMail passes it for a sent message
 * only, so a failed one is rendered afresh at its next attempt).
 */
export async function recordAttempt(db: Db, id: number, attempts: number, result: MailResult, now: number, body?: RenderedBody): Promise<void> {
  if (result.sent) {
    await markMailSent(db, id, attempts, result.filePath, now, body)
    return
  }
  const givenUp = attempts >= MAIL_MAX_ATTEMPTS
  await markMailFailed(db, id, { attempts, error: (result.error ?? '').slice(0, 1000), nextAttemptAt: givenUp ? null : now + retryDelayMs(attempts), failedAt: givenUp ? now : null }, body)
}

/** One delivery attempt of a stored message; never throws. */
export async function deliverMail(config: MailConfig, id: number, message: MailMessage): Promise<MailResult> {
  const mail = { from: config.mailFrom, to: message.to, subject: message.subject, text: message.text, html: message.html, ...(config.mailReplyTo ? { replyTo: config.mailReplyTo } : {}) }
  const row = { id }
  try {
    let filePath = ''
    if (config.smtpUrl) {
      await sendBounded(config.smtpUrl, mail)
    } else {
      const info = await nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }).sendMail(mail)
      await fs.mkdir(config.outboxDir, { recursive: true })
      filePath = path.join(config.outboxDir, `${String(row.id).padStart(6, '0')}.eml`)
      await fs.writeFile(filePath, info.message as Buffer)
    }
    return { id: row.id, filePath, sent: true }
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err)
    return { id: row.id, filePath: '', sent: false, error }
  }
}

/** One message through SMTP within the bounds above; rejects when any of them passes. */
async function sendBounded(smtpUrl: string, mail: nodemailer.SendMailOptions): Promise<void> {
  // The transport itself, not createTransport({ url, ... }): given a `url`, createTransport
  // drops every other option. Options in SMTP_URL's query (`?greetingTimeout=…`) still win.
  const smtp = new SMTPTransport({
    url: smtpUrl,
    connectionTimeout: SMTP_CONNECTION_TIMEOUT_MS,
    greetingTimeout: SMTP_GREETING_TIMEOUT_MS,
    socketTimeout: SMTP_SOCKET_TIMEOUT_MS,
    dnsTimeout: SMTP_DNS_TIMEOUT_MS,
  })
  const transport = nodemailer.createTransport(smtp)
  let timer: NodeJS.Timeout | undefined
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`SMTP delivery took longer than ${SMTP_SEND_LIMIT_MS} ms`)), SMTP_SEND_LIMIT_MS)
  })
  try {
    await Promise.race([transport.sendMail(mail), limit])
  } finally {
    clearTimeout(timer)
    // Ends the connection of an attempt given up (and frees its socket); a no-op after a delivery.
    transport.close()
  }
}

import fs from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
import type { Config } from '../config'
import type { Db } from '../db/connect'

export interface MailMessage {
  to: string
  subject: string
  text: string
  html?: string
}

export interface MailResult {
  id: number
  /** The .eml file written when no SMTP_URL is set, else ''. */
  filePath: string
  sent: boolean
  error?: string
}

/** Sender address of every message; replies go to the venue's contacts, not here. */
export const MAIL_FROM = 'Seatwise <no-reply@seatwise.local>'

/**
 * Sends one e-mail and keeps a record of it in mail_outbox.
 *
 * With SMTP_URL the message goes to that server (nodemailer); without it, it is rendered as an
 * RFC 822 .eml file under DATA_DIR/outbox, so development and tests can open exactly what a
 * visitor would receive. A failed SMTP delivery is recorded (attempts, last_error) and reported
 * in the result rather than thrown: the order or return that triggered it stays valid.
 */
export async function sendMail(db: Db, config: Pick<Config, 'smtpUrl' | 'outboxDir'>, message: MailMessage): Promise<MailResult> {
  const row = await db
    .insertInto('mail_outbox')
    .values({ to_address: message.to, subject: message.subject, text_body: message.text, html_body: message.html ?? '', created_at: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow()
  const mail = { from: MAIL_FROM, to: message.to, subject: message.subject, text: message.text, html: message.html }
  try {
    let filePath = ''
    if (config.smtpUrl) {
      await nodemailer.createTransport(config.smtpUrl).sendMail(mail)
    } else {
      const info = await nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }).sendMail(mail)
      await fs.mkdir(config.outboxDir, { recursive: true })
      filePath = path.join(config.outboxDir, `${String(row.id).padStart(6, '0')}.eml`)
      await fs.writeFile(filePath, info.message as Buffer)
    }
    await db.updateTable('mail_outbox').set({ sent_at: Date.now(), attempts: 1, file_path: filePath }).where('id', '=', row.id).execute()
    return { id: row.id, filePath, sent: true }
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err)
    await db.updateTable('mail_outbox').set({ attempts: 1, last_error: error }).where('id', '=', row.id).execute()
    return { id: row.id, filePath: '', sent: false, error }
  }
}

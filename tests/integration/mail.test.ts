import fs from 'node:fs'
import { once } from 'node:events'
import net, { type AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAIL_MAX_ATTEMPTS, sendMail, SMTP_GREETING_TIMEOUT_MS } from '../../src/server/mail/outbox'
import { DEFAULT_MAIL_FROM } from '../../src/server/config-defaults'
import { insertOutboxMessage } from '../../src/server/mail/mail.repository'
import { MAIL_RETRY_BATCH, retryDueMail } from '../../src/server/mail/retry'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'

describe.each(TEST_DBS)('mail outbox on %s', (dbKind) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ db: dbKind, env: { DEMO_DATA: '0' } })
  })
  afterAll(async () => {
    await server?.close()
  })

  it('without SMTP_URL writes an .eml file under DATA_DIR/outbox and records it', async () => {
    const result = await sendMail(server.db, server.config, { to: 'visitor@example.org', subject: 'Подтверждение возврата', text: 'Откройте ссылку', html: '<p>Откройте ссылку</p>' })
    expect(result.sent).toBe(true)
    expect(result.filePath.startsWith(server.config.outboxDir)).toBe(true)
    const eml = fs.readFileSync(result.filePath, 'utf8')
    expect(eml).toMatch(/^To: visitor@example.org$/m)
    expect(eml).toMatch(/^Subject: =\?UTF-8\?/m)
    const row = await server.db.selectFrom('mail_outbox').selectAll().where('id', '=', result.id).executeTakeFirstOrThrow()
    expect(row.sent_at).not.toBeNull()
    expect(row.file_path).toBe(result.filePath)
  })

  it('MAIL_FROM is the sender of every message; unset, the default', async () => {
    const own = await sendMail(server.db, { ...server.config, mailFrom: 'Box Office <tickets@theatre.example.org>' }, { to: 'e@example.org', subject: 'From', text: 'x' })
    expect(fs.readFileSync(own.filePath, 'utf8')).toMatch(/^From: Box Office <tickets@theatre\.example\.org>$/m)
    expect(server.config.mailFrom).toBe(DEFAULT_MAIL_FROM)
    const plain = await sendMail(server.db, server.config, { to: 'f@example.org', subject: 'From', text: 'x' })
    expect(fs.readFileSync(plain.filePath, 'utf8')).toMatch(/^From: Seatwise <no-reply@seatwise\.local>$/m)
  })

  it("MAIL_REPLY_TO is every message's Reply-To (the box office's mailbox under a no-reply sender); unset, there is none", async () => {
    const replied = await sendMail(server.db, { ...server.config, mailReplyTo: 'Box Office <boxoffice@theatre.example.org>' }, { to: 'h@example.org', subject: 'Reply', text: 'x' })
    expect(fs.readFileSync(replied.filePath, 'utf8')).toMatch(/^Reply-To: Box Office <boxoffice@theatre\.example\.org>$/m)
    expect(server.config.mailReplyTo).toBeUndefined()
    const plain = await sendMail(server.db, server.config, { to: 'i@example.org', subject: 'Reply', text: 'x' })
    expect(fs.readFileSync(plain.filePath, 'utf8')).not.toMatch(/^Reply-To:/m)
  })

  it('an SMTP server that accepts the connection and never answers fails the attempt within the greeting bound; the message waits for a retry', { timeout: 30_000 }, async () => {
    // A black hole: takes the connection, says nothing (nodemailer's default wait is 30 s for
    // the greeting and 10 min of silence, past any request's deadline).
    const held: net.Socket[] = []
    const hole = net.createServer((socket) => {
      held.push(socket)
      socket.on('error', () => {})
    })
    hole.listen(0, '127.0.0.1')
    await once(hole, 'listening')
    const port = (hole.address() as AddressInfo).port
    try {
      const started = Date.now()
      const result = await sendMail(server.db, { smtpUrl: `smtp://127.0.0.1:${port}`, outboxDir: server.config.outboxDir, mailFrom: DEFAULT_MAIL_FROM }, { to: 'g@example.org', subject: 'Black hole', text: 'x' })
      const took = Date.now() - started
      expect(result.sent).toBe(false)
      expect(held.length).toBe(1)
      // Well inside nodemailer's own 30 s greeting wait, with room for a loaded machine; the error names the stage.
      expect(took).toBeLessThan(SMTP_GREETING_TIMEOUT_MS * 3)
      const row = await server.db.selectFrom('mail_outbox').selectAll().where('id', '=', result.id).executeTakeFirstOrThrow()
      expect(row).toMatchObject({ sent_at: null, attempts: 1, failed_at: null })
      expect(row.next_attempt_at).toBeGreaterThan(Date.now())
      expect(row.last_error).toMatch(/greeting/i)
    } finally {
      for (const socket of held) socket.destroy()
      hole.close()
    }
  })

  it('with SMTP_URL delivers to the SMTP server; a dead server is recorded, not thrown', async () => {
    const received: string[] = []
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, done) {
        let data = ''
        stream.on('data', (c: Buffer) => (data += c.toString()))
        stream.on('end', () => {
          received.push(data)
          done()
        })
      },
    })
    smtp.listen(0, '127.0.0.1')
    await once(smtp.server, 'listening')
    const port = (smtp.server.address() as AddressInfo).port
    try {
      const ok = await sendMail(server.db, { smtpUrl: `smtp://127.0.0.1:${port}`, outboxDir: server.config.outboxDir, mailFrom: DEFAULT_MAIL_FROM }, { to: 'a@example.org', subject: 'Hello', text: 'Body text' })
      expect(ok).toMatchObject({ sent: true, filePath: '' })
      expect(received.length).toBe(1)
      expect(received[0]).toMatch(/Subject: Hello/)
      expect(received[0]).toMatch(/Body text/)
    } finally {
      smtp.close()
    }
    const failed = await sendMail(server.db, { smtpUrl: `smtp://127.0.0.1:${port}`, outboxDir: server.config.outboxDir, mailFrom: DEFAULT_MAIL_FROM }, { to: 'b@example.org', subject: 'Lost', text: 'x' })
    expect(failed.sent).toBe(false)
    const row = await server.db.selectFrom('mail_outbox').selectAll().where('id', '=', failed.id).executeTakeFirstOrThrow()
    expect(row.sent_at).toBeNull()
    expect(row.last_error).not.toBe('')
  })

  it('a message that failed is queued durably and retried with backoff until the SMTP server is back; then it is given up after its last attempt', async () => {
    const logged: string[] = []
    const log = { info: (_o: object, m: string) => logged.push(`info ${m}`), warn: (_o: object, m: string) => logged.push(`warn ${m}`), error: (_o: object, m: string) => logged.push(`error ${m}`) }
    // A port nobody listens on: the first attempt fails.
    const probe = new SMTPServer({ authOptional: true })
    probe.listen(0, '127.0.0.1')
    await once(probe.server, 'listening')
    const port = (probe.server.address() as AddressInfo).port
    probe.close()
    const dead = { smtpUrl: `smtp://127.0.0.1:${port}`, outboxDir: server.config.outboxDir, publicUrl: server.config.publicUrl, mailFrom: DEFAULT_MAIL_FROM }
    const first = await sendMail(server.db, dead, { to: 'c@example.org', subject: 'Tickets', text: 'Your tickets' })
    expect(first.sent).toBe(false)
    const row = async () => server.db.selectFrom('mail_outbox').selectAll().where('id', '=', first.id).executeTakeFirstOrThrow()
    const queued = await row()
    expect(queued.attempts).toBe(1)
    expect(queued.next_attempt_at).toBeGreaterThan(Date.now())
    // Not due yet: nothing is tried.
    expect(await retryDueMail(server.db, dead, log, Date.now())).toBe(0)
    expect((await row()).attempts).toBe(1)
    // Due, the server still down: a second failure, logged, the next attempt further away.
    await retryDueMail(server.db, dead, log, queued.next_attempt_at! + 1)
    const second = await row()
    expect(second.attempts).toBe(2)
    expect(second.next_attempt_at! - queued.next_attempt_at!).toBeGreaterThan(60_000)
    expect(logged).toContain('warn mail attempt failed; will retry')
    // The server is back (here: the outbox folder): the next due sweep delivers it once.
    const back = { smtpUrl: undefined, outboxDir: server.config.outboxDir, publicUrl: server.config.publicUrl, mailFrom: DEFAULT_MAIL_FROM }
    // (The earlier test's failed message is due too and goes out with it.)
    expect(await retryDueMail(server.db, back, log, second.next_attempt_at! + 1)).toBeGreaterThanOrEqual(1)
    const sent = await row()
    expect(sent.sent_at).not.toBeNull()
    expect(sent.next_attempt_at).toBeNull()
    expect(fs.readFileSync(sent.file_path, 'utf8')).toMatch(/Your tickets/)
    await retryDueMail(server.db, back, log, Date.now() + 10 * 24 * 3600 * 1000)
    expect((await row()).attempts).toBe(sent.attempts)

    // Another message never gets through: after MAIL_MAX_ATTEMPTS it is given up, logged as an error.
    const lost = await sendMail(server.db, dead, { to: 'd@example.org', subject: 'Lost', text: 'x' })
    for (let i = 1; i < MAIL_MAX_ATTEMPTS; i++) {
      const r = await server.db.selectFrom('mail_outbox').select('next_attempt_at').where('id', '=', lost.id).executeTakeFirstOrThrow()
      await retryDueMail(server.db, dead, log, r.next_attempt_at! + 1)
    }
    const given = await server.db.selectFrom('mail_outbox').selectAll().where('id', '=', lost.id).executeTakeFirstOrThrow()
    expect(given.attempts).toBe(MAIL_MAX_ATTEMPTS)
    expect(given.failed_at).not.toBeNull()
    expect(given.next_attempt_at).toBeNull()
    expect(logged).toContain('error mail given up after its last attempt')
  })

  it('one sweep drains a queue of many batches while each delivers (a moved session notifies every buyer), and stops after one batch while the SMTP server is down', async () => {
    const log = { info: () => {}, warn: () => {}, error: () => {} }
    const probe = new SMTPServer({ authOptional: true })
    probe.listen(0, '127.0.0.1')
    await once(probe.server, 'listening')
    const port = (probe.server.address() as AddressInfo).port
    probe.close()
    const dead = { smtpUrl: `smtp://127.0.0.1:${port}`, outboxDir: server.config.outboxDir, publicUrl: server.config.publicUrl, mailFrom: DEFAULT_MAIL_FROM }
    const back = { smtpUrl: undefined, outboxDir: server.config.outboxDir, publicUrl: server.config.publicUrl, mailFrom: DEFAULT_MAIL_FROM }
    const now = Date.now()
    const count = MAIL_RETRY_BATCH * 3 + 5
    const ids: number[] = []
    for (let i = 0; i < count; i++) ids.push(await insertOutboxMessage(server.db, { to: `n${i}@example.org`, subject: 'Moved', text: 'x', html: '', orderId: null, now, dueAt: now - 1000 }))
    const rows = () => server.db.selectFrom('mail_outbox').select(['id', 'attempts', 'sent_at']).where('id', 'in', ids).execute()
    // Down: one batch is tried, and the sweep ends rather than fail the whole queue.
    expect(await retryDueMail(server.db, dead, log, Date.now())).toBe(0)
    expect((await rows()).filter((r) => r.attempts === 1)).toHaveLength(MAIL_RETRY_BATCH)
    // Back: the rest goes out in one sweep, batch after batch (the failed batch waits for its backoff).
    expect(await retryDueMail(server.db, back, log, Date.now())).toBe(count - MAIL_RETRY_BATCH)
    expect((await rows()).filter((r) => r.sent_at !== null)).toHaveLength(count - MAIL_RETRY_BATCH)
    // A message is tried once per sweep, however far its next attempt is: the failed batch, due now, goes once.
    expect(await retryDueMail(server.db, back, log, Date.now() + 10 * 24 * 3600 * 1000)).toBe(MAIL_RETRY_BATCH)
    expect((await rows()).every((r) => r.sent_at !== null)).toBe(true)
  })
})

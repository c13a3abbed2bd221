import fs from 'node:fs'
import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sendMail } from '../../src/server/mail/outbox'
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
      const ok = await sendMail(server.db, { smtpUrl: `smtp://127.0.0.1:${port}`, outboxDir: server.config.outboxDir }, { to: 'a@example.org', subject: 'Hello', text: 'Body text' })
      expect(ok).toMatchObject({ sent: true, filePath: '' })
      expect(received.length).toBe(1)
      expect(received[0]).toMatch(/Subject: Hello/)
      expect(received[0]).toMatch(/Body text/)
    } finally {
      smtp.close()
    }
    const failed = await sendMail(server.db, { smtpUrl: `smtp://127.0.0.1:${port}`, outboxDir: server.config.outboxDir }, { to: 'b@example.org', subject: 'Lost', text: 'x' })
    expect(failed.sent).toBe(false)
    const row = await server.db.selectFrom('mail_outbox').selectAll().where('id', '=', failed.id).executeTakeFirstOrThrow()
    expect(row.sent_at).toBeNull()
    expect(row.last_error).not.toBe('')
  })
})

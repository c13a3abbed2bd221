import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import pg from 'pg'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RETURN_STATUS_CONFIRMED } from '../../src/contract/constants'
import { formatDayTime } from '../../src/contract/rules/dayText'
import { toMajor } from '../../src/contract/rules/money'
import { formatMoney } from '../../src/contract/rules/moneyText'
import { storedCurrency } from '../../src/server/domain/settings/cached'
import { MAIL_FIRST_ATTEMPT_LEASE_MS, recordAttempt, retryDelayMs } from '../../src/server/mail/outbox'
import { retryDueMail } from '../../src/server/mail/retry'
import { attemptTicketMail } from '../../src/server/mail/templates/sendOrderPaid'
import { fill, MAIL_TEXTS } from '../../src/server/mail/templates/texts'
import { TICKET_MAIL_TEMPLATE } from '../../src/server/mail/ticket-mail'
import { applyNotification } from '../../src/server/payments/settle'
import { SANDBOX } from '../../src/server/payments/sandbox/provider'
import { TEST_DBS, type TestDb } from '../support/server'
import { orderBody, visitor, type OrderAnswer, type Visitor } from './order-fixtures'
import { decide, orderRow, pathOf, paymentRow, sendCallback, signed, startPay, startPaymentShop, type PaymentShop } from './payment-fixtures'

/**
 * The tickets e-mail is queued in the transaction that pays the order (issue 18.6,
 * mail/ticket-mail.ts). Before, it was written by a promise started after the commit: with
 * mail_outbox locked for 2.5 s during the bank callback (lock_timeout 1 s) the order was paid
 * and its mail never stored, so never sent. Now the outbox row commits with the payment or the
 * payment does not commit: the callback answers busy and the bank's retry pays the order with
 * its mail. A process that dies between the commit and the first attempt leaves the row to the
 * retry sweep, which renders and sends it once. The mail goes to a real SMTP server on loopback.
 */

/** How long a delivery may take to reach the SMTP server, and how often it is looked for. */
const MAIL_WAIT_MS = 5000
const POLL_MS = 50
/** lock_timeout of the PostgreSQL shop: short, so a locked mail_outbox fails the payment quickly. */
const LOCK_TIMEOUT_MS = 300
/** How long a side transaction keeps mail_outbox locked while the bank page's callback is retried (its inline retries span about 8 s). */
const LOCK_HELD_MS = 1500

const silentLog = { info() {}, warn() {}, error() {} }

interface Received {
  to: string
  data: string
}

/** A real SMTP server on loopback that keeps every message it receives. */
async function startSmtp(): Promise<{ url: string; received: Received[]; close(): void }> {
  const received: Received[] = []
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      let data = ''
      stream.on('data', (c: Buffer) => (data += c.toString()))
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), data })
        done()
      })
    },
  })
  smtp.listen(0, '127.0.0.1')
  await once(smtp.server, 'listening')
  const port = (smtp.server.address() as AddressInfo).port
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => smtp.close() }
}

/** A received message with its quoted-printable parts decoded (soft line breaks joined, =XX bytes read as UTF-8). */
const decoded = (data: string) => Buffer.from(data.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8')

/** The messages the SMTP server received that name `text`, decoded. */
const mailsNaming = (received: Received[], text: string) => received.map((m) => ({ ...m, data: decoded(m.data) })).filter((m) => m.data.includes(text))

async function waitFor<T>(read: () => Promise<T> | T, done: (v: T) => boolean, ms = MAIL_WAIT_MS): Promise<T> {
  const deadline = Date.now() + ms
  let value = await read()
  while (!done(value) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, POLL_MS))
    value = await read()
  }
  return value
}

/** An SMTP address nobody listens on: every delivery to it fails at once. */
async function deadSmtpUrl(): Promise<string> {
  const probe = new SMTPServer({ authOptional: true })
  probe.listen(0, '127.0.0.1')
  await once(probe.server, 'listening')
  const port = (probe.server.address() as AddressInfo).port
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  return `smtp://127.0.0.1:${port}`
}

describe.each(TEST_DBS)('tickets e-mail queued with the payment on %s', (dbKind: TestDb) => {
  let shop: PaymentShop
  let smtp: Awaited<ReturnType<typeof startSmtp>>

  beforeAll(async () => {
    smtp = await startSmtp()
    shop = await startPaymentShop(dbKind, { SMTP_URL: smtp.url, DB_LOCK_TIMEOUT_MS: String(LOCK_TIMEOUT_MS) })
  })
  afterAll(async () => {
    await shop?.server.close()
    smtp?.close()
  })

  const mailRows = (orderId: number) => shop.server.db.selectFrom('mail_outbox').selectAll().where('order_id', '=', orderId).orderBy('id').execute()

  /** An English order of two basic tickets with its card payment started: the order's hash, the payment's public id and amount. */
  async function orderAndStart(v: Visitor): Promise<{ hash: string; publicId: string; amount: number }> {
    const { fx, pfx, server } = shop
    const created = await v.post<OrderAnswer>('/api/order/create', orderBody(fx, fx.basic, [{ price: fx.basic.prices.adult, quantity: 2 }], { lang: 'en' }))
    expect(created.body.errorCode).toBe('0')
    const hash = created.body.hash!
    const started = await startPay(v, hash, pfx.types.card)
    expect(started.body.errorCode).toBe('0')
    const publicId = pathOf(started.body.bankUrl!).split('/').pop()!
    return { hash, publicId, amount: (await paymentRow(server.db, publicId)).amount }
  }

  /** The order's tickets e-mail as the buyer got it: in English, with its number, its sum in the shop's currency and a link per ticket. */
  async function expectTicketMail(hash: string, amount: number): Promise<void> {
    const { db } = shop.server
    const order = await orderRow(db, hash)
    const tickets = await db.selectFrom('order_lines').select('ticket_hash').where('order_id', '=', order.id).execute()
    const got = await waitFor(() => mailsNaming(smtp.received, `/order/${hash}`), (m) => m.length > 0)
    expect(got).toHaveLength(1)
    expect(got[0].to).toBe(order.email)
    const body = got[0].data
    expect(body).toContain(`Subject: ${fill(MAIL_TEXTS.en.paidSubject, { n: order.ord_num })}`)
    expect(body).toContain(fill(MAIL_TEXTS.en.paidSum, { sum: formatMoney(toMajor(amount), 'en', await storedCurrency(db)) }))
    expect(tickets).toHaveLength(2)
    for (const t of tickets) expect(body).toContain(`/ticket/${t.ticket_hash}`)
    const [row] = await mailRows(order.id)
    expect(row).toMatchObject({ to_address: order.email, template: '', attempts: 1, last_error: '' })
    expect(row.sent_at).not.toBeNull()
    expect(row.subject).toBe(fill(MAIL_TEXTS.en.paidSubject, { n: order.ord_num }))
  }

  it.runIf(dbKind === 'postgres')('mail_outbox locked during the bank callback: the payment rolls back (busy), and the bank retry pays the order with its mail', async () => {
    const { server } = shop
    const v = await visitor(server.url)
    const { hash, publicId, amount } = await orderAndStart(v)
    const side = new pg.Client({ connectionString: server.config.database.kind === 'postgres' ? server.config.database.url : '' })
    await side.connect()
    try {
      // Something holds mail_outbox (in a rush: a busy table, a slow statement), longer than lock_timeout.
      await side.query('begin')
      await side.query('lock table mail_outbox in exclusive mode')
      const refused = await sendCallback(server, signed(server, publicId, amount, 'approved'))
      expect(refused.status).toBe(503)
      // Nothing of the payment stayed: the order is unpaid, the payment pending, no mail row.
      const unpaid = await orderRow(server.db, hash)
      expect(unpaid.paid).toBe(0)
      expect((await paymentRow(server.db, publicId)).status).toBe('pending')
      expect(await mailRows(unpaid.id)).toHaveLength(0)

      // The buyer approves on the bank page while the lock is still held: the bank sends its
      // callback again (payments/sandbox/deliver.ts) until the shop takes it.
      const release = new Promise<void>((resolve, reject) => {
        setTimeout(() => void side.query('rollback').then(() => resolve(), reject), LOCK_HELD_MS)
      })
      const page = await decide(v, publicId, 'approve')
      await release
      expect(page.status).toBe(303)
      expect(page.headers.get('location')).toContain(`/order/${hash}`)
    } finally {
      await side.end()
    }
    const paid = await orderRow(server.db, hash)
    expect(paid.paid).toBe(1)
    await waitFor(() => mailRows(paid.id), (rows) => rows.some((r) => r.sent_at !== null))
    await expectTicketMail(hash, amount)
    const callbacks = await server.db.selectFrom('payment_callbacks').select(['outcome']).where('provider', '=', SANDBOX).where('payment_id', '=', (await paymentRow(server.db, publicId)).id).execute()
    expect(callbacks.map((c) => c.outcome)).toEqual(['paid'])
  })

  it.runIf(dbKind === 'postgres')('mail_outbox locked while a free order is placed: nothing is written (busy), and the order placed again gets its mail', async () => {
    const { server, fx } = shop
    const v = await visitor(server.url)
    const body = orderBody(fx, fx.free, [{ price: fx.free.prices.adult, quantity: 1 }])
    const orders = async () => Number((await server.db.selectFrom('orders').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)
    const before = await orders()
    const side = new pg.Client({ connectionString: server.config.database.kind === 'postgres' ? server.config.database.url : '' })
    await side.connect()
    try {
      await side.query('begin')
      await side.query('lock table mail_outbox in exclusive mode')
      const refused = await v.post<OrderAnswer>('/api/order/create', body)
      expect(refused.status).toBe(503)
      expect(await orders()).toBe(before)
      await side.query('rollback')
    } finally {
      await side.end()
    }
    const placed = await v.post<OrderAnswer>('/api/order/create', body)
    expect(placed.body.errorCode).toBe('0')
    const order = await orderRow(server.db, placed.body.hash!)
    expect(order.paid).toBe(1)
    // Stored with the order (the same commit), before the call answered.
    expect(await mailRows(order.id)).toHaveLength(1)
    const got = await waitFor(() => mailsNaming(smtp.received, `/order/${order.hash}`), (m) => m.length > 0)
    expect(got).toHaveLength(1)
  })

  it('a process that dies between the payment and the first attempt: the retry sweep renders and sends the mail once', async () => {
    const { server } = shop
    const v = await visitor(server.url)
    const { hash, publicId, amount } = await orderAndStart(v)
    // The callback's transaction alone, as a process killed right after its commit leaves it:
    // no first attempt is made.
    const now = Date.now()
    const applied = await applyNotification(server.db, { publicId, amount, status: 'approved' }, now)
    expect(applied.outcome).toBe('paid')
    const order = await orderRow(server.db, hash)
    expect(order.paid).toBe(1)
    const [queued, ...more] = await mailRows(order.id)
    expect(more).toHaveLength(0)
    expect(queued).toMatchObject({ id: applied.ticketMail!.id, template: TICKET_MAIL_TEMPLATE, to_address: order.email, attempts: 0, sent_at: null, next_attempt_at: null, render_at: now + MAIL_FIRST_ATTEMPT_LEASE_MS })

    // Within the first attempt's lease the sweep leaves it alone; past it, it renders and sends it.
    expect(await retryDueMail(server.db, server.config, silentLog, now + 1000)).toBe(0)
    expect(mailsNaming(smtp.received, `/order/${hash}`)).toHaveLength(0)
    expect(await retryDueMail(server.db, server.config, silentLog, now + MAIL_FIRST_ATTEMPT_LEASE_MS + 1)).toBe(1)
    await expectTicketMail(hash, amount)

    // The bank repeats its callback and later sweeps run: still one mail.
    expect((await sendCallback(server, signed(server, publicId, amount, 'approved'))).body.result).toBe('repeat')
    await retryDueMail(server.db, server.config, silentLog, Date.now() + 10 * 24 * 3600 * 1000)
    expect(await mailRows(order.id)).toHaveLength(1)
    expect(mailsNaming(smtp.received, `/order/${hash}`)).toHaveLength(1)
  })

  it('the mail of a paid order is stored with the payment and sent right after it', async () => {
    const { server } = shop
    const v = await visitor(server.url)
    const { hash, publicId, amount } = await orderAndStart(v)
    const cb = await sendCallback(server, signed(server, publicId, amount, 'approved'))
    expect(cb.body.result).toBe('paid')
    const order = await orderRow(server.db, hash)
    // In the payment's commit: there the moment the callback is answered.
    expect(await mailRows(order.id)).toHaveLength(1)
    await waitFor(() => mailRows(order.id), (rows) => rows[0].sent_at !== null)
    await expectTicketMail(hash, amount)
  })
  it('a tickets e-mail not rendered yet is never due for a leader of a version before templates (it would send it empty); once rendered it is', async () => {
    const { server } = shop
    const { db } = server
    // The retry sweep of the version before mail_outbox.template (commit ad6ec2e~1,
    // mail.repository.ts listDueMail): every unsent, not given up row due at next_attempt_at,
    // sent with the subject and body it holds. During a rolling upgrade it may be the leader.
    const dueForOldLeader = async (at: number) =>
      (await db.selectFrom('mail_outbox').select('id').where('sent_at', 'is', null).where('failed_at', 'is', null).where('next_attempt_at', '<=', at).execute()).map((r) => r.id)
    const farFuture = Date.now() + 30 * 24 * 3600 * 1000
    const v = await visitor(server.url)
    const { hash, publicId, amount } = await orderAndStart(v)
    // The payment's transaction alone (its process died before the first attempt): the row has no body yet.
    const now = Date.now()
    const applied = await applyNotification(db, { publicId, amount, status: 'approved' }, now)
    const id = applied.ticketMail!.id
    const order = await orderRow(db, hash)
    expect((await mailRows(order.id))[0]).toMatchObject({ template: TICKET_MAIL_TEMPLATE, subject: '', text_body: '' })
    expect(await dueForOldLeader(farFuture)).not.toContain(id)

    // An attempt that could not render it (attemptTicketMail records it without a body): still
    // unrendered, due again for this version only.
    const failedAt = now + MAIL_FIRST_ATTEMPT_LEASE_MS + 1
    await recordAttempt(db, id, 1, { id, filePath: '', sent: false, error: 'rendering failed: database busy' }, failedAt)
    expect((await mailRows(order.id))[0]).toMatchObject({ template: TICKET_MAIL_TEMPLATE, attempts: 1, next_attempt_at: null, render_at: failedAt + retryDelayMs(1) })
    expect(await dueForOldLeader(farFuture)).not.toContain(id)

    // Rendered, the SMTP server down: not stored with that body (a later attempt renders the
    // order afresh), so still unrendered, due at render_at for this version only.
    const secondAt = Date.now()
    const down = await attemptTicketMail(db, { ...server.config, smtpUrl: await deadSmtpUrl() }, { id, orderId: order.id }, 2)
    expect(down?.sent).toBe(false)
    const [unsent] = await mailRows(order.id)
    expect(unsent).toMatchObject({ template: TICKET_MAIL_TEMPLATE, attempts: 2, subject: '', text_body: '', next_attempt_at: null, sent_at: null })
    expect(Number(unsent.render_at)).toBeGreaterThanOrEqual(secondAt + retryDelayMs(2))
    expect(await dueForOldLeader(farFuture)).not.toContain(id)

    // This version's sweep renders and sends it once, stored with the body it was sent with.
    expect(await retryDueMail(db, server.config, silentLog, Number(unsent.render_at) + 1)).toBeGreaterThanOrEqual(1)
    expect(await waitFor(() => mailsNaming(smtp.received, `/order/${hash}`), (m) => m.length > 0)).toHaveLength(1)
    const [sent] = await mailRows(order.id)
    expect(sent).toMatchObject({ template: '', render_at: null, subject: fill(MAIL_TEXTS.en.paidSubject, { n: order.ord_num }) })
    expect(sent.text_body).toContain(`/order/${hash}`)
  })

  it('a tickets e-mail queued by a process of the version before render_at (due at next_attempt_at) is still rendered and sent once', async () => {
    const { server } = shop
    const { db } = server
    const v = await visitor(server.url)
    const { hash, publicId, amount } = await orderAndStart(v)
    const now = Date.now()
    const applied = await applyNotification(db, { publicId, amount, status: 'approved' }, now)
    const id = applied.ticketMail!.id
    // As that version stored it (migration 2026_12_01_22_tm2_01 moves the rows there before it runs; a process still on it writes more).
    await db.updateTable('mail_outbox').set({ next_attempt_at: now + MAIL_FIRST_ATTEMPT_LEASE_MS, render_at: null }).where('id', '=', id).execute()
    expect(await retryDueMail(db, server.config, silentLog, now + MAIL_FIRST_ATTEMPT_LEASE_MS + 1)).toBeGreaterThanOrEqual(1)
    await expectTicketMail(hash, amount)
  })

  /** An order paid while the SMTP server is down: the payment's transaction, then its first attempt failing (as startTicketMail makes it). */
  async function paidWhileSmtpDown(): Promise<{ hash: string; orderId: number; mailId: number; calendarId: number; dueAt: number }> {
    const { db } = shop.server
    const v = await visitor(shop.server.url)
    const { hash, publicId, amount } = await orderAndStart(v)
    const applied = await applyNotification(db, { publicId, amount, status: 'approved' }, Date.now())
    const order = await orderRow(db, hash)
    const mailId = applied.ticketMail!.id
    const first = await attemptTicketMail(db, { ...shop.server.config, smtpUrl: await deadSmtpUrl() }, { id: mailId, orderId: order.id }, 1)
    expect(first?.sent).toBe(false)
    const [row] = await mailRows(order.id)
    expect(row).toMatchObject({ template: TICKET_MAIL_TEMPLATE, attempts: 1, sent_at: null, failed_at: null, text_body: '' })
    const line = await db.selectFrom('order_lines').select('calendar_id').where('order_id', '=', order.id).executeTakeFirstOrThrow()
    return { hash, orderId: order.id, mailId, calendarId: line.calendar_id, dueAt: Number(row.render_at) }
  }

  it('SMTP down at payment, the session moved before the retry: the retry sends the new time, not the one of the first attempt', async () => {
    const { db } = shop.server
    const { hash, calendarId, dueAt } = await paidWhileSmtpDown()
    const was = await db.selectFrom('calendars').select(['day', 'time', 'starts_at']).where('id', '=', calendarId).executeTakeFirstOrThrow()
    // The venue moves the session a day and an hour later (the calendar row, as a move writes it).
    const movedDay = new Date(Date.parse(`${was.day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
    const moved = { day: movedDay, time: '21:45', starts_at: Number(was.starts_at) + 86_400_000 }
    await db.updateTable('calendars').set(moved).where('id', '=', calendarId).execute()
    try {
      expect(await retryDueMail(db, shop.server.config, silentLog, dueAt + 1)).toBeGreaterThanOrEqual(1)
      const [got] = await waitFor(() => mailsNaming(smtp.received, `/order/${hash}`), (m) => m.length > 0)
      expect(got.data).toContain(formatDayTime(`${moved.day} ${moved.time}`, 'en'))
      expect(got.data).not.toContain(formatDayTime(`${was.day} ${was.time}`, 'en'))
    } finally {
      await db.updateTable('calendars').set({ day: was.day, time: was.time, starts_at: Number(was.starts_at) }).where('id', '=', calendarId).execute()
    }
  })

  it('SMTP down at payment, every ticket returned before the retry: the mail is given up (logged), not sent with no ticket', async () => {
    const { db } = shop.server
    const { hash, orderId, mailId, dueAt } = await paidWhileSmtpDown()
    await db.updateTable('order_lines').set({ return_status: RETURN_STATUS_CONFIRMED }).where('order_id', '=', orderId).execute()
    const warned: string[] = []
    const log = { ...silentLog, warn: (_: object, msg: string) => void warned.push(msg) }
    expect(await retryDueMail(db, shop.server.config, log, dueAt + 1)).toBe(0)
    const [row] = await mailRows(orderId)
    expect(row).toMatchObject({ id: mailId, sent_at: null, attempts: 2, render_at: null, next_attempt_at: null })
    expect(row.failed_at).not.toBeNull()
    expect(row.last_error).toContain('no ticket')
    expect(warned.some((m) => m.startsWith('tickets e-mail given up'))).toBe(true)
    // Never tried again, never received.
    expect(await retryDueMail(db, shop.server.config, silentLog, Date.now() + 10 * 24 * 3600 * 1000)).toBe(0)
    expect(mailsNaming(smtp.received, `/order/${hash}`)).toHaveLength(0)
  })
})

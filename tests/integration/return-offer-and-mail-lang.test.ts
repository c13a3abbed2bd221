import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import { orderViewResponseSchema } from '../../src/contract/entities/orderView'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { seedOrderFixtures, visitor, type Fixtures, type Visitor } from './order-fixtures'
import { seedPaymentFixtures, type PaymentFx } from './payment-fixtures'
import { decodeMessage, nextReturnLink, paidOrder, seedReturnFixtures, startInbox, type Inbox } from './return-helpers'
import { formatDayTime } from '../../src/contract/rules/dayText'
import type { Lang } from '../../src/contract/lang'
import { sendOrderPaidMail } from '../../src/server/mail/templates/sendOrderPaid'
import { MAIL_TEXTS } from '../../src/server/mail/templates/texts'

/**
 * The order page's return button and the return request's e-mail:
 * - the button (usereturn) is offered while a ticket is left to return, not once every ticket of
 *   the order went back (returns/policy.ts returnOffered);
 * - the confirmation e-mail and its link are in the language the visitor asked in (the request's
 *   lang), the order's only when the request names none.
 */
describe.each(TEST_DBS)('return button and return e-mail language on %s', (dbKind) => {
  let server: TestServer
  let inbox: Inbox
  let fx: Fixtures
  let pfx: PaymentFx
  let reasons: number[]

  beforeAll(async () => {
    inbox = await startInbox()
    server = await startTestServer({ db: dbKind, env: { DEMO_DATA: '0', SMTP_URL: `smtp://127.0.0.1:${inbox.port}` } })
    fx = await seedOrderFixtures(server.db)
    pfx = await seedPaymentFixtures(server.db)
    reasons = (await seedReturnFixtures(server.db)).reasons
  })
  afterAll(async () => {
    await server?.close()
    await inbox?.close()
  })

  const view = async (v: Visitor, hash: string) => orderViewResponseSchema.parse((await v.post('/api/order/view', { hash, lang: 'ru' })).body)

  /** Asks for the return of `ids` (with `lang` when given) and answers the confirmation e-mail's text and link. */
  async function ask(v: Visitor, hash: string, ids: number[], lang?: string) {
    const seen = inbox.messages.length
    const created = await v.post<{ errorCode: string }>('/api/order/return-create', { hash, ...(lang ? { lang } : {}), reason: reasons[0], id: ids })
    expect(created.body.errorCode).toBe('0')
    const link = await nextReturnLink(inbox, seen, hash)
    const raw = inbox.messages.slice(seen).find((m) => decodeMessage(m).includes(link.hashConf))!
    return { link, text: decodeMessage(raw) }
  }
  const confirm = async (v: Visitor, hash: string, hashConf: string) =>
    expect((await v.post<{ errorCode: string }>('/api/order/return-confirm', { hash, lang: 'ru', hashConf })).body.errorCode).toBe('0')

  it('offers the return button while a ticket is left to return, not after every ticket went back', async () => {
    const v = await visitor(server.url)
    const { hash } = await paidOrder(v, fx, pfx, 2)
    const before = await view(v, hash)
    expect(before.usereturn).toBe(1)
    const [first, second] = before.main.map((l) => l.id)

    await confirm(v, hash, (await ask(v, hash, [first], 'ru')).link.hashConf)
    // One ticket left: still offered.
    expect((await view(v, hash)).usereturn).toBe(1)

    await confirm(v, hash, (await ask(v, hash, [second], 'ru')).link.hashConf)
    const after = await view(v, hash)
    expect(after.main.every((l) => l.return_status >= 70)).toBe(true)
    expect(after).toMatchObject({ paid: 1, usereturn: 0 })
  })

  it('e-mails the confirmation in the language the return was asked in, not the order\'s', async () => {
    const v = await visitor(server.url)
    // The fixtures' orders are Russian.
    const { hash } = await paidOrder(v, fx, pfx, 2)
    const [first, second] = (await view(v, hash)).main.map((l) => l.id)

    const en = await ask(v, hash, [first], 'en')
    expect(en.text).toContain('To confirm the return, open this link:')
    expect(en.text).not.toContain('Чтобы подтвердить возврат')
    expect(new URLSearchParams(en.link.path.split('?')[1]).get('lang')).toBe('en')

    // Asked in Russian: Russian, and the link names no language (ru is the default).
    const ru = await ask(v, hash, [second], 'ru')
    expect(ru.text).toContain('Чтобы подтвердить возврат, откройте ссылку:')
    expect(new URLSearchParams(ru.link.path.split('?')[1]).get('lang')).toBeNull()
  })

  it('e-mails a return asked in no language in the order\'s', async () => {
    const v = await visitor(server.url)
    const { hash } = await paidOrder(v, fx, pfx, 1)
    // An order placed in English (the fixtures place Russian ones).
    await server.db.updateTable('orders').set({ lang: 'en' }).where('hash', '=', hash).execute()
    const [only] = (await view(v, hash)).main.map((l) => l.id)
    const none = await ask(v, hash, [only])
    expect(none.text).toContain('To confirm the return, open this link:')
    expect(new URLSearchParams(none.link.path.split('?')[1]).get('lang')).toBe('en')
  })

  /** The session's day and time of an order's first line, as the venue keeps them ('2026-12-09 18:30'). */
  const sessionOf = async (hash: string) => {
    const c = await server.db.selectFrom('order_lines as l').innerJoin('orders as o', 'o.id', 'l.order_id').innerJoin('calendars as c', 'c.id', 'l.calendar_id').select(['c.day', 'c.time', 'o.id']).where('o.hash', '=', hash).orderBy('l.id').executeTakeFirstOrThrow()
    return { raw: `${c.day} ${c.time}`, orderId: c.id }
  }
  /** The tickets e-mail of `hash` sent again in `lang` (order care's resend), as received. */
  async function ticketsMailIn(hash: string, lang: Lang): Promise<string> {
    const { orderId } = await sessionOf(hash)
    // The payment's own tickets e-mail first (sent without waiting), so it is not taken for this one.
    const sentRows = () => server.db.selectFrom('mail_outbox').select('id').where('order_id', '=', orderId).where('sent_at', 'is not', null).execute()
    for (let i = 0; i < 100 && (await sentRows()).length === 0; i++) await new Promise((r) => setTimeout(r, 20))
    await server.db.updateTable('orders').set({ lang }).where('hash', '=', hash).execute()
    const seen = inbox.messages.length
    const result = await sendOrderPaidMail(server.db, server.config, hash)
    expect(result?.sent).toBe(true)
    for (let i = 0; i < 100 && inbox.messages.length <= seen; i++) await new Promise((r) => setTimeout(r, 20))
    return inbox.messages.slice(seen).map(decodeMessage).find((m) => m.includes(MAIL_TEXTS[lang].paidTickets))!
  }

  it("writes the session's date in the mail's language in the tickets and return e-mails, with Chinese full-width colons", async () => {
    const v = await visitor(server.url)
    const { hash } = await paidOrder(v, fx, pfx, 3)
    const { raw } = await sessionOf(hash)
    const day = raw.slice(0, 10)
    for (const lang of ['en', 'ru', 'ch'] as const) {
      const text = await ticketsMailIn(hash, lang)
      expect(text).toContain(formatDayTime(raw, lang))
      expect(text).not.toContain(day)
      expect(text).toContain(`${MAIL_TEXTS[lang].paidTickets}${lang === 'ch' ? '：' : ':'}`)
    }
    const ids = (await view(v, hash)).main.map((l) => l.id)
    for (const [i, lang] of (['en', 'kz', 'ch'] as const).entries()) {
      const { text } = await ask(v, hash, [ids[i]], lang)
      expect(text).toContain(formatDayTime(raw, lang))
      expect(text).not.toContain(day)
      expect(text).toContain(`${MAIL_TEXTS[lang].returnTickets}${lang === 'ch' ? '：' : ':'}`)
    }
  })

  it('keeps no usable confirmation link in the outbox once the return e-mail is sent', async () => {
    const v = await visitor(server.url)
    const { hash } = await paidOrder(v, fx, pfx, 1)
    const { orderId } = await sessionOf(hash)
    const [only] = (await view(v, hash)).main.map((l) => l.id)
    const { link, text } = await ask(v, hash, [only], 'en')
    // The buyer got the link with its secret.
    expect(text).toContain(link.hashConf)
    const rows = await server.db.selectFrom('mail_outbox').select(['kind', 'subject', 'text_body', 'html_body', 'sent_at']).where('order_id', '=', orderId).orderBy('id').execute()
    const returnMail = rows.find((r) => r.text_body.includes(`/order/return/${hash}?hash_conf=`))!
    expect(returnMail.sent_at).not.toBeNull()
    expect(returnMail.subject).not.toBe('')
    // Stored as what it is, which order care names in the operator's language.
    expect(returnMail.kind).toBe('return')
    for (const r of rows) expect(`${r.text_body}${r.html_body}`).not.toContain(link.hashConf)
    // The link still works: only the stored copy lost its secret.
    await confirm(v, hash, link.hashConf)
  })

  it('answers the request made when the e-mail is sent but its stored copy cannot be blanked', async () => {
    const v = await visitor(server.url)
    const { hash } = await paidOrder(v, fx, pfx, 1)
    const [only] = (await view(v, hash)).main.map((l) => l.id)
    // A database refusing the blanking update only (its bodies changed), as a busy one would.
    if (dbKind === 'sqlite') {
      await sql`CREATE TRIGGER refuse_blank BEFORE UPDATE OF text_body ON mail_outbox WHEN NEW.text_body <> OLD.text_body BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`.execute(server.db)
    } else {
      await sql`CREATE FUNCTION refuse_blank() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$ LANGUAGE plpgsql`.execute(server.db)
      await sql`CREATE TRIGGER refuse_blank BEFORE UPDATE ON mail_outbox FOR EACH ROW WHEN (NEW.text_body IS DISTINCT FROM OLD.text_body) EXECUTE FUNCTION refuse_blank()`.execute(server.db)
    }
    try {
      const { link } = await ask(v, hash, [only], 'en')
      // The request stands and its link works.
      await confirm(v, hash, link.hashConf)
    } finally {
      if (dbKind === 'sqlite') await sql`DROP TRIGGER refuse_blank`.execute(server.db)
      else {
        await sql`DROP TRIGGER refuse_blank ON mail_outbox`.execute(server.db)
        await sql`DROP FUNCTION refuse_blank()`.execute(server.db)
      }
    }
  })
})

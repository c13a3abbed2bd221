import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderViewResponseSchema } from '../../src/contract/entities/orderView'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { seedOrderFixtures, visitor, type Fixtures, type Visitor } from './order-fixtures'
import { seedPaymentFixtures, type PaymentFx } from './payment-fixtures'
import { decodeMessage, nextReturnLink, paidOrder, seedReturnFixtures, startInbox, type Inbox } from './return-helpers'

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
})

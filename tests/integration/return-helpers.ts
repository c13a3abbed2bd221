import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import type { Db } from '../../src/server/db/connect'
import type { Fixtures } from './order-fixtures'
import { decide, pathOf, placeOrder, startPay, type PaymentFx } from './payment-fixtures'
import type { Visitor } from './order-fixtures'

/** A real SMTP server on loopback that keeps every message it receives. */
export interface Inbox {
  port: number
  messages: string[]
  close(): Promise<void>
}

export async function startInbox(): Promise<Inbox> {
  const messages: string[] = []
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, done) {
      let data = ''
      stream.on('data', (c: Buffer) => (data += c.toString('latin1')))
      stream.on('end', () => {
        messages.push(data)
        done()
      })
    },
  })
  smtp.listen(0, '127.0.0.1')
  await once(smtp.server, 'listening')
  return {
    port: (smtp.server.address() as AddressInfo).port,
    messages,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  }
}

/**
 * The readable text of a raw message: base64 parts decoded, quoted-printable soft breaks and
 * escapes undone (nodemailer picks either encoding depending on the text).
 */
export function decodeMessage(raw: string): string {
  const base64Part = /Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/gi
  const decoded = [...raw.matchAll(base64Part)].map((m) => Buffer.from(m[1].replace(/\s+/g, ''), 'base64').toString('utf8'))
  const rest = raw.replace(base64Part, '').replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)))
  return [Buffer.from(rest, 'latin1').toString('utf8'), ...decoded].join('\n')
}

/** The return link of a confirmation e-mail: path and hash_conf. */
export function returnLinkOf(raw: string): { path: string; hashConf: string } {
  const text = decodeMessage(raw)
  const m = /(https?:\/\/[^\s"<]+\/order\/return\/[A-Za-z0-9_-]+\?hash_conf=([A-Za-z0-9_-]+)[^\s"<]*)/.exec(text)
  if (!m) throw new Error(`no return link in:\n${text}`)
  return { path: pathOf(m[1]), hashConf: m[2] }
}

/** Seeds what the return page needs on an empty database: reasons and the consent text. */
export async function seedReturnFixtures(db: Db): Promise<{ reasons: number[] }> {
  // Every install starts with return reasons (seed/system.ts); these tests name their own.
  await db.deleteFrom('return_reasons').execute()
  const reasons: number[] = []
  for (const [i, name] of ['Change of plans', 'Illness'].entries()) {
    reasons.push((await db.insertInto('return_reasons').values({ sortnum: i, name_ru: name, name_en: name }).returning('id').executeTakeFirstOrThrow()).id)
  }
  await db.insertInto('checkbox_lists').values({ scope: 'return', filling: 1, sortnum: 1, name_ru: 'Согласие на возврат', name_en: 'Consent to the refund' }).execute()
  return { reasons }
}

/** Waits until the inbox holds `count` messages (SMTP delivery finishes before the call answers; this only guards the socket). */
export async function waitForMessages(inbox: Inbox, count: number): Promise<void> {
  for (let i = 0; i < 100 && inbox.messages.length < count; i++) await new Promise((r) => setTimeout(r, 20))
  if (inbox.messages.length < count) throw new Error(`expected ${count} messages, got ${inbox.messages.length}`)
}

/** Places an order of `quantity` adult tickets and pays it through the sandbox bank's page and signed callback. */
export async function paidOrder(v: Visitor, fx: Fixtures, pfx: PaymentFx, quantity: number): Promise<{ hash: string; publicId: string }> {
  const hash = await placeOrder(v, fx, fx.basic, 'adult', quantity)
  const start = await startPay(v, hash, pfx.types.card)
  if (start.body.errorCode !== '0') throw new Error(`payment start failed: ${JSON.stringify(start.body)}`)
  const publicId = pathOf(start.body.bankUrl!).split('/').pop()!
  const back = await decide(v, publicId, 'approve')
  if (back.status !== 303) throw new Error(`bank page answered ${back.status}`)
  return { hash, publicId }
}

/** The text of the last return e-mail for `hash` the inbox holds (its request's link and what it gives back). */
export function lastReturnMail(inbox: Inbox, hash: string): string {
  const raw = inbox.messages.findLast((m) => decodeMessage(m).includes(`/order/return/${hash}?hash_conf=`))
  if (raw === undefined) throw new Error(`no return e-mail for ${hash}`)
  return decodeMessage(raw)
}

/**
 * The refund sum the last return e-mail for `hash` names ("Сумма к возврату: …"), as written, up
 * to the end of its line or tag: the decoded message holds the plain and the HTML part in whichever
 * order their encodings put them (decodeMessage), and in the HTML one the sum's paragraph runs on
 * into the next ("1 447,50 ₽</p><p>Бонусов вернётся на карту: 7</p>", read as 1 447,507).
 */
export function mailedRefundSum(inbox: Inbox, hash: string): string | undefined {
  return lastReturnMail(inbox, hash).match(/Сумма к возврату: ([^\r\n<]*)/)?.[1]?.trim()
}

/**
 * The return link of the first confirmation e-mail for `hash` received at or after index
 * `from` (order e-mails are sent without waiting, so they may arrive in between).
 */
export async function nextReturnLink(inbox: Inbox, from: number, hash: string): Promise<{ path: string; hashConf: string }> {
  for (let i = 0; i < 150; i++) {
    for (const raw of inbox.messages.slice(from)) {
      const text = decodeMessage(raw)
      if (text.includes(`/order/return/${hash}?hash_conf=`)) return returnLinkOf(raw)
    }
    await new Promise((r) => setTimeout(r, 20))
  }
  throw new Error(`no return e-mail for ${hash} after message ${from}`)
}

import { RETURN_STATUS_RETURNABLE } from '../../../contract/constants'
import { DEFAULT_LANG, type Lang } from '../../../contract/lang'
import { isLang } from '../../../contract/langCodes'
import type { Config } from '../../config'
import type { Db } from '../../db/connect'
import { ApiFailure } from '../../errors'
import { blankMailSecret, giveUpMail, listMailTicketLines } from '../../mail/mail.repository'
import { sendMail, type MailConfig } from '../../mail/outbox'
import { returnConfirmationMail } from '../../mail/templates/returnMail'
import { mailTicketLabel } from '../../mail/templates/ticketLabel'
import { toMajor } from '../../../contract/rules/money'
import { clockGate, inGatedTransaction, type CommitGate } from '../orders/commit-gate'
import { lockOrder } from '../orders/order.repository'
import { loadStoredSetup } from '../settings/service'
import { REFUND_LINK_MS, REQUEST_STATUS_EXPIRED, RETURN_ROUTE } from './constants'
import { newHashConf, storedHashConf } from './hashconf'
import { returnRefusal } from './policy'
import { previewReturn, refundsOtherThanShown } from './refund-payment'
import { findPayingPayment, findReturnReason, insertReturnRequest, listReturnLines, lockReturnLines, markLinesRequested, pastReturnDeadline, usedLineIds, withdrawReturnRequest } from './repository'
import { sweepReturnRequests } from './sweep'

/** Where createReturn reports a secret it could not blank (the request itself stands). */
export interface ReturnLog {
  warn(obj: object, msg: string): void
}

/** mail_outbox.last_error of a confirmation e-mail given up with its request. */
const RETURN_MAIL_WITHDRAWN = 'return request withdrawn: its first attempt failed'

export interface CreateReturnInput {
  hash: string
  /** The language the visitor asked in (the request's valid `lang`); null or absent: none was sent, the order's is used. */
  lang?: Lang | null
  reason: number
  id: number[]
  /** The refund the page showed for these tickets (major units, their rows' summa added up); absent: not checked. */
  summa?: number
}

/** The confirmation link of a request: the return page with hash_conf (and lang when not the default). */
export function confirmationLink(publicUrl: string, hash: string, hashConf: string, lang: string): string {
  const q = new URLSearchParams({ hash_conf: hashConf })
  if (lang !== DEFAULT_LANG) q.set('lang', lang)
  return `${publicUrl}${RETURN_ROUTE}${encodeURIComponent(hash)}?${q.toString()}`
}

/**
 * POST /api/order/return-create. Checks, under the order's lock: the order may be returned online
 * (policy.ts returnRefusal: not when paid at the box office), the
 * reason exists, every id is a line of this order that is returnable (status 0) and before its
 * deadline, and none was admitted at the door (a counted valid entry, repository.ts usedLineIds:
 * 'return-ticket-used'; read under the lines' lock, the one a door scan takes). Then the lines
 * go to 60 (conditional on 0, so two requests cannot take one line), a request with a fresh
 * hash_conf valid REFUND_LINK_MS is written, and the link is e-mailed in the request's language. If the e-mail cannot be sent the request is withdrawn (lines back to 0)
 * and the call fails: a request nobody can confirm would only block the tickets; the e-mail is
 * given up with it, so no retry sends its dead link later.
 */
export async function createReturn(db: Db, config: MailConfig & Pick<Config, 'publicUrl'>, log: ReturnLog, input: CreateReturnInput, now = Date.now(), gate: CommitGate = clockGate(now)): Promise<{ email: string }> {
  const ids = [...new Set(input.id)]
  if (ids.length !== input.id.length) throw new ApiFailure('return-ticket-twice')
  const hashConf = newHashConf()
  const created = await inGatedTransaction(db, gate, async (trx) => {
    const order = await lockOrder(trx, input.hash)
    if (!order) throw new ApiFailure('order-not-found', { hash: input.hash })
    // The same refusal, code and text, as the return data's (data.ts).
    const setup = await loadStoredSetup(trx)
    const refusal = returnRefusal(order, setup, await findPayingPayment(trx, order.id))
    if (refusal) throw new ApiFailure(refusal)
    if (!order.email) throw new ApiFailure('return-no-email')
    const reason = await findReturnReason(trx, input.reason)
    if (!reason) throw new ApiFailure('return-reason')
    await sweepReturnRequests(trx, now, order.id)
    const all = await listReturnLines(trx, order.id)
    const chosen = all.filter((l) => ids.includes(l.id))
    if (chosen.length !== ids.length) throw new ApiFailure('return-ticket-unknown')
    for (const l of chosen) {
      if (l.return_status !== RETURN_STATUS_RETURNABLE) throw new ApiFailure('return-ticket-busy', { id: l.id })
      if (pastReturnDeadline(l, now)) throw new ApiFailure('return-deadline', { id: l.id })
    }
    // A ticket admitted at the door is used: not returned online. Its lock first, as a scan's.
    await lockReturnLines(trx, ids)
    const [used] = await usedLineIds(trx, ids)
    if (used !== undefined) throw new ApiFailure('return-ticket-used', { id: used })
    if ((await markLinesRequested(trx, order.id, ids)) !== ids.length) throw new ApiFailure('return-some-busy')
    const requestId = await insertReturnRequest(trx, { orderId: order.id, reasonId: reason.id, hashConf: storedHashConf(hashConf), now, expiresAt: now + REFUND_LINK_MS }, ids)
    // What the confirm will refund for these lines by the one rule (refund-payment.ts), not their list cost.
    // Less what it keeps back for earned bonuses the card has spent (orders/money.ts bonusWithheld), as the confirm does.
    const { amount, credited } = await previewReturn(trx, order, ids)
    // Not what the page showed: the order changed since it loaded (another ticket returned, a box
    // office change). Refused, and rolled back with the request, so the visitor is never e-mailed a
    // link to a refund other than the one they agreed to; the page reads its rows again.
    if (refundsOtherThanShown(input.summa, amount)) throw new ApiFailure('return-amount-changed')
    return { order, requestId, chosen, amount, bonuses: credited, currency: setup.app.currency }
  })
  const { order, chosen, amount, bonuses, currency } = created
  // The e-mail and its link in the language the visitor asked in; the order's when the request
  // named none.
  const lang: Lang = input.lang ?? (isLang(order.lang) ? order.lang : DEFAULT_LANG)
  const mail = returnConfirmationMail({
    to: order.email,
    lang,
    ordNum: order.ord_num,
    link: confirmationLink(config.publicUrl, order.hash, hashConf, lang),
    tickets: (await listMailTicketLines(db, order.id, chosen.map((l) => l.id))).map((l) => mailTicketLabel(l, lang)),
    sum: toMajor(amount),
    bonuses,
    currency,
  })
  const sent = await sendMail(db, config, { ...mail, orderId: order.id, kind: 'return' })
  const blankSecret = () => blankMailSecret(db, sent.id, hashConf).catch((err: unknown) => log.warn({ err, mailId: sent.id }, 'return e-mail: its link could not be blanked from the outbox copy'))
  // Sent, or given up below: the outbox keeps the message without its link's secret either way.
  // (Without SMTP_URL the .eml file written under DATA_DIR/outbox is the message as delivered.)
  if (sent.sent) {
    // The request is made and its link delivered: a failure to blank the stored copy (a busy
    // database) must not answer the buyer an error for it, whose retry would be refused as the
    // tickets are taken by this request. The secret then stays in the stored body, logged.
    await blankSecret()
    return { email: order.email }
  }
  // The message stays queued for the retry sweep (mail/retry.ts), which would send the link of
  // a request withdrawn here, its tickets perhaps asked for again since: given up with it.
  await db.transaction().execute(async (trx) => {
    await withdrawReturnRequest(trx, created.requestId, ids, REQUEST_STATUS_EXPIRED)
    await giveUpMail(trx, sent.id, RETURN_MAIL_WITHDRAWN, Date.now())
  })
  // After the withdrawal, on its own: the link is dead by now, so a failure here costs nothing.
  await blankSecret()
  throw new ApiFailure('return-mail-failed')
}

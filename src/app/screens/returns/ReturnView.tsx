import { useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { OrderReturnDataResponse } from '../../../contract/entities/returns'
import type { Lang } from '../../../contract/lang'
import { ApiCallError } from '../../../contract/client'
import { ErrorCode } from '../../../contract/errors'
import { api } from '../../api/client'
import { ConfirmDialog } from '../../forms/ConfirmDialog'
import { useModal } from '../../state/modal'
import { formatMoney } from '../../kernel/format'
import { useCountdown } from '../order/useCountdown'
import { EventBlock, venueClockText } from './EventBlock'
import { allConfirmed, canAskAny, canIssue, groupRows, isSelectable, linkOutcome, linkPending, returnsClosed, selectionTotals } from './model'
import { ReturnFooter } from './ReturnFooter'
import { useCurrency } from '../../state/session'

type Notice = { kind: 'mail'; email: string } | { kind: 'confirmed'; sum: number; pending: boolean } | null

/**
 * The return page once loaded (001 §2 "Order return"): order number and date, buyer, per-event
 * blocks, and the footer. Without hash_conf the buyer picks tickets, a reason and consent and
 * issues the request (after a confirm dialog); the server e-mails a link. Opened from that link
 * (hash_conf) with tickets waiting, the footer asks for consent and 'Confirm'.
 */
export function ReturnView({ hash, data, loadedAt, lang, hashConf, reload, refresh }: {
  hash: string
  data: OrderReturnDataResponse
  loadedAt: number
  lang: Lang
  hashConf: string | null
  reload: () => Promise<void>
  /** reload() answering whether new data arrived ('Return other tickets' unlocks only on new data). */
  refresh: () => Promise<boolean>
}) {
  const currency = useCurrency()
  const { t } = useTranslation()
  const showModal = useModal((s) => s.show)
  const [selected, setSelected] = useState<Set<number>>(() => new Set())
  const [reason, setReason] = useState<number | null>(null)
  const [consent, setConsent] = useState(false)
  const [busy, setBusy] = useState(false)
  const [asking, setAsking] = useState(false)
  const [notice, setNotice] = useState<Notice>(null)
  // Tickets of the requests sent from this page. After a send the table is locked under the notice;
  // 'Return other tickets' unlocks it for a new request (more), and these stay ticked and locked
  // should the data still show them returnable (a reload failed) rather than free to send twice.
  const [sent, setSent] = useState<ReadonlySet<number>>(() => new Set())
  const [more, setMore] = useState(false)
  // 'Return other tickets' could not read the data again: the page stays locked as it was (the
  // old data would show the tickets just sent as returnable) and says so; pressing again retries.
  const [moreFailed, setMoreFailed] = useState(false)
  // The server refused the return because it would refund another sum than the page showed (the
  // order or the card changed since the page loaded: AMOUNT_CHANGED); the rows are read again and
  // this says why the sum below is new, until the visitor sends again.
  const [amountChanged, setAmountChanged] = useState(false)
  const rootRef = useRef<HTMLDivElement>(null)
  // The outcome of the visitor's own action (e-mail sent, refund confirmed) takes the focus when it
  // appears: the button that sent it was disabled while sending (or is gone), so the focus fell to
  // the page; read on focus, it is kept out of the live region below so it is not said twice.
  const outcomeRef = useRef<HTMLParagraphElement>(null)
  useEffect(() => {
    if (notice !== null) outcomeRef.current?.focus()
  }, [notice])

  const rows = data.rows
  const groups = useMemo(() => groupRows(rows, lang), [rows, lang])
  const first = rows[0]
  // The tickets waiting for a confirmation: this link's (link_rows) when the server names them, as
  // another request's may wait too; their sum is what 'Confirm' refunds, and is sent with it.
  const pending = linkPending(rows, data.link_rows)
  // What became of the link's request (the server's link_state; 'none' without a link). Only a
  // waiting one can be confirmed: pending tickets of another request are not this link's.
  const outcome = linkOutcome(hashConf, data.link_state)
  const mode: 'issue' | 'confirm' = outcome === 'waiting' && pending.length > 0 ? 'confirm' : 'issue'
  // Withdrawn at its return deadline (001 §4: no refund once the return time is over), because a
  // ticket of it was used at the door, or because its tickets were refunded otherwise: the page
  // says which instead of calling the link expired or offering an empty form.
  const withdrawn = outcome === 'late' || outcome === 'used' || outcome === 'refunded'
  const totals = mode === 'confirm' ? selectionTotals(pending, new Set(pending.map((r) => r.id))) : selectionTotals(rows, selected)
  // The waiting tickets' earliest deadline, ticking: once it passes the server refuses the
  // confirmation (001 §4: refund only while the return time is above 0), so 'Confirm' is
  // disabled and says why instead of sending a call bound to fail.
  const pendingLeft = useCountdown(pending.length > 0 ? Math.min(...pending.map((r) => r.returnleft)) : 0, loadedAt)
  const confirmClosed = mode === 'confirm' && pendingLeft <= 0
  const enabled = mode === 'confirm' ? consent && !confirmClosed : canIssue(selected.size, reason, consent)
  // owner_name is the buyer on every row; visitor_name the holder of a named ticket.
  const buyerName = first?.owner_name ?? ''
  const showVisitor = rows.some((r) => r.visitor_name !== '')
  // "Issue the refund again" only while some ticket can still be asked for (in time, not used at the door).
  const canAskAgain = canAskAny(rows)
  // Every ticket kept is past its return deadline or used at the door, and no link of a waiting
  // request opened the page: returns of the order are over, whatever link (none, used, expired)
  // it was opened from; 'used' when only the door is to blame.
  const closed = mode === 'issue' && !withdrawn ? returnsClosed(rows) : null
  // A withdrawn link or closed returns, nothing left to ask for: no form (its hint would ask to tick a ticket none can be ticked).
  // The request is sent: its tickets wait for the e-mailed link, and the form offers no second send
  // (the table is locked too, so nothing looks as if it could still be ticked and sent).
  const requestSent = mode === 'issue' && notice?.kind === 'mail' && !more
  // Tickets left to ask for once a request is sent: the page offers a new request for them.
  const othersLeft = requestSent && canAskAny(rows.filter((r) => !sent.has(r.id)))
  const footerHidden = allConfirmed(rows) || requestSent || (withdrawn && !canAskAgain) || closed !== null

  const toggle = (id: number) =>
    setSelected((s) => {
      const next = new Set(s)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })

  // Rows read again (after a refusal, say) may no longer be returnable (returned in another tab):
  // they drop out of the selection, so its sum is what a return of the rest refunds.
  useEffect(() => {
    setSelected((s) => {
      const still = new Set(rows.filter(isSelectable).map((r) => r.id))
      return [...s].every((id) => still.has(id)) ? s : new Set([...s].filter((id) => still.has(id)))
    })
  }, [rows])

  /** A refused call: says why, and reads the rows again (what was refused may have changed them). */
  const failed = async (error: unknown) => {
    if (error instanceof ApiCallError && error.errorCode === ErrorCode.AMOUNT_CHANGED) {
      // Not an error of the visitor's: the page says why once the rows are read again, so the
      // alert (read out at once) names the new sum, not the one just refused.
      await reload()
      setAmountChanged(true)
      return
    }
    console.error('return call failed', error)
    const code = error instanceof ApiCallError ? error.errorCode : ErrorCode.INTERNAL
    const text = error instanceof ApiCallError ? error.errorText : ''
    showModal({ kind: 'error', code, text })
    await reload()
  }

  const issue = async () => {
    setAsking(false)
    if (reason === null) return
    setBusy(true)
    setAmountChanged(false)
    try {
      // The sum the page showed: the server refuses a request that would refund another (AMOUNT_CHANGED).
      const answer = await api.call('orderReturnCreate', { hash, lang, reason, id: [...selected], summa: totals.sum })
      // Reload first: the notice and the tickets' new statuses appear together.
      await reload()
      // The tickets sent stay ticked and locked: should the reload have failed, they still show as
      // chosen rather than as free to tick again.
      setSent((s) => new Set([...s, ...selected]))
      setSelected(new Set())
      setMore(false)
      setNotice({ kind: 'mail', email: answer.email })
    } catch (error) {
      await failed(error)
    } finally {
      setBusy(false)
    }
  }

  // A new request for the tickets left (the server takes one request after another, each with its
  // own e-mailed link): the data is read again, the form starts empty (a new reason and consent,
  // 001 §4), the last request's notice stays, and the focus goes to the first ticket to tick.
  const returnMore = async () => {
    if (busy) return
    setBusy(true)
    setMoreFailed(false)
    let fresh = false
    try {
      fresh = await refresh()
    } finally {
      setBusy(false)
    }
    if (!fresh) {
      setMoreFailed(true)
      return
    }
    setReason(null)
    setConsent(false)
    setMore(true)
  }
  useEffect(() => {
    if (!more) return
    // None left to tick (their time ran out meanwhile): the notice keeps the focus, not the body.
    const first = rootRef.current?.querySelector<HTMLInputElement>('.return-table__check:enabled')
    if (first) first.focus()
    else outcomeRef.current?.focus()
  }, [more])

  const confirm = async () => {
    if (hashConf === null) return
    setBusy(true)
    setAmountChanged(false)
    try {
      const answer = await api.call('orderReturnConfirm', { hash, lang, hashConf, summa: totals.sum })
      await reload()
      setNotice({ kind: 'confirmed', sum: answer.summa, pending: answer.refund_pending === true })
      // Consent was given for this confirmation; a later request asks for it again.
      setConsent(false)
    } catch (error) {
      await failed(error)
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="return-page" ref={rootRef}>
      <header className="return-page__header">
        <h1 className="return-page__title">{t('returns.title')}</h1>
        {first && (
          <p className="return-page__order">
            <strong>{t('returns.order', { num: first.ord_num })}</strong> {t('returns.order-date', { date: venueClockText(first.datime, lang, t) })}
          </p>
        )}
        {first && (
          <dl className="return-page__buyer" aria-label={t('returns.buyer')}>
            {buyerName !== '' && <div><dt>{t('returns.name')}</dt><dd>{buyerName}</dd></div>}
            {first.email !== '' && <div><dt>{t('returns.email')}</dt><dd>{first.email}</dd></div>}
            {first.phone !== '' && <div><dt>{t('returns.phone')}</dt><dd>{first.phone}</dd></div>}
          </dl>
        )}
      </header>

      {notice?.kind === 'mail' && <p ref={outcomeRef} tabIndex={-1} className="notice return-notice">{t('returns.mail-sent', { email: notice.email })}</p>}
      {othersLeft && (
        <p className="return-more">
          {/* aria-disabled, not disabled, while it loads: a disabled button drops the keyboard's focus to the page. */}
          <button type="button" className="button return-more__button" aria-disabled={busy} onClick={() => void returnMore()}>{t('returns.more')}</button>
        </p>
      )}
      {othersLeft && moreFailed && <p className="notice notice--error return-more__failed" role="alert">{t('returns.more-failed')}</p>}
      {notice?.kind === 'confirmed' && (
        <p ref={outcomeRef} tabIndex={-1} className="notice return-notice return-notice--success">
          <strong>{t('returns.confirmed')}</strong>
          <br />
          {t('returns.confirmed-sum', { sum: formatMoney(notice.sum, lang, currency) })}
          {notice.pending && (
            <>
              <br />
              {t('returns.confirmed-pending')}
            </>
          )}
        </p>
      )}

      <div role="status" aria-live="polite" className="return-page__status">
        {notice?.kind === 'mail' && more && <p className="return-more__hint">{t('returns.more-hint')}</p>}
        {notice === null && mode === 'confirm' && !confirmClosed && <p className="notice return-notice">{t('returns.confirm-link')}</p>}
        {notice === null && confirmClosed && <p className="notice notice--error return-notice return-notice--expired">{t('returns.expired')}</p>}
        {notice === null && allConfirmed(rows) && <p className="notice return-notice">{t('returns.all-returned')}</p>}
        {notice === null && (outcome === 'inactive' || (outcome === 'waiting' && mode === 'issue')) && canAskAgain && <p className="notice return-notice">{t('returns.link-inactive')}</p>}
        {notice === null && closed !== null && (
          <p className={`notice notice--error return-notice return-notice--closed return-notice--closed-${closed}`}>
            <strong>{closed === 'used' ? t('returns.used-title') : t('returns.expired')}</strong>
            <br />
            {closed === 'used' ? t('returns.closed-used') : t('returns.closed')}
          </p>
        )}
        {notice === null && (outcome === 'used' || outcome === 'refunded') && (
          <p className={`notice notice--error return-notice return-notice--${outcome}`}>
            <strong>{outcome === 'used' ? t('returns.link-used-title') : t('returns.link-refunded-title')}</strong>
            <br />
            {outcome === 'used' ? t('returns.link-used') : t('returns.link-refunded')}
            {canAskAgain && ` ${t('returns.link-again')}`}
          </p>
        )}
        {notice === null && outcome === 'late' && (
          <p className="notice notice--error return-notice return-notice--withdrawn">
            <strong>{t('returns.expired')}</strong>
            <br />
            {t('returns.withdrawn')} {canAskAgain ? t('returns.withdrawn-again') : t('returns.withdrawn-none')}
          </p>
        )}
      </div>

      {groups.map((g) => (
        <EventBlock key={g.key} group={g} loadedAt={loadedAt} lang={lang} selected={selected} held={sent} onToggle={toggle} showVisitor={showVisitor} locked={busy || mode === 'confirm' || requestSent} />
      ))}

      {amountChanged && !footerHidden && (
        <p className="notice notice--error return-notice return-notice--changed" role="alert">
          <strong>{t('returns.amount-changed-title')}</strong>
          <br />
          {t('returns.amount-changed', { sum: formatMoney(totals.sum, lang, currency) })}
        </p>
      )}

      {!footerHidden && (
        <ReturnFooter data={data} lang={lang} mode={mode} tickets={totals.tickets} sum={totals.sum} reason={reason} onReason={setReason}
          consent={consent} onConsent={setConsent} enabled={enabled} busy={busy} closed={confirmClosed}
          onSubmit={() => (mode === 'issue' ? setAsking(true) : void confirm())} />
      )}

      <ConfirmDialog open={asking} title={t('returns.confirm-title')}
        text={t('returns.confirm-text', { tickets: t('returns.summary-tickets', { count: totals.tickets }), sum: formatMoney(totals.sum, lang, currency) })}
        confirmLabel={t('returns.confirm-yes')} cancelLabel={t('returns.confirm-no')}
        onConfirm={() => void issue()} onCancel={() => setAsking(false)} />
    </div>
  )
}

import { useMemo, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { ApiCallError } from '../../../contract/client'
import type { OrderDataResponse } from '../../../contract/entities/nominal'
import { ErrorCode } from '../../../contract/errors'
import { api } from '../../api/client'
import { Agreements } from '../../forms/Agreements'
import { agreementAnswers, agreementsPass, type AgreementState } from '../../forms/agreements'
import { SubmitOverlay } from '../../forms/SubmitOverlay'
import { useLinkContext } from '../../hooks/useLinks'
import { buildLink, segment } from '../../lib/links'
import { SafeHtml } from '../../shell/SafeHtml'
import { useModal } from '../../state/modal'
import { useCurrency, useSession, useVenueTimeZone } from '../../state/session'
import { formatMoney } from '../../kernel/format'
import { useCountdown } from '../order/useCountdown'
import { Countdown } from './Countdown'
import { confirmPayload, confirmTimer, draftErrors, emptyDraft, isNegativeAge, regionsByCountry, visitorContext, type DraftField, type VisitorDraft } from './model/form'
import { VisitorCard } from './VisitorCard'

/**
 * The named-ticket form (000 §2, §4, §5): one card per ticket, the to-pay total, the countdown
 * and the confirm section (consent text, checkboxes, button). The confirm section disappears
 * when the countdown reaches zero (unpaid orders only: a paid order has no deadline and no
 * countdown); a birth date with a negative age disables the button.
 */
export function NominalForm({ hash, data, loadedAt }: { hash: string; data: OrderDataResponse; loadedAt: number }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const linkCtx = useLinkContext()
  const lang = useSession((s) => s.lang)
  const currency = useCurrency()
  // Ages count by the venue's calendar day, as the server's check does (ageOn), not the browser's.
  const timeZone = useVenueTimeZone()
  const showModal = useModal((s) => s.show)
  const rows = data.rows
  const [drafts, setDrafts] = useState<VisitorDraft[]>(() => rows.map(emptyDraft))
  const [open, setOpen] = useState<boolean[]>(() => rows.map(() => true))
  const [touched, setTouched] = useState<Set<string>>(() => new Set())
  const [submitted, setSubmitted] = useState(false)
  const [consents, setConsents] = useState<AgreementState>({})
  const [sending, setSending] = useState(false)
  // A paid order has no deadline: its clock is not even started (no tick each second).
  const timer = confirmTimer(rows[0], useCountdown(rows[0].paid === 1 ? 0 : rows[0].reservetime, loadedAt))
  // "Today" for ages: fixed per render pass of a day is enough; a fresh Date each render is cheap.
  const now = new Date()
  const regions = useMemo(() => regionsByCountry(data), [data])
  const ctx = visitorContext(data, now, timeZone)
  const errors = drafts.map((d, i) => draftErrors(d, rows[i], ctx))
  const negativeAge = drafts.some((d, i) => rows[i].needage === 2 && isNegativeAge(d.date, now, timeZone))

  const change = (i: number, patch: Partial<VisitorDraft>) => setDrafts((all) => all.map((d, j) => (j === i ? { ...d, ...patch } : d)))
  const touch = (i: number, field: DraftField) => setTouched((s) => (s.has(`${i}:${field}`) ? s : new Set(s).add(`${i}:${field}`)))

  async function submit(e: FormEvent) {
    e.preventDefault()
    if (sending || negativeAge) return
    setSubmitted(true)
    const firstInvalid = errors.findIndex((list) => list.length > 0)
    if (firstInvalid >= 0 || !agreementsPass(data.checkboxList, consents)) {
      if (firstInvalid >= 0) {
        setOpen((o) => o.map((v, i) => v || errors[i].length > 0))
        // Focus the first invalid field once the card is open.
        requestAnimationFrame(() => document.querySelector<HTMLElement>('.visitor-card [aria-invalid="true"]')?.focus())
      }
      return
    }
    setSending(true)
    try {
      const answer = await api.call('confirmNominal', confirmPayload(rows, drafts, hash, lang, agreementAnswers(data.checkboxList, consents)))
      navigate(buildLink(`/order/${segment(answer.hash)}`, linkCtx))
    } catch (error) {
      if (error instanceof ApiCallError && error.status !== 0) {
        showModal({ kind: 'error', text: error.errorText || t('nominal.order-error', { code: error.errorCode }), code: error.errorCode || ErrorCode.INTERNAL })
      } else {
        console.error('confirm-nominal failed', error)
      }
      setSending(false)
    }
  }

  return (
    // data-keep-clear: the scroll-top button steps aside while the fields and their errors lie under it (ScrollTop).
    <form className="nominal__form" noValidate onSubmit={(e) => void submit(e)} data-keep-clear="">
      {rows.map((row, i) => (
        <VisitorCard key={row.id} index={i} row={row} data={data} regions={regions} draft={drafts[i]} errors={errors[i]}
          shown={(f) => submitted || touched.has(`${i}:${f}`)} open={open[i]} lang={lang} now={now} timeZone={timeZone}
          onToggle={() => setOpen((o) => o.map((v, j) => (j === i ? !v : v)))}
          onChange={(patch) => change(i, patch)} onBlur={(f) => touch(i, f)} />
      ))}
      {/* What the order's view says is to pay (the server's demsumma: promo code, bonuses and offers
          counted), not the tickets' list costs; a paid order has nothing left to pay, as its view
          shows no amount to pay either. */}
      {rows[0].paid === 0 && (
        <p className="nominal__total">
          <span>{t('nominal.to-pay')}</span> <strong>{formatMoney(data.demsumma, lang, currency)}</strong>
        </p>
      )}
      {timer.kind !== 'expired' ? (
        <div className="nominal__confirm">
          {timer.kind === 'running' && <Countdown seconds={timer.seconds} />}
          {data.text !== '' && <SafeHtml className="nominal__text" html={data.text} />}
          <Agreements items={data.checkboxList} checked={consents} onChange={setConsents} showErrors={submitted} idPrefix="nominal" />
          {negativeAge && <p className="field__error" id="nominal-blocked">{t('nominal.negative-age')}</p>}
          <button type="submit" className="button button--primary nominal__submit" disabled={sending || negativeAge}
            aria-describedby={negativeAge ? 'nominal-blocked' : undefined}>
            {t('nominal.confirm')}
          </button>
        </div>
      ) : (
        <p className="nominal__expired" role="status">{t('nominal.expired')}</p>
      )}
      <SubmitOverlay active={sending} />
    </form>
  )
}

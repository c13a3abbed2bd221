import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { OrderReturnDataResponse } from '../../../contract/entities/returns'
import { pickLocalized, type Lang } from '../../../contract/lang'
import { formatDate, formatMoney } from '../../kernel/format'
import { useCurrency } from '../../state/session'

/**
 * The form footer: summary of the tickets to return and the refund, the reasons (locked once
 * one is chosen, 001 §4), the consent switch with its date, and the 'Issue refund' or
 * 'Confirm' button with the hint of what is still missing, or 'return time expired' once the
 * waiting tickets' deadline passed (`closed`: nothing the visitor does can enable it then).
 */
export function ReturnFooter({ data, lang, mode, tickets, sum, reason, onReason, consent, onConsent, enabled, busy, closed = false, onSubmit }: {
  data: OrderReturnDataResponse
  lang: Lang
  mode: 'issue' | 'confirm'
  tickets: number
  sum: number
  reason: number | null
  onReason: (id: number) => void
  consent: boolean
  onConsent: (value: boolean) => void
  enabled: boolean
  busy: boolean
  closed?: boolean
  onSubmit: () => void
}) {
  const currency = useCurrency()
  const { t } = useTranslation()
  const reasonsId = useId()
  const hintId = useId()
  const consentId = useId()
  return (
    // data-keep-clear: the phone's scroll-top button floats in the bottom-left corner, where the
    // reasons' radios and the consent switch sit; it steps aside while they lie under it (ScrollTop).
    <section className="return-footer" aria-label={t('returns.summary')} data-keep-clear="">
      <dl className="return-footer__summary">
        <div><dt>{t('returns.summary')}</dt><dd>{t('returns.summary-tickets', { count: tickets })}</dd></div>
        <div><dt>{t('returns.refund-amount')}</dt><dd className="return-footer__sum">{formatMoney(sum, lang, currency)}</dd></div>
      </dl>
      {mode === 'issue' && (
        <fieldset className="return-footer__reasons" aria-describedby={reason === null ? reasonsId : undefined}>
          <legend>{t('returns.reasons')}</legend>
          {data.reasons.map((r) => {
            const descript = pickLocalized(r, 'descript', lang)
            return (
              <label key={r.id} className="return-reason">
                <input type="radio" name="return-reason" value={r.id} checked={reason === r.id} disabled={busy || (reason !== null && reason !== r.id)} onChange={() => onReason(r.id)} />
                <span>
                  <span className="return-reason__name">{pickLocalized(r, 'name', lang)}</span>
                  {descript !== '' && <span className="return-reason__descript">{descript}</span>}
                </span>
              </label>
            )
          })}
          <p id={reasonsId} className="field__hint">{reason === null ? t('returns.reason-required') : t('returns.reason-locked')}</p>
        </fieldset>
      )}
      <div className="return-consent">
        <input id={consentId} type="checkbox" role="switch" className="return-consent__switch" checked={consent} disabled={busy} onChange={(e) => onConsent(e.target.checked)} />
        <label htmlFor={consentId}>
          {data.text !== '' ? data.text : t('returns.consent')}
          <span className="return-consent__date">{t('returns.consent-date', { date: formatDate(data.date.slice(0, 10), lang) })}</span>
        </label>
      </div>
      <div className="return-footer__actions">
        <button type="button" className="button button--primary return-footer__submit" disabled={!enabled || busy} aria-describedby={enabled ? undefined : hintId} onClick={onSubmit}>
          {mode === 'issue' ? t('returns.issue') : t('returns.confirm')}
        </button>
        {!enabled && <p id={hintId} className={closed ? 'field__hint return-footer__closed' : 'field__hint'}>{closed ? t('returns.expired') : mode === 'issue' ? t('returns.issue-hint') : t('returns.confirm-hint')}</p>}
      </div>
    </section>
  )
}

import { useTranslation } from 'react-i18next'
import type { Lang } from '../../contract/lang'
import type { Totals as TotalsModel } from './cart'
import { formatMoney } from './format'
import { labelled } from '../i18n/punctuation'

/** Order totals (000 §2, §9): tickets, the service fee line only when above 0, the total. */
export function Totals({ totals, free, lang, currency }: { totals: TotalsModel; free: boolean; lang: Lang; currency: string }) {
  const { t } = useTranslation()
  const money = (v: number) => (free && v === 0 ? t('event.free') : formatMoney(v, lang, currency))
  return (
    <dl className="totals">
      <div className="totals__row">
        <dt>{labelled(t, t('event.tickets'), t('event.ticket-count', { count: totals.count }))}</dt>
        <dd>{money(totals.tickets)}</dd>
      </div>
      {totals.fee > 0 && (
        <div className="totals__row">
          <dt>{t('event.service-fee')}</dt>
          <dd>{formatMoney(totals.fee, lang, currency)}</dd>
        </div>
      )}
      <div className="totals__row totals__row--total">
        <dt>{t('event.total')}</dt>
        <dd>{money(totals.total)}</dd>
      </div>
    </dl>
  )
}

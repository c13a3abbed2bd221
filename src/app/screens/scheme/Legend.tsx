import { useTranslation } from 'react-i18next'
import type { Lang } from '../../../contract/lang'
import { formatMoney } from '../../kernel/format'
import type { LegendEntry } from './model/legend'

/**
 * The price legend: a colour per zone with its highest price, most expensive first (001 §2).
 * Buying by subscription it shows the subscription's prices, and the zones it does not cover
 * (greyed on the map) as not sold by subscription. Its prices are in the shop's currency
 * (setup's app.currency), handed in as the cart gets it: they are the same amounts the cart
 * writes. 001 §9's roubles were the spec's only currency; a rouble sign on a dollar amount would
 * misstate it.
 */
export function Legend({ entries, lang, currency, subscription = false }: { entries: readonly LegendEntry[]; lang: Lang; currency: string; subscription?: boolean }) {
  const { t } = useTranslation()
  return (
    <section className="scheme-legend" aria-label={subscription ? t('scheme.subscription-prices') : t('scheme.legend')}>
      <ul className="scheme-legend__list">
        {entries.map((e) => (
          <li key={e.zonelevel_id} className={`scheme-legend__item${e.available ? '' : ' scheme-legend__item--unavailable'}`} data-zone={e.zonelevel_id} data-available={e.available ? 1 : 0}>
            <span className="scheme-legend__swatch" style={{ background: e.color }} aria-hidden="true" />
            <span className="scheme-legend__name">{e.name}</span>
            {e.available
              ? <span className="scheme-legend__price">{formatMoney(e.maxPrice, lang, currency)}</span>
              : <span className="scheme-legend__unavailable">{t('scheme.not-by-subscription')}</span>}
          </li>
        ))}
      </ul>
    </section>
  )
}

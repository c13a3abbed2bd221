import { useTranslation } from 'react-i18next'
import type { Lang } from '../../../contract/lang'
import { formatMoney } from '../event/model/format'
import type { LegendEntry } from './model/legend'

/** Seats are priced in roubles on the legend (001 §9), whatever the storefront currency. */
const LEGEND_CURRENCY = 'RUB'

/** The price legend: a colour per zone with its highest price, most expensive first (001 §2). */
export function Legend({ entries, lang }: { entries: readonly LegendEntry[]; lang: Lang }) {
  const { t } = useTranslation()
  return (
    <section className="scheme-legend" aria-label={t('scheme.legend')}>
      <ul className="scheme-legend__list">
        {entries.map((e) => (
          <li key={e.zonelevel_id} className="scheme-legend__item" data-zone={e.zonelevel_id}>
            <span className="scheme-legend__swatch" style={{ background: e.color }} aria-hidden="true" />
            <span className="scheme-legend__name">{e.name}</span>
            <span className="scheme-legend__price">{formatMoney(e.maxPrice, lang, LEGEND_CURRENCY)}</span>
          </li>
        ))}
      </ul>
    </section>
  )
}

import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { PriceRow } from '../../../contract/entities/price'
import { pickLocalized, type Lang } from '../../../contract/lang'
import { headerColors } from '../../lib/color'
import { rowKey } from '../../kernel/cart'
import { formatMoney } from '../../kernel/format'
import { QuantityControl } from '../../kernel/QuantityControl'
import { joinParts } from '../../i18n/punctuation'

export interface PriceLine {
  row: PriceRow
  quantity: number
  canAdd: boolean
}

/**
 * Price categories with quantity controls (000 §2): the action's rowcount rows first, the rest
 * behind "more categories" (rowcount 0 shows all). Each row: zone colour, category, zone level,
 * description, price (or "free"), the needprice minimum or the group size.
 */
export function PriceList({ title, lines, rowcount, free, lang, currency, onAdd, onRemove }: {
  title: string
  lines: readonly PriceLine[]
  rowcount: number
  free: boolean
  lang: Lang
  currency: string
  onAdd: (row: PriceRow) => void
  onRemove: (row: PriceRow) => void
}) {
  const { t } = useTranslation()
  const listId = useId()
  const [expanded, setExpanded] = useState(false)
  if (lines.length === 0) return null
  const limited = rowcount > 0 && lines.length > rowcount
  // A chosen row never hides behind "more".
  const shown = limited && !expanded ? lines.filter((l, i) => i < rowcount || l.quantity > 0) : lines

  return (
    <section className="price-list" aria-label={title}>
      <h2 className="section-title">{title}</h2>
      <ul id={listId} className="price-list__rows">
        {shown.map(({ row, quantity, canAdd }) => {
          const category = pickLocalized(row, 'category', lang)
          const zone = pickLocalized(row, 'zonelevel', lang)
          const descript = pickLocalized(row, 'category_descript', lang)
          const name = joinParts(t, [category, zone])
          return (
            <li key={rowKey(row)} className="price-row" data-row={rowKey(row)}>
              <span className="price-row__swatch" style={{ background: headerColors(row.zonecolor)?.background ?? 'transparent' }} aria-hidden="true" />
              <div className="price-row__text">
                <span className="price-row__name">{category}</span>
                {zone !== '' && <span className="price-row__zone">{zone}</span>}
                {descript !== '' && <span className="price-row__descript">{descript}</span>}
                {row.needprice > 1 && <span className="price-row__rule">{t('event.needprice', { count: row.needprice })}</span>}
                {row.passagequant > 0 && <span className="price-row__rule">{t('event.group', { count: row.passagequant })}</span>}
              </div>
              <span className="price-row__price">{free || row.price === 0 ? t('event.free') : formatMoney(row.price, lang, currency)}</span>
              <QuantityControl name={name} value={quantity} canAdd={canAdd} onAdd={() => onAdd(row)} onRemove={() => onRemove(row)} />
            </li>
          )
        })}
      </ul>
      {limited && (
        <button type="button" className="link-button price-list__more" aria-expanded={expanded} aria-controls={listId} onClick={() => setExpanded((v) => !v)}>
          {expanded ? t('event.less-categories') : t('event.more-categories')}
        </button>
      )}
    </section>
  )
}

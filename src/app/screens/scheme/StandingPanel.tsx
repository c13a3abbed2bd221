import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { SeatStand } from '../../../contract/entities/scheme'
import type { Lang } from '../../../contract/lang'
import { QuantityControl } from '../../kernel/QuantityControl'
import { formatMoney } from '../../kernel/format'
import { standingMax } from './model/standing'
import { useCurrency } from '../../state/session'

/**
 * The collapsible 'Стоячие места' panel (001 §2): one quantity control per standing place.
 * The plus stops at the minimum of free places, the place's limit and the cart's remaining
 * limit (001 §5); asking past it (the cart is full) shows the limit warning instead.
 */
export function StandingPanel({ stands, held, limitLeft, priceOf, lang, unavailableText, onChange, onLimit }: {
  stands: readonly SeatStand[]
  /** Places of each stand this cart holds, by seat_id. */
  held: ReadonlyMap<string, number>
  limitLeft: number
  /** A place's price in the chosen mode; null when it is not sold in that mode (e.g. not by subscription). */
  priceOf: (stand: SeatStand) => number | null
  lang: Lang
  /** Said beside a place that has no price in the chosen mode (its plus is disabled). */
  unavailableText: string
  onChange: (stand: SeatStand, quantity: number) => void
  onLimit: () => void
}) {
  const currency = useCurrency()
  const { t } = useTranslation()
  const [open, setOpen] = useState(true)
  const listId = useId()
  if (stands.length === 0) return null
  return (
    <section className="scheme-standing">
      <h2 className="section-title">
        <button type="button" className="link-button" aria-expanded={open} aria-controls={listId} onClick={() => setOpen((v) => !v)}>
          {t('scheme.standing')} <span aria-hidden="true">{open ? '▴' : '▾'}</span>
        </button>
      </h2>
      <ul id={listId} hidden={!open} className="scheme-standing__list">
        {stands.map((s) => {
          const inCart = held.get(s.seat_id) ?? 0
          const max = standingMax(s, inCart, limitLeft)
          const price = priceOf(s)
          return (
            <li key={s.seat_id} className="scheme-standing__item" data-stand={s.seat_id}>
              <span className="scheme-standing__name">{s.seat_name}</span>
              {price !== null
                ? <span className="scheme-standing__price">{formatMoney(price, lang, currency)}</span>
                : <span className="scheme-standing__unavailable">{unavailableText}</span>}
              <span className="scheme-standing__left">{t('scheme.standing-left', { count: s.quant })}</span>
              <QuantityControl name={s.seat_name} value={inCart} canAdd={price !== null && (inCart < max || (limitLeft <= 0 && s.quant > 0))}
                onAdd={() => (inCart < max ? onChange(s, inCart + 1) : onLimit())}
                onRemove={() => onChange(s, inCart - 1)} />
            </li>
          )
        })}
      </ul>
    </section>
  )
}

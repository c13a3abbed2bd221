import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { CartItem } from '../../../contract/entities/cart'
import type { PriceRow } from '../../../contract/entities/price'
import { pickLocalized, type Lang } from '../../../contract/lang'
import { formatMoney } from '../../kernel/format'
import { Totals } from '../../kernel/Totals'
import { ticketTotals } from '../../kernel/cart'
import { cartTotals } from './model/totals'
import { formatSeconds, useHoldCountdown } from './useHoldCountdown'
import { HoldWarning, HOLD_WARN_SECONDS, type ExtendResult } from '../../kernel/HoldWarning'

type Change = { seat_id: string; clientcategory_id: number; quantity: number }

/**
 * 'My shopping cart' (001 §2): the held places with their category (a choice among the zone's
 * client categories), price and a remove button, the hold countdown and the totals. An empty
 * cart says messages.no-seats. When the hold runs out `onExpired` re-reads the cart. Before it
 * does, HoldWarning warns and offers `onExtend`. The countdown itself is not a live region: a
 * screen reader would read it every second. `heading` replaces the shop's words where the panel
 * is not a buyer's cart (the box office's: the operator's sale).
 */
export function CartPanel({ items, holdUntil, rows, lang, currency, onChange, onExpired, onExtend, heading: headingText }: {
  items: readonly CartItem[]
  holdUntil: number | null
  /** Price rows the visitor may use in this session (payment method applied). */
  rows: readonly PriceRow[]
  lang: Lang
  currency: string
  onChange: (change: Change) => void
  onExpired: () => void
  onExtend: () => Promise<ExtendResult>
  /** The panel's heading; the shop's "My shopping cart" when absent. */
  heading?: string
}) {
  const { t } = useTranslation()
  const left = useHoldCountdown(holdUntil)
  const countdown = useRef<HTMLParagraphElement>(null)
  const expired = left === 0
  useEffect(() => {
    if (expired) onExpired()
  }, [expired, onExpired])

  // A place removed with its own button takes that button off the page, and the keyboard's focus
  // with it. Once the place has left the cart, focus goes to the remove button now in its
  // position (the next place's), else the last place's, else the cart's heading.
  const removing = useRef<{ seatId: string; index: number } | null>(null)
  const list = useRef<HTMLUListElement>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    const gone = removing.current
    if (gone === null || items.some((i) => i.seat_id === gone.seatId)) return
    removing.current = null
    // Only focus that was lost with the button is moved (not focus the visitor took elsewhere meanwhile).
    if (document.activeElement !== null && document.activeElement !== document.body) return
    const buttons = list.current?.querySelectorAll<HTMLButtonElement>('.scheme-cart__remove') ?? []
    const next = buttons[Math.min(gone.index, buttons.length - 1)]
    if (next) next.focus()
    else heading.current?.focus()
  }, [items])

  const name = (item: CartItem) =>
    item.row === '' && item.seat === '' ? t('scheme.standing-item', { name: item.sector, count: item.quantity }) : t('scheme.seat', { sector: item.sector, row: item.row, seat: item.seat })

  return (
    <section className="scheme-cart" aria-labelledby="scheme-cart-title">
      <h2 id="scheme-cart-title" className="section-title" tabIndex={-1} ref={heading}>{headingText ?? t('scheme.cart')}</h2>
      <div className="scheme-cart__hold">
        {left !== null && left > 0 && <p ref={countdown} tabIndex={-1}>{t('scheme.hold-left', { time: formatSeconds(left) })}</p>}
      </div>
      <HoldWarning left={left} onExtend={onExtend} focusAfter={countdown} className="scheme-cart"
        texts={{
          warning: t('scheme.hold-warning', { seconds: HOLD_WARN_SECONDS }),
          extend: t('scheme.hold-extend'),
          extended: (r) => [t('scheme.hold-extended', { time: formatSeconds(r.holdSeconds) }), ...(r.extensionsLeft === undefined ? [] : [t('scheme.hold-extensions-left', { count: r.extensionsLeft })])].join(' '),
        }} />
      {items.length === 0 && <p className="scheme-cart__empty">{t('messages.no-seats')}</p>}
      {items.length > 0 && (
        <ul className="scheme-cart__list" ref={list}>
          {items.map((item, index) => {
            const choices = rows.filter((r) => r.zonelevel_id === item.zonelevel_id)
            const label = name(item)
            return (
              <li key={item.seat_id} className="scheme-cart__item" data-seat={item.seat_id}>
                <span className="scheme-cart__name">{label}</span>
                {choices.length > 1 ? (
                  <select aria-label={`${t('scheme.category')}: ${label}`} value={item.clientcategory_id}
                    onChange={(e) => onChange({ seat_id: item.seat_id, clientcategory_id: Number(e.target.value), quantity: item.quantity })}>
                    {choices.map((r) => (
                      <option key={r.clientcategory_id} value={r.clientcategory_id}>
                        {pickLocalized(r, 'category', lang)} · {formatMoney(r.price, lang, currency)}
                      </option>
                    ))}
                  </select>
                ) : (
                  <span className="scheme-cart__category">{pickLocalized(item, 'category', lang)}</span>
                )}
                <span className="scheme-cart__price">{formatMoney(ticketTotals([{ row: item, quantity: item.quantity }]).tickets, lang, currency)}</span>
                <button type="button" className="scheme-cart__remove" aria-label={t('scheme.remove', { name: label })}
                  onClick={() => {
                    removing.current = { seatId: item.seat_id, index }
                    onChange({ seat_id: item.seat_id, clientcategory_id: item.clientcategory_id, quantity: 0 })
                  }}>
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            )
          })}
        </ul>
      )}
      {items.length > 0 && <Totals totals={cartTotals(items)} free={false} lang={lang} currency={currency} />}
    </section>
  )
}

import './seatChoice.css'
import { useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'
import { ApiCallError } from '../../../../contract/client'
import type { BestSeatsResponse } from '../../../../contract/entities/best'
import type { PriceRow } from '../../../../contract/entities/price'
import { api } from '../../../api/client'
import { useCart } from '../../../state/cart'
import { useModal } from '../../../state/modal'
import type { PaymentMethod } from '../../../../contract/rules/payment'
import type { LegendEntry } from '../model/legend'
import { defaultRow } from '../model/refit'
import { seatList } from './seatList'

/** Quantities the control offers (the server checks the order limit as well). */
export const BEST_QUANTITY_CHOICES = 10
const DEFAULT_QUANTITY = 2

/**
 * "Best N seats" (issue 20): a quantity and an optional price level; the server chooses the
 * seats together (POST /api/cart/best), holds them and the cart shows them (so the map marks
 * them as the visitor's). "Show others" asks again excluding every block offered so far; the
 * server gives the held block back in the same step. Plain form controls: keyboard operable, and
 * the outcome is announced in a status region.
 * `onChosen` hands the chosen seat ids out: the page flies the map to them and focuses the first
 * (SchemeMapController.showSeats).
 */
export function BestSeats({ calendarId, rows, legend, method, subscritId, onChosen }: {
  calendarId: number
  /** Price rows of the chosen mode in this session (payment method applied). */
  rows: readonly PriceRow[]
  legend: readonly LegendEntry[]
  method: PaymentMethod
  subscritId: number | undefined
  onChosen?: (seatIds: readonly string[]) => void
}) {
  const { t } = useTranslation()
  const id = useId()
  const apply = useCart((s) => s.apply)
  const showModal = useModal((s) => s.show)
  const [quantity, setQuantity] = useState(DEFAULT_QUANTITY)
  const [zone, setZone] = useState<number | null>(null)
  const [offered, setOffered] = useState<string[]>([])
  const [busy, setBusy] = useState(false)
  const inFlight = useRef(false)
  // What the status line says, as words to put in the page's language when it renders (a
  // language switch re-words it, as it does every other text on the page).
  const [said, setSaid] = useState<((translate: TFunction) => string) | null>(null)
  const zones = legend.filter((e) => e.available)
  const row = zone === null ? rows.find((r) => defaultRow(rows, r.zonelevel_id, method) === r) : defaultRow(rows, zone, method)

  const ask = async (others: boolean) => {
    // One request at a time. The buttons stay focusable meanwhile (aria-disabled, not disabled): a
    // disabled button drops the keyboard's focus to the page, and the visitor would start over from the top.
    if (!row || inFlight.current) return
    inFlight.current = true
    setBusy(true)
    setSaid(() => (tr: TFunction) => tr('seatChoice.busy'))
    try {
      const answer: BestSeatsResponse = await api.call('cartBest', {
        calendar_id: calendarId,
        quantity,
        clientcategory_id: row.clientcategory_id,
        ...(zone === null ? {} : { zonelevel_id: zone }),
        ...(others && offered.length > 0 ? { exclude: offered } : {}),
        USE_PUSHKIN_CARD: method === 'gift' ? 1 : 0,
        ...(subscritId === undefined ? {} : { subscritId }),
      })
      apply(answer, Date.now())
      setOffered(others ? [...offered, ...answer.chosen] : answer.chosen)
      const chosen = answer.items.filter((i) => answer.chosen.includes(i.seat_id))
      setSaid(() => (tr: TFunction) => [tr(answer.together ? 'seatChoice.held-row' : 'seatChoice.held-block', { seats: seatList(chosen, tr) }), answer.leaves_single ? tr('seatChoice.held-single') : ''].join(' ').trim())
      onChosen?.(answer.chosen)
    } catch (e) {
      setSaid(null)
      if (e instanceof ApiCallError && e.status !== 0) showModal({ kind: 'warning', text: e.errorText })
      else console.error('best seats failed', e)
    } finally {
      inFlight.current = false
      setBusy(false)
    }
  }

  const changed = () => setOffered([])
  return (
    <section className="best-seats" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="section-title">{t('seatChoice.title')}</h2>
      <form className="best-seats__form" onSubmit={(e) => {
        e.preventDefault()
        void ask(false)
      }}>
        <label className="best-seats__field">
          <span>{t('seatChoice.quantity')}</span>
          <select value={quantity} onChange={(e) => {
            setQuantity(Number(e.target.value))
            changed()
          }}>
            {Array.from({ length: BEST_QUANTITY_CHOICES }, (_, i) => i + 1).map((n) => <option key={n} value={n}>{n}</option>)}
          </select>
        </label>
        {zones.length > 1 && (
          <label className="best-seats__field">
            <span>{t('seatChoice.zone')}</span>
            <select value={zone ?? ''} onChange={(e) => {
              setZone(e.target.value === '' ? null : Number(e.target.value))
              changed()
            }}>
              <option value="">{t('seatChoice.any-zone')}</option>
              {zones.map((z) => <option key={z.zonelevel_id} value={z.zonelevel_id}>{z.name}</option>)}
            </select>
          </label>
        )}
        <button type="submit" className="button button--primary" disabled={!row} aria-disabled={busy || undefined}>{t('seatChoice.find')}</button>
        {offered.length > 0 && (
          <button type="button" className="button" aria-disabled={busy || undefined} onClick={() => void ask(true)}>{t('seatChoice.others')}</button>
        )}
      </form>
      <p role="status" className="best-seats__status">{said?.(t) ?? ''}</p>
    </section>
  )
}

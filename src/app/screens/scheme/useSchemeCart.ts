import { useCallback, useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'
import { ApiCallError } from '../../../contract/client'
import type { PriceRow } from '../../../contract/entities/price'
import type { SeatStand } from '../../../contract/entities/scheme'
import { ErrorCode } from '../../../contract/errors'
import { SeatStatus } from '../../../engine/model'
import type { SeatInfo } from '../../../engine/interaction/seatInfo'
import { api } from '../../api/client'
import { useCart } from '../../state/cart'
import { useModal, type ModalContent } from '../../state/modal'
import type { PaymentMethod } from '../../../contract/rules/payment'
import type { SchemeMapController } from './map/SchemeMapController'
import { cartLimit, defaultRow, fitCart, type CartChange, type Dropped } from './model/refit'

/**
 * What the visitor is told when the fit let places go: the limit (the gift card's own text) as
 * the header, then the places, so nobody has to work out what left the cart and why.
 */
function fitNotice(t: TFunction, method: PaymentMethod, overLimit: readonly Dropped[], notSold: readonly Dropped[]): ModalContent | null {
  const places = (list: readonly Dropped[]) => list.map(({ item, count }) =>
    item.row === '' && item.seat === '' ? t('scheme.standing-item', { name: item.sector, count }) : t('scheme.seat', { sector: item.sector, row: item.row, seat: item.seat })).join('; ')
  const parts = [
    ...(overLimit.length > 0 ? [t('scheme.released-limit', { places: places(overLimit) })] : []),
    ...(notSold.length > 0 ? [t('scheme.released-not-sold', { places: places(notSold) })] : []),
  ]
  if (parts.length === 0) return null
  // The places sit in brackets, so a standing place's own full stop ("3 шт.") never doubles the sentence's.
  const text = parts.join(' ')
  if (overLimit.length === 0) return { kind: 'warning', text }
  return { kind: 'warning', title: method === 'gift' ? t('event.gift-limit') : t('modal.error-limit'), text }
}

/**
 * Cart actions of one session: restore (/api/cart/list), take or release a seat, set a standing
 * place's quantity, change a seat's client category. Every answer replaces the cart store.
 * Buying by subscription, every change carries `subscritId`, so the server caps the cart by what
 * the subscription has left. Refusals: a limit (-9998: the order's or the subscription's) shows
 * modal.error-limit; a place someone just took (-1005) shows messages.place-unavailable and marks
 * the seat held on the map at once; a seat of a zone the subscription does not cover (`isBlocked`)
 * is refused before the cart.
 *
 * `rows` are the rows of the chosen mode (regular or subscription prices) and method. A restored
 * cart is fitted to them on arrival (model/refit.ts fitCart): the page remounts this per method
 * and mode, so a switch of the gift card or the subscription box, or a reload, re-prices the
 * places the new terms do not sell at their old rows, releases those they do not sell at all and
 * those past the new limit (the gift card's 1 ticket), and says so. Like the event page's
 * quantities (000 §4), switching never keeps prices the order would be refused for.
 */
export function useSchemeCart(calendarId: number, rows: readonly PriceRow[], method: PaymentMethod, subscription: { subscritId: number; quant: number } | undefined, isBlocked: (seatId: string) => boolean, map: SchemeMapController | null) {
  const { t } = useTranslation()
  const showModal = useModal((s) => s.show)
  const apply = useCart((s) => s.apply)
  const gift = method === 'gift' ? 1 : 0
  const subscritId = subscription?.subscritId
  const bySubscription = subscritId !== undefined
  const rowsRef = useRef(rows)
  rowsRef.current = rows
  // Read when the cart arrives: a refreshed count or a new language must not list the cart again.
  const quantRef = useRef(subscription?.quant ?? null)
  quantRef.current = subscription?.quant ?? null
  const tRef = useRef(t)
  tRef.current = t

  const send = useCallback(
    async (changes: CartChange[]) =>
      apply(await api.call('cartUpdate', { calendar_id: calendarId, changes, USE_PUSHKIN_CARD: gift, ...(subscritId === undefined ? {} : { subscritId }) }), Date.now()),
    [calendarId, gift, subscritId, apply],
  )

  useEffect(() => {
    let cancelled = false
    // Another session's items must not highlight seats of this map while the list loads.
    useCart.getState().clear()
    void (async () => {
      try {
        // By this method: limit_left is then the gift card's when it is chosen.
        const answer = await api.call('cartList', { calendar_id: calendarId, USE_PUSHKIN_CARD: gift })
        if (cancelled) return
        apply(answer, Date.now())
        const fit = fitCart(answer.items, { rows: rowsRef.current, method, bySubscription, limit: cartLimit(answer, method, quantRef.current) })
        if (fit.changes.length === 0) return
        let notSold = fit.notSold
        try {
          await send(fit.changes)
        } catch {
          // Refused all the same (a standing place filled up meanwhile, say): every place the fit
          // touched is released instead, so what is left is a cart the order takes.
          await send(fit.changes.map((c) => ({ ...c, quantity: 0 })))
          const over = new Set(fit.overLimit.map((d) => d.item.seat_id))
          const touched = new Set(fit.changes.map((c) => c.seat_id))
          notSold = answer.items.filter((i) => touched.has(i.seat_id) && !over.has(i.seat_id)).map((item) => ({ item, count: item.quantity }))
        }
        const notice = cancelled ? null : fitNotice(tRef.current, method, fit.overLimit, notSold)
        if (notice !== null) showModal(notice)
      } catch (error) {
        console.error('cart list failed', error)
      }
    })()
    return () => {
      cancelled = true
    }
  }, [calendarId, apply, send, bySubscription, method, gift, showModal])

  const update = useCallback(async (changes: CartChange[]): Promise<boolean> => {
    try {
      await send(changes)
      return true
    } catch (e) {
      if (e instanceof ApiCallError && e.errorCode === ErrorCode.LIMIT) showModal({ kind: 'warning', text: t('modal.error-limit') })
      else if (e instanceof ApiCallError && e.errorCode === ErrorCode.UNAVAILABLE) showModal({ kind: 'warning', text: t('messages.place-unavailable') })
      else if (e instanceof ApiCallError && e.status !== 0) showModal({ kind: 'error', code: e.errorCode, text: e.errorText })
      else console.error('cart update failed', e)
      return false
    }
  }, [send, showModal, t])

  /** A click on a seat of the map (or the list view): take a free seat, release one of ours. */
  const toggleSeat = useCallback(async (info: SeatInfo) => {
    const mine = useCart.getState().items.find((i) => i.seat_id === info.key)
    if (mine !== undefined) {
      await update([{ seat_id: info.key, clientcategory_id: mine.clientcategory_id, quantity: 0 }])
      return
    }
    if (isBlocked(info.key)) {
      showModal({ kind: 'warning', text: t('scheme.seat-not-by-subscription') })
      return
    }
    if (info.status !== SeatStatus.Free) {
      showModal({ kind: 'warning', text: t('messages.place-unavailable') })
      return
    }
    const { items, limitLeft } = useCart.getState()
    if (items.length > 0 && limitLeft <= 0) {
      showModal({ kind: 'warning', text: t('modal.error-limit') })
      return
    }
    const zoneId = map?.zoneOf(info.index) ?? null
    const row = zoneId === null ? null : defaultRow(rows, zoneId, method)
    if (row === null) {
      showModal({ kind: 'warning', text: t('messages.place-unavailable') })
      return
    }
    const ok = await update([{ seat_id: info.key, clientcategory_id: row.clientcategory_id, quantity: 1 }])
    // Someone took it between the last status we heard and the click: show it taken now.
    if (!ok) map?.showTaken(info.index)
  }, [update, rows, method, isBlocked, showModal, t, map])

  /** A standing place's quantity (the standing panel): its category kept if held, else the zone's default row for the method. */
  const setStanding = useCallback((stand: SeatStand, quantity: number) => {
    const mine = useCart.getState().items.find((i) => i.seat_id === stand.seat_id)
    const category = mine?.clientcategory_id ?? defaultRow(rows, stand.cat, method)?.clientcategory_id
    if (category === undefined) {
      showModal({ kind: 'warning', text: t('messages.place-unavailable') })
      return
    }
    void update([{ seat_id: stand.seat_id, clientcategory_id: category, quantity }])
  }, [rows, method, update, showModal, t])

  return { update, toggleSeat, setStanding }
}

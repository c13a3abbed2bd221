import { useCallback, useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiCallError } from '../../../contract/client'
import type { PriceRow } from '../../../contract/entities/price'
import { ErrorCode } from '../../../contract/errors'
import { SeatStatus } from '../../../engine/model'
import type { SeatInfo } from '../../../engine/interaction/seatInfo'
import { api } from '../../api/client'
import { useCart } from '../../state/cart'
import { useModal } from '../../state/modal'
import { rowAllowed, type PaymentMethod } from '../../kernel/payment'
import type { SchemeMapController } from './map/SchemeMapController'

/** The price row a newly chosen place takes: the zone's first allowed row (the operator's order). */
export function defaultRow(rows: readonly PriceRow[], zonelevelId: number, method: PaymentMethod): PriceRow | null {
  return rows.find((r) => r.zonelevel_id === zonelevelId && rowAllowed(r, method)) ?? null
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
 * `rows` are the rows of the chosen mode (regular or subscription prices). A restored cart whose
 * places were priced in the other mode (the box was switched, or the page reloaded) is re-priced
 * in this one on arrival, place by place; a place this mode does not sell is released. Like the
 * event page's quantities (000 §4), switching the mode never keeps prices of the other one.
 */
export function useSchemeCart(calendarId: number, rows: readonly PriceRow[], method: PaymentMethod, subscritId: number | undefined, isBlocked: (seatId: string) => boolean, map: SchemeMapController | null) {
  const { t } = useTranslation()
  const showModal = useModal((s) => s.show)
  const apply = useCart((s) => s.apply)
  const gift = method === 'gift' ? 1 : 0
  const bySubscription = subscritId !== undefined
  const rowsRef = useRef(rows)
  rowsRef.current = rows

  const send = useCallback(
    async (changes: { seat_id: string; clientcategory_id: number; quantity: number }[]) =>
      apply(await api.call('cartUpdate', { calendar_id: calendarId, changes, USE_PUSHKIN_CARD: gift, ...(subscritId === undefined ? {} : { subscritId }) }), Date.now()),
    [calendarId, gift, subscritId, apply],
  )

  useEffect(() => {
    let cancelled = false
    // Another session's items must not highlight seats of this map while the list loads.
    useCart.getState().clear()
    void (async () => {
      try {
        const answer = await api.call('cartList', { calendar_id: calendarId })
        if (cancelled) return
        apply(answer, Date.now())
        const stale = answer.items.filter((i) => (i.for_subscription === 1) !== bySubscription)
        if (stale.length === 0) return
        const repriced = stale.map((i) => {
          const row = defaultRow(rowsRef.current, i.zonelevel_id, method)
          return { seat_id: i.seat_id, clientcategory_id: row?.clientcategory_id ?? i.clientcategory_id, quantity: row === null ? 0 : i.quantity }
        })
        try {
          await send(repriced)
        } catch {
          // This mode cannot take them all (its limit): they are released instead.
          await send(stale.map((i) => ({ seat_id: i.seat_id, clientcategory_id: i.clientcategory_id, quantity: 0 })))
        }
      } catch (error) {
        console.error('cart list failed', error)
      }
    })()
    return () => {
      cancelled = true
    }
  }, [calendarId, apply, send, bySubscription, method])

  const update = useCallback(async (changes: { seat_id: string; clientcategory_id: number; quantity: number }[]): Promise<boolean> => {
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

  return { update, toggleSeat }
}

import { useCallback, useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiCallError } from '../../../contract/client'
import type { PriceRow } from '../../../contract/entities/price'
import { ErrorCode } from '../../../contract/errors'
import { SeatStatus } from '../../../engine/model'
import type { SeatMapEngine } from '../../../engine/SeatMapEngine'
import { api } from '../../api/client'
import { useCart } from '../../state/cart'
import { useModal } from '../../state/modal'
import { rowAllowed, type PaymentMethod } from '../event/model/payment'

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
 * the seat held on the map at once.
 */
export function useSchemeCart(calendarId: number, rows: readonly PriceRow[], method: PaymentMethod, subscritId?: number) {
  const { t } = useTranslation()
  const showModal = useModal((s) => s.show)
  const apply = useCart((s) => s.apply)
  const gift = method === 'gift' ? 1 : 0

  useEffect(() => {
    let cancelled = false
    // Another session's items must not highlight seats of this map while the list loads.
    useCart.getState().clear()
    api.call('cartList', { calendar_id: calendarId }).then(
      (answer) => {
        if (!cancelled) apply(answer, Date.now())
      },
      (error: unknown) => console.error('cart list failed', error),
    )
    return () => {
      cancelled = true
    }
  }, [calendarId, apply])

  const update = useCallback(async (changes: { seat_id: string; clientcategory_id: number; quantity: number }[]): Promise<boolean> => {
    try {
      apply(await api.call('cartUpdate', { calendar_id: calendarId, changes, USE_PUSHKIN_CARD: gift, ...(subscritId === undefined ? {} : { subscritId }) }), Date.now())
      return true
    } catch (e) {
      if (e instanceof ApiCallError && e.errorCode === ErrorCode.LIMIT) showModal({ kind: 'warning', text: t('modal.error-limit') })
      else if (e instanceof ApiCallError && e.errorCode === ErrorCode.UNAVAILABLE) showModal({ kind: 'warning', text: t('messages.place-unavailable') })
      else if (e instanceof ApiCallError && e.status !== 0) showModal({ kind: 'error', code: e.errorCode, text: e.errorText })
      else console.error('cart update failed', e)
      return false
    }
  }, [calendarId, gift, subscritId, apply, showModal, t])

  /** A click on a seat of the map (or the list view): take a free seat, release one of ours. */
  const toggleSeat = useCallback(async (index: number, engine: SeatMapEngine) => {
    const venue = engine.getVenue()
    const info = engine.getSeatInfo(index)
    if (venue === null || info === null) return
    const mine = useCart.getState().items.find((i) => i.seat_id === info.key)
    if (mine !== undefined) {
      await update([{ seat_id: info.key, clientcategory_id: mine.clientcategory_id, quantity: 0 }])
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
    const zoneId = Number(venue.zones[venue.seats.zone[index]]?.id)
    const row = defaultRow(rows, zoneId, method)
    if (row === null) {
      showModal({ kind: 'warning', text: t('messages.place-unavailable') })
      return
    }
    const ok = await update([{ seat_id: info.key, clientcategory_id: row.clientcategory_id, quantity: 1 }])
    // Someone took it between the last status we heard and the click: show it taken now.
    if (!ok && engine.getVenue()?.seats.status[index] === SeatStatus.Free) engine.setStatuses([index], SeatStatus.Held)
  }, [update, rows, method, showModal, t])

  return { update, toggleSeat }
}

import { useCallback, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { SeatStand } from '../../../contract/entities/scheme'
import { Link } from 'react-router-dom'
import type { PriceRow } from '../../../contract/entities/price'
import type { Lang } from '../../../contract/lang'
import type { SeatInfo } from '../../../engine/interaction/seatInfo'
import { api as shopApi } from '../../api/client'
import { useCart } from '../../state/cart'
import { ticketTotals } from '../../kernel/cart'
import { CartPanel } from '../../screens/scheme/CartPanel'
import { Legend } from '../../screens/scheme/Legend'
import { availableZones, colorNumber, zoneInputs, zoneLegend } from '../../screens/scheme/model/legend'
import { BestSeats } from '../../screens/scheme/seatChoice/BestSeats'
import { storefrontCart } from '../../screens/scheme/map/cartSource'
import { SchemeMapContext, useSchemeMapField } from '../../screens/scheme/map/context'
import { SchemeMap } from '../../screens/scheme/map/SchemeMap'
import { useSessionMap } from '../../screens/scheme/map/useSessionMap'
import { StandingPanel } from '../../screens/scheme/StandingPanel'
import { useSchemeCart } from '../../screens/scheme/useSchemeCart'
import { useModal } from '../../state/modal'
import { fillIn } from '../careTexts'
import { ErrorNote, messageOf, useConsole } from '../shell'
import { SaleForm } from './SaleForm'
import { BOX_TEXTS } from './texts'

/** The box office sells at the shop's prices, paid at the desk: never the gift-card rows. */
const METHOD = 'bank' as const

/**
 * One session's map at the box office: the storefront's own seat map (SchemeMapController,
 * SchemeMap, the cart calls, "best N seats"), not a second map. Seats clicked are held in the
 * operator's cart exactly as a buyer's are (same hold time, same limits, live for every open
 * map); standing places, which are no seats of the map, by quantity in the shop's standing
 * panel; the sale form orders them. In reseat mode (`reseat` = an order line) a click on a free
 * seat moves that ticket there instead.
 */
export function BoxOfficeMap({ hash, calendarId, prices, currency, reseat }: { hash: string; calendarId: number; prices: readonly PriceRow[]; currency: string; reseat: { lineId: number; orderId: number } | null }) {
  const { api, lang } = useConsole()
  const b = BOX_TEXTS[lang]
  const rows = useMemo(() => prices.filter((r) => r.calendar_id === calendarId && (r.for_subscription ?? 0) === 0), [prices, calendarId])
  const legend = useMemo(() => zoneLegend(rows, calendarId, lang), [rows, calendarId, lang])
  const { colors, prices: zonePrices } = useMemo(() => zoneInputs(legend), [legend])
  const zones = useMemo(() => legend.map((e) => ({ id: String(e.zonelevel_id), name: e.name, color: colorNumber(e.color) ?? 0x888888 })), [legend])
  const openZones = useMemo(() => availableZones(legend), [legend])

  const controller = useSessionMap({ hash, calendarId, zones, openZones, zoneColors: colors, zonePrices, cart: storefrontCart })
  // Standing places are not seats of the map: they are sold by quantity, in the shop's standing panel.
  const stands = useSchemeMapField(controller, 'stands')
  const { t } = useTranslation()
  const showModal = useModal((s) => s.show)
  const limitLeft = useCart((s) => s.limitLeft)

  const items = useCart((s) => s.items)
  const holdUntil = useCart((s) => s.holdUntil)
  const applyCart = useCart((s) => s.apply)
  const isBlocked = useCallback(() => false, [])
  const { update, toggleSeat, setStanding } = useSchemeCart(calendarId, rows, METHOD, undefined, isBlocked, controller)
  const [note, setNote] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)

  const reload = useCallback(() => {
    shopApi.call('cartList', { calendar_id: calendarId }).then((a) => applyCart(a, Date.now()), (e: unknown) => setError(messageOf(e)))
  }, [calendarId, applyCart])
  const onExtend = useCallback(async () => {
    try {
      const a = await shopApi.call('cartExtend', { calendar_id: calendarId })
      applyCart(a, Date.now())
      return { holdSeconds: a.hold_seconds, extensionsLeft: a.extensions_left }
    } catch (e) {
      setError(messageOf(e))
      return null
    }
  }, [calendarId, applyCart])

  const onSeat = useCallback(async (seat: SeatInfo) => {
    if (!reseat) return toggleSeat(seat)
    try {
      const answer = await api('ticketReseat', { lineId: reseat.lineId, seat: seat.key })
      setNote(fillIn(b.reseated, { place: answer.place }))
      setError(null)
    } catch (e) {
      setError(messageOf(e))
    }
  }, [reseat, toggleSeat, api, b])

  const mine = items.filter((i) => i.calendar_id === calendarId)
  const held = new Map(mine.map((i) => [i.seat_id, i.quantity]))
  const priceOf = (stand: SeatStand) => zonePrices[String(stand.cat)] ?? null
  // The money rule the shop's cart uses (prices and fees of the held places).
  const total = ticketTotals(mine.map((i) => ({ row: i, quantity: i.quantity }))).total
  return (
    <div className="scheme-session bo-map" data-calendar={calendarId}>
      <Legend entries={legend} lang={lang as Lang} currency={currency} subscription={false} />
      {reseat && (
        <p role="status" className="adm-note">
          {b.reseatTitle} · <Link to={`/admin/orders/${reseat.orderId}`}>{b.back}</Link>
        </p>
      )}
      {note && (
        <p role="status" className="adm-note" data-testid="bo-note">
          {note}
        </p>
      )}
      <ErrorNote error={error} />
      {controller !== null && (
        <SchemeMapContext.Provider value={controller}>
          <SchemeMap lang={lang} currency={currency} onSeatClick={(seat) => void onSeat(seat)} />
        </SchemeMapContext.Provider>
      )}
      {!reseat && stands !== null && (
        <StandingPanel stands={stands} held={held} limitLeft={limitLeft} priceOf={priceOf} lang={lang} unavailableText={t('messages.place-unavailable')}
          onChange={setStanding} onLimit={() => showModal({ kind: 'warning', text: t('modal.error-limit') })} />
      )}
      {!reseat && (
        <div className="scheme-session__checkout">
          <BestSeats calendarId={calendarId} rows={rows} legend={legend} method={METHOD} subscritId={undefined} onChosen={(ids) => controller?.showSeats(ids)} />
          <CartPanel heading={b.cart} items={mine} holdUntil={holdUntil} rows={rows} lang={lang} currency={currency} onChange={(c) => void update([c])} onExpired={reload} onExtend={onExtend} />
          <SaleForm
            items={{ hash, calendarId, tickets: mine.map((i) => ({ seat_id: i.seat_id, clientcategory_id: i.clientcategory_id, quantity: i.quantity })) }}
            count={mine.length}
            total={total}
            // The server's cart is the truth: it moved the sold seats to the order and kept any other
            // seat held, such as one clicked while the sale was in flight, which stays in the cart.
            onSold={reload}
          />
        </div>
      )}
    </div>
  )
}

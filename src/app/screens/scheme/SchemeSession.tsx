import { useCallback, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { ApiCallError } from '../../../contract/client'
import type { Buyer } from '../../../contract/entities/buyer'
import type { CheckboxAnswer, CheckboxItem } from '../../../contract/entities/common'
import type { EventAction } from '../../../contract/entities/event'
import type { OrderCreateSchemeRequest } from '../../../contract/entities/order'
import type { PriceRow } from '../../../contract/entities/price'
import type { SeatStand } from '../../../contract/entities/scheme'
import { ErrorCode } from '../../../contract/errors'
import type { Lang } from '../../../contract/lang'
import type { BuyerRuleOptions } from '../../../contract/rules'
import type { SeatMapEngine } from '../../../engine/SeatMapEngine'
import { api } from '../../api/client'
import type { BuyerForm } from '../../forms/useBuyerForm'
import type { BotCheck } from '../../forms/useOrderSubmit'
import { buildLink, segment } from '../../lib/links'
import { useCart } from '../../state/cart'
import { useModal } from '../../state/modal'
import { useSession } from '../../state/session'
import { EventOrderForm } from '../event/EventOrderForm'
import { rowAllowed, type PaymentMethod } from '../event/model/payment'
import { CartPanel } from './CartPanel'
import { exposeEngine } from './engineHandle'
import { Legend } from './Legend'
import { availableZones, blockedSeats, colorNumber, zoneInputs, zoneLegend } from './model/legend'
import { subscriptionLimitLeft } from './model/standing'
import { SchemeMap } from './SchemeMap'
import { StandingPanel } from './StandingPanel'
import { useCartOnMap } from './useCartOnMap'
import { defaultRow, useSchemeCart } from './useSchemeCart'
import { useSeatEvents } from './useSeatEvents'
import { useVenue } from './useVenue'

/** Referrer sent with orders is cut to the contract's bound. */
const REFERRER_MAX = 2000

/**
 * One session of a seat-map event: legend, map, standing places, cart and the buyer form.
 * Mounted per calendar_id (a new time mounts a fresh map, cart and stream).
 */
export function SchemeSession({ hash, calendarId, action, prices, checkboxList, method, form, options, subscription, dateText }: {
  hash: string
  calendarId: number
  action: EventAction
  prices: readonly PriceRow[]
  checkboxList: readonly CheckboxItem[]
  method: PaymentMethod
  form: BuyerForm
  options: BuyerRuleOptions
  /** Buying by subscription: its id (sent with cart changes and the order) and the tickets it has left. */
  subscription: { subscritId: number; quant: number } | null
  dateText: string
}) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const lang = useSession((s) => s.lang)
  const setup = useSession((s) => s.setup)
  const crm = useSession((s) => s.crmClient)
  const showModal = useModal((s) => s.show)
  const currency = setup?.app.currency ?? 'RUB'

  // Buying by subscription the session's subscription rows are the prices (000 §4: the box
  // switches the price list); the zones they do not cover are greyed and refused (issue 13.1).
  const bySubscription = subscription !== null
  const sessionRows = useMemo(() => prices.filter((r) => r.calendar_id === calendarId && rowAllowed(r, method)), [prices, calendarId, method])
  const rows = useMemo(() => sessionRows.filter((r) => (r.for_subscription === 1) === bySubscription), [sessionRows, bySubscription])
  const legend = useMemo(() => zoneLegend(rows, calendarId, lang, bySubscription ? sessionRows : rows), [rows, sessionRows, bySubscription, calendarId, lang])
  const { colors, prices: zonePrices } = useMemo(() => zoneInputs(legend), [legend])
  const zones = useMemo(() => legend.map((e) => ({ id: String(e.zonelevel_id), name: e.name, color: colorNumber(e.color) ?? 0x888888 })), [legend])
  const openZones = useMemo(() => availableZones(legend), [legend])

  const [engine, setEngine] = useState<SeatMapEngine | null>(null)
  const [venueShown, setVenueShown] = useState(false)
  // Declared before useVenue: the stream opens before the map request (effects run in order).
  const [blocked, setBlocked] = useState<ReadonlySet<string>>(() => new Set())
  const live = useSeatEvents(engine, hash, calendarId, venueShown, blocked)
  const { phase, map, venue } = useVenue(hash, calendarId, zones, openZones)
  const blockedNow = useMemo(() => (map === null ? null : blockedSeats(map.seat_numbers, legend)), [map, legend])
  if (blockedNow !== null && blockedNow !== blocked) setBlocked(blockedNow)
  const ready = phase === 'ready' && engine !== null
  if (venueShown !== ready) setVenueShown(ready)
  const onEngine = useCallback((e: SeatMapEngine | null) => {
    setEngine(e)
    exposeEngine(e)
  }, [])
  useCartOnMap(engine, ready)

  const items = useCart((s) => s.items)
  const holdUntil = useCart((s) => s.holdUntil)
  const limitLeft = useCart((s) => s.limitLeft)
  const clearCart = useCart((s) => s.clear)
  const isBlocked = useCallback((seatId: string) => blocked.has(seatId), [blocked])
  const { update, toggleSeat } = useSchemeCart(calendarId, rows, method, subscription?.subscritId, isBlocked)
  const applyCart = useCart((s) => s.apply)

  const onExpired = useCallback(() => {
    showModal({ kind: 'info', text: t('scheme.hold-expired') })
    api.call('cartList', { calendar_id: calendarId }).then((a) => applyCart(a, Date.now()), (e: unknown) => console.error('cart list failed', e))
  }, [calendarId, applyCart, showModal, t])

  const held = useMemo(() => new Map(items.map((i) => [i.seat_id, i.quantity])), [items])
  const onStanding = useCallback((stand: SeatStand, quantity: number) => {
    const mine = items.find((i) => i.seat_id === stand.seat_id)
    const row = mine === undefined ? defaultRow(rows, stand.cat, method) : null
    const category = mine?.clientcategory_id ?? row?.clientcategory_id
    if (category === undefined) {
      showModal({ kind: 'warning', text: t('messages.place-unavailable') })
      return
    }
    void update([{ seat_id: stand.seat_id, clientcategory_id: category, quantity }])
  }, [items, rows, method, update, showModal, t])

  // ── order ────────────────────────────────────────────────────────────────────────────────
  const send = useCallback(async (buyer: Buyer, answers: CheckboxAnswer[], bot: BotCheck) => {
    const client = crm?.data ?? null
    const referrer = document.referrer.slice(0, REFERRER_MAX)
    const request: OrderCreateSchemeRequest = {
      ...buyer,
      action_id: hash,
      lang,
      tickets: useCart.getState().items.map((i) => ({ seat_id: i.seat_id, clientcategory_id: i.clientcategory_id, quantity: i.quantity })),
      checkboxList: answers,
      crmClient: {
        ...(client === null ? {} : { id: client.id, typeId: client.typeId, typeName: client.typeName, cardCode: client.cardCode }),
        ...(referrer === '' ? {} : { referrer }),
        ...(subscription === null ? {} : { subscritId: subscription.subscritId }),
      },
      calendarId,
      USE_PUSHKIN_CARD: method === 'gift' ? 1 : 0,
      ...bot,
    }
    try {
      return (await api.call('orderCreateScheme', request)).hash
    } catch (e) {
      // The scheme flow appends the code to the server's text (001 §8), in the page's language
      // as the text itself; the spec's payment-method texts already end with it.
      if (e instanceof ApiCallError && e.status !== 0 && e.errorCode !== ErrorCode.CAPTCHA && e.errorText !== '' && !e.errorText.endsWith(e.errorCode)) {
        throw new ApiCallError(e.errorCode, `${e.errorText}${t('scheme.error-code', { code: e.errorCode })}`, e.status, { cause: e })
      }
      throw e
    }
  }, [crm, hash, lang, subscription, calendarId, method, t])

  const onOrdered = useCallback((orderHash: string) => {
    clearCart()
    const path = action.writeticketname === 1 ? `/nominal-tickets/${segment(orderHash)}` : `/order/${segment(orderHash)}`
    navigate(buildLink(path, { lang, sub: false }))
  }, [clearCart, action.writeticketname, navigate, lang])

  const priceOf = useCallback((s: SeatStand) => zonePrices[String(s.cat)] ?? null, [zonePrices])
  const myItems = items.filter((i) => i.calendar_id === calendarId || i.calendar_id === null)
  // The server caps by the subscription on every change; a restored cart (/api/cart/list) is capped here.
  const standLimitLeft = subscriptionLimitLeft(limitLeft, subscription?.quant ?? null, myItems)

  if (rows.length === 0) return <p className="notice scheme-page__message" role="status">{t('messages.not-found')}</p>
  return (
    <div className="scheme-session" data-calendar={calendarId}>
      <Legend entries={legend} lang={lang as Lang} subscription={bySubscription} />
      {!live && <p className="notice scheme-session__live" role="status">{t('scheme.live-lost')}</p>}
      <SchemeMap phase={phase} venue={venue} zoneColors={colors} zonePrices={zonePrices} lang={lang} currency={currency}
        onSeatClick={(seat, e) => void toggleSeat(seat.index, e)} onEngine={onEngine} />
      {map !== null && (
        <StandingPanel stands={map.seat_stand} held={held} limitLeft={standLimitLeft} priceOf={priceOf} lang={lang}
          unavailableText={bySubscription ? t('scheme.not-by-subscription') : t('messages.place-unavailable')}
          onChange={onStanding} onLimit={() => showModal({ kind: 'warning', text: t('modal.error-limit') })} />
      )}
      <div className="scheme-session__checkout">
        <CartPanel items={myItems} holdUntil={holdUntil} rows={rows} lang={lang} currency={currency}
          onChange={(c) => void update([c])} onExpired={onExpired} />
        {myItems.length > 0 && (
          <EventOrderForm form={form} options={options} checkboxList={checkboxList} free={false}
            subscriptionConfirm={subscription === null ? null : { count: myItems.reduce((n, i) => n + i.quantity, 0), date: dateText }}
            send={send} onOrdered={onOrdered} />
        )}
      </div>
    </div>
  )
}

import { useCallback, useMemo } from 'react'
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
import { api } from '../../api/client'
import type { BuyerForm } from '../../forms/useBuyerForm'
import type { BotCheck } from '../../forms/useOrderSubmit'
import { buildLink, segment } from '../../lib/links'
import { useCart } from '../../state/cart'
import { useModal } from '../../state/modal'
import { currencyOf, useSession, useSetupInTransition } from '../../state/session'
import { EventOrderForm } from '../../kernel/EventOrderForm'
import { orderBasics } from '../../kernel/orderRequest'
import type { PaymentMethod } from '../../../contract/rules/payment'
import { rowAllowed } from '../../kernel/payment'
import { CartPanel } from './CartPanel'
import type { ExtendResult } from '../../kernel/HoldWarning'
import { extendHold } from '../../kernel/extendHold'
import { Legend } from './Legend'
import { availableZones, colorNumber, zoneInputs, zoneLegend } from './model/legend'
import { subscriptionLimitLeft } from './model/standing'
import { BestSeats } from './seatChoice/BestSeats'
import { AccessibleSeating } from './seatChoice/AccessibleSeating'
import { SinglesWarning } from './seatChoice/SinglesWarning'
import { storefrontCart } from './map/cartSource'
import { SchemeMapContext, useSchemeMapField } from './map/context'
import { SchemeMap } from './map/SchemeMap'
import { useSessionMap } from './map/useSessionMap'
import { StandingPanel } from './StandingPanel'
import { useSchemeCart } from './useSchemeCart'


/**
 * One session of a seat-map event: legend, map, standing places, cart and the buyer form.
 * Mounted per calendar_id (a new time mounts a fresh map, cart and stream).
 */
export function SchemeSession({ hash, calendarId, action, prices, checkboxList, method, form, options, subscription, dateText, shownAt }: {
  hash: string
  /** When the scheme page began showing (performance.now()): the map's init delay counts from it (mapInitDelay). */
  shownAt?: number
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
  const setup = useSetupInTransition()
  const crm = useSession((s) => s.crmClient)
  const showModal = useModal((s) => s.show)
  const currency = currencyOf(setup)

  // Buying by subscription the session's subscription rows are the prices (000 §4: the box
  // switches the price list); the zones they do not cover are greyed and refused (issue 13.1).
  const bySubscription = subscription !== null
  const sessionRows = useMemo(() => prices.filter((r) => r.calendar_id === calendarId && rowAllowed(r, method)), [prices, calendarId, method])
  const rows = useMemo(() => sessionRows.filter((r) => (r.for_subscription === 1) === bySubscription), [sessionRows, bySubscription])
  const legend = useMemo(() => zoneLegend(rows, calendarId, lang, bySubscription ? sessionRows : rows), [rows, sessionRows, bySubscription, calendarId, lang])
  const { colors, prices: zonePrices } = useMemo(() => zoneInputs(legend), [legend])
  const zones = useMemo(() => legend.map((e) => ({ id: String(e.zonelevel_id), name: e.name, color: colorNumber(e.color) ?? 0x888888 })), [legend])
  const openZones = useMemo(() => availableZones(legend), [legend])

  // The map's one owner (issue 14.4); the stream opens before the map request.
  const controller = useSessionMap({ hash, calendarId, zones, openZones, zoneColors: colors, zonePrices, cart: storefrontCart, shownAt })
  const stands = useSchemeMapField(controller, 'stands')
  const live = useSchemeMapField(controller, 'live')
  const access = useSchemeMapField(controller, 'access')

  const items = useCart((s) => s.items)
  const holdUntil = useCart((s) => s.holdUntil)
  const limitLeft = useCart((s) => s.limitLeft)
  const clearCart = useCart((s) => s.clear)
  const isBlocked = useCallback((seatId: string) => controller?.isBlocked(seatId) ?? false, [controller])
  const { update, toggleSeat, setStanding } = useSchemeCart(calendarId, rows, method, subscription ?? undefined, isBlocked, controller)
  const applyCart = useCart((s) => s.apply)
  // The cart's reads say limit_left by the chosen method, as its changes do.
  const gift = method === 'gift' ? 1 : 0

  const onExpired = useCallback(() => {
    showModal({ kind: 'info', text: t('scheme.hold-expired') })
    api.call('cartList', { calendar_id: calendarId, USE_PUSHKIN_CARD: gift }).then((a) => applyCart(a, Date.now()), (e: unknown) => console.error('cart list failed', e))
  }, [calendarId, gift, applyCart, showModal, t])

  const onExtend = useCallback((): Promise<ExtendResult> => extendHold(async () => {
    const answer = await api.call('cartExtend', { calendar_id: calendarId, USE_PUSHKIN_CARD: gift })
    applyCart(answer, Date.now())
    return { holdSeconds: answer.hold_seconds, extensionsLeft: answer.extensions_left }
  }, (text) => showModal({ kind: 'warning', text }), t('messages.place-unavailable')), [calendarId, gift, applyCart, showModal, t])

  const held = useMemo(() => new Map(items.map((i) => [i.seat_id, i.quantity])), [items])

  // ── order ────────────────────────────────────────────────────────────────────────────────
  const send = useCallback(async (buyer: Buyer, answers: CheckboxAnswer[], bot: BotCheck) => {
    const request: OrderCreateSchemeRequest = {
      ...orderBasics({ buyer, lang, checkboxList: answers, bot, crm, subscritId: subscription?.subscritId ?? null, method, referrer: document.referrer }),
      action_id: hash,
      tickets: useCart.getState().items.map((i) => ({ seat_id: i.seat_id, clientcategory_id: i.clientcategory_id, quantity: i.quantity })),
      calendarId,
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
      <Legend entries={legend} lang={lang as Lang} currency={currency} subscription={bySubscription} />
      {access !== null && <AccessibleSeating access={access} calendarId={calendarId} rows={rows} method={method} subscritId={subscription?.subscritId} onShow={(ids) => controller?.showSeats(ids)} />}
      {!live && <p className="notice scheme-session__live" role="status">{t('scheme.live-lost')}</p>}
      {controller !== null && (
        <SchemeMapContext.Provider value={controller}>
          <SchemeMap lang={lang} currency={currency} onSeatClick={(seat) => void toggleSeat(seat)} />
        </SchemeMapContext.Provider>
      )}
      {stands !== null && (
        <StandingPanel stands={stands} held={held} limitLeft={standLimitLeft} priceOf={priceOf} lang={lang}
          unavailableText={bySubscription ? t('scheme.not-by-subscription') : t('messages.place-unavailable')}
          onChange={setStanding} onLimit={() => showModal({ kind: 'warning', text: t('modal.error-limit') })} />
      )}
      <div className="scheme-session__checkout">
        <BestSeats calendarId={calendarId} rows={rows} legend={legend} method={method} subscritId={subscription?.subscritId}
          onChosen={(ids) => controller?.showSeats(ids)} />
        <CartPanel items={myItems} holdUntil={holdUntil} rows={rows} lang={lang} currency={currency}
          onChange={(c) => void update([c])} onExpired={onExpired} onExtend={onExtend} />
        <SinglesWarning />
        {myItems.length > 0 && (
          <EventOrderForm form={form} options={options} checkboxList={checkboxList} free={false}
            subscriptionConfirm={subscription === null ? null : { count: myItems.reduce((n, i) => n + i.quantity, 0), date: dateText }}
            send={send} onOrdered={onOrdered} />
        )}
      </div>
    </div>
  )
}

import { useCallback, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router-dom'
import { PRICE_LIMIT } from '../../../contract/constants'
import type { Buyer } from '../../../contract/entities/buyer'
import type { CheckboxAnswer } from '../../../contract/entities/common'
import type { NoSchemeResponse } from '../../../contract/entities/event'
import type { OrderCreateRequest } from '../../../contract/entities/order'
import { pickLocalized } from '../../../contract/lang'
import type { BuyerRuleOptions } from '../../../contract/rules'
import { api } from '../../api/client'
import { useBuyerForm } from '../../forms/useBuyerForm'
import type { BotCheck } from '../../forms/useOrderSubmit'
import { useLink } from '../../hooks/useLinks'
import { useTitle } from '../../hooks/useTitle'
import { buildLink, segment } from '../../lib/links'
import { useModal } from '../../state/modal'
import { currencyOf, useSession } from '../../state/session'
import { DateStrip } from '../../kernel/DateStrip'
import { EventHeader } from '../../kernel/EventHeader'
import { EventOrderForm } from '../../kernel/EventOrderForm'
import { orderBasics } from '../../kernel/orderRequest'
import { SoonOnSale } from '../../kernel/SoonOnSale'
import { chosenDayText, longDay } from '../../kernel/format'
import { resolveSelection, sortCalendar } from '../../../contract/selection'
import { eventPath } from '../../kernel/selection'
import { schemePath } from '../scheme/model/calendar'
import { PaymentMethodChoice } from '../../kernel/PaymentMethodChoice'
import { PriceList } from './PriceList'
import { TimeChips } from '../../kernel/TimeChips'
import { Totals } from '../../kernel/Totals'
import { useEventData } from './useEventData'
import { SubscriptionChoice } from '../../kernel/SubscriptionChoice'
import { usePaymentChoice } from '../../kernel/usePaymentChoice'
import { useRouteSelection } from '../../kernel/useRouteSelection'
import { useTicketChoice } from './useTicketChoice'
import { WaitingGate } from '../waiting/WaitingGate'
import '../../kernel/event.css'
import '../../forms/forms.css'


/** Route element of /event/{hash}/{date?}/{time?}: a new hash mounts a fresh page (reload, 000 §2). */
export function EventScreen() {
  const { hash = '' } = useParams()
  return <EventLoader key={hash} hash={hash} />
}

function EventLoader({ hash }: { hash: string }) {
  const { t } = useTranslation()
  const link = useLink()
  const { date, time } = useParams()
  const { search } = useLocation()
  useTitle('events')
  const { data, status, reload } = useEventData(hash)
  // /event/{hash}/{date?}/{time?} of a seat-map event: the same date, time and query on scheme-view.
  if (status === 'scheme') return <Navigate replace to={`${schemePath(hash, { date: date ?? null, time: time ?? null })}${search}`} />
  if (status === 'loading') return <p className="event-page__status" role="status">{t('event.loading')}</p>
  if (status === 'error') {
    return (
      <div className="notice notice--error" role="alert">
        <p>{t('event.load-failed')}</p>
        <button type="button" className="button" onClick={reload}>{t('shell.retry')}</button>
      </div>
    )
  }
  if (status === 'not-found' || data === null) {
    return (
      <section className="page page--message" aria-labelledby="event-missing-title">
        <h1 id="event-missing-title">{t('event.not-found')}</h1>
        <p>{t('event.not-found-text')}</p>
        <p><Link className="button button--primary" to={link('/')}>{t('event.toAfisha')}</Link></p>
      </section>
    )
  }
  return <EventPage hash={hash} data={data} />
}

function EventPage({ hash, data }: { hash: string; data: NoSchemeResponse }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const lang = useSession((s) => s.lang)
  const setup = useSession((s) => s.setup)
  const crm = useSession((s) => s.crmClient)
  const showModal = useModal((s) => s.show)
  const { action } = data
  useTitle('events', pickLocalized(action, 'action', lang))

  // ── date and time, kept in the route ───────────────────────────────────────────────────
  const calendar = useMemo(() => sortCalendar(data.calendar), [data.calendar])
  const { selection, day, go } = useRouteSelection(calendar, hash, eventPath)

  // ── payment method and subscription ────────────────────────────────────────────────────
  const payment = usePaymentChoice(action, hash)
  const { methods, method, setMethod, usedSubscription } = payment

  const choice = useTicketChoice({
    data,
    selection,
    method,
    subscriptionQuant: usedSubscription?.quant ?? null,
    subscritId: usedSubscription?.subscrit_id,
    onGroupLimit: () => showModal({ kind: 'warning', text: t('modal.error-limit') }),
  })

  // ── buyer form (kept while dates change, so typed data survives) ───────────────────────
  const options: BuyerRuleOptions = useMemo(() => ({ giftCard: method === 'gift', mailconfirm: action.mailconfirm === 1 }), [method, action.mailconfirm])
  const form = useBuyerForm(options)

  const send = useCallback(async (buyer: Buyer, checkboxList: CheckboxAnswer[], bot: BotCheck) => {
    const request: OrderCreateRequest = {
      ...orderBasics({ buyer, lang, checkboxList, bot, crm, subscritId: usedSubscription?.subscrit_id ?? null, method, referrer: document.referrer }),
      data: choice.lines(),
      hash,
    }
    const answer = await api.call('orderCreate', request)
    return answer.hash
  }, [choice, crm, lang, hash, usedSubscription, method])

  const onOrdered = useCallback((orderHash: string) => {
    choice.clear()
    const path = action.writeticketname === 1 ? `/nominal-tickets/${segment(orderHash)}` : `/order/${segment(orderHash)}`
    navigate(buildLink(path, { lang, sub: false }))
  }, [choice, action.writeticketname, navigate, lang])

  // Sales not open yet (totalticketcount -99999 in the listing) is not "sold out" (000 §2).
  const soon = action.soon_on_sale === 1
  const soldOut = soon || (calendar.length > 0 && calendar.every((d) => d.times.every((x) => x.quantity === 0)))
  const notAvailable = !soldOut && (calendar.length === 0 || (selection.time !== null && (choice.slot === undefined || choice.slot.quantity === 0 || !choice.hasRows)))
  const currency = currencyOf(setup)
  const priceLimit = setup?.const.price_limit ?? PRICE_LIMIT
  const dateText = selection.date === null ? '' : chosenDayText(t, selection.date, selection.time, lang)

  return (
    <article className="event-page" aria-labelledby="event-title">
      <EventHeader action={action} composition={data.actionStr} lang={lang} titleId="event-title"
        giftNotice={methods.includes('gift')} />

      <section className="event-page__when" aria-label={t('event.date')}>
        {calendar.length > 1 && (
          <DateStrip days={calendar} selected={selection.date} lang={lang}
            onSelect={(d) => go(resolveSelection(calendar, d))} />
        )}
        {calendar.length === 1 && selection.date !== null && <p className="event-page__single-date">{longDay(selection.date, lang)}</p>}
        {day !== null && (
          <TimeChips day={day} selected={selection.time} priceLimit={priceLimit}
            onSelect={(time) => go({ date: day.day, time })} />
        )}
        {day !== null && selection.time === null && !soldOut && <p className="event-page__hint">{t('event.choose-time')}</p>}
      </section>

      {methods.includes('gift') && (
        <PaymentMethodChoice methods={methods} value={method} onChange={setMethod} />
      )}
      <SubscriptionChoice choice={payment} />

      {soon && <SoonOnSale />}
      {soldOut && !soon && <p className="notice event-page__message" role="status">{t('event.sold-out')}</p>}
      {notAvailable && <p className="notice event-page__message" role="status">{t('event.not-available')}</p>}

      <WaitingGate key={choice.slot?.calendar_id ?? 0} calendarId={soldOut || notAvailable ? null : (choice.slot?.calendar_id ?? null)}>
      {!soldOut && !notAvailable && selection.time !== null && (
        <div className="event-page__tickets">
          <PriceList title={t('event.categories')} lines={choice.normalLines} rowcount={action.rowcount} free={choice.free}
            lang={lang} currency={currency} onAdd={choice.add} onRemove={choice.remove} />
          <PriceList title={t('event.groups')} lines={choice.groupLines} rowcount={action.rowcount} free={choice.free}
            lang={lang} currency={currency} onAdd={choice.add} onRemove={choice.remove} />
          <div className="event-page__limit" role="status">
            {choice.atLimit && <p className="notice">{method === 'gift' ? t('event.gift-limit') : t('event.limit-reached', { count: choice.limit })}</p>}
          </div>
          {choice.chosen && <Totals totals={choice.totals} free={choice.free} lang={lang} currency={currency} />}
        </div>
      )}

      {choice.chosen && (
        <EventOrderForm form={form} options={options} checkboxList={data.checkboxList} free={choice.free}
          subscriptionConfirm={usedSubscription !== null ? { count: choice.totals.count, date: dateText } : null}
          send={send} onOrdered={onOrdered} />
      )}
      </WaitingGate>
    </article>
  )
}

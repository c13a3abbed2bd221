import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router-dom'
import { PRICE_LIMIT } from '../../../contract/constants'
import { pickLocalized } from '../../../contract/lang'
import type { BuyerRuleOptions } from '../../../contract/rules'
import { useBuyerForm } from '../../forms/useBuyerForm'
import { useLink } from '../../hooks/useLinks'
import { useTitle } from '../../hooks/useTitle'
import { useSession, useSetupInTransition } from '../../state/session'
import { prestartSeatMap, takeSchemeLanding } from '../../seatmap/prestart'
import { DateStrip } from '../../kernel/DateStrip'
import { EventHeader } from '../../kernel/EventHeader'
import { chosenDayText, longDay } from '../../kernel/format'
import { resolveSelection, schemeCalendar, sessionOf, sortCalendar } from '../../../contract/selection'
import { PaymentMethodChoice } from '../../kernel/PaymentMethodChoice'
import { SoonOnSale } from '../../kernel/SoonOnSale'
import { TimeChips } from '../../kernel/TimeChips'
import { SubscriptionChoice } from '../../kernel/SubscriptionChoice'
import { usePaymentChoice } from '../../kernel/usePaymentChoice'
import { useRouteSelection } from '../../kernel/useRouteSelection'
import { schemePath } from './model/calendar'
import { SchemeSession } from './SchemeSession'
import { SchemeSkeleton } from './SchemeSkeleton'
import { WaitingGate } from '../waiting/WaitingGate'
import { useSchemeData, type SchemeData } from './useSchemeData'
import '../../kernel/event.css'
import '../../forms/forms.css'
import './scheme.css'

/** Route element of /scheme/{hash}/{date?}/{time?}: a new hash mounts a fresh page (001 §2). */
export function SchemeScreen() {
  const { hash = '' } = useParams()
  // The map's workers and Pixi start now, while the header and sessions load.
  useEffect(prestartSeatMap, [])
  return <SchemeLoader key={hash} hash={hash} />
}

function SchemeLoader({ hash }: { hash: string }) {
  const { t } = useTranslation()
  const link = useLink()
  const lang = useSession((s) => s.lang)
  useTitle('scheme')
  // The map's init delay counts from when this screen began showing (SchemeMapController
  // mapInitDelay): the navigation for the page the visitor landed on, else this mount.
  const [shownAt] = useState(() => takeSchemeLanding() ?? performance.now())
  const { data, status, reload } = useSchemeData(hash, lang)
  if (status === 'loading') return <SchemeSkeleton />
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
      <section className="page page--message" aria-labelledby="scheme-missing-title">
        <h1 id="scheme-missing-title">{t('event.not-found')}</h1>
        <p>{t('event.not-found-text')}</p>
        <p><Link className="button button--primary" to={link('/')}>{t('event.toAfisha')}</Link></p>
      </section>
    )
  }
  return <SchemePage hash={hash} data={data} shownAt={shownAt} />
}

function SchemePage({ hash, data, shownAt }: { hash: string; data: SchemeData; shownAt: number }) {
  const { t } = useTranslation()
  const lang = useSession((s) => s.lang)
  const setup = useSetupInTransition()
  const { action, actionStr, checkboxList } = data.header
  useTitle('scheme', pickLocalized(action, 'action', lang))

  // ── date and time, kept in the route (001 §2) ──────────────────────────────────────────
  const sessions = data.sessions.calendar
  const calendar = useMemo(() => sortCalendar(schemeCalendar(sessions)), [sessions])
  const { selection, day, go } = useRouteSelection(calendar, hash, schemePath)
  const session = sessionOf(sessions, selection)
  // Sales not open yet: the notice instead of a map nobody can book on (000 §2).
  const soon = action.soon_on_sale === 1

  // ── payment method and subscription ────────────────────────────────────────────────────
  const payment = usePaymentChoice(action, hash)
  const { methods, method, setMethod, usedSubscription } = payment

  const options: BuyerRuleOptions = useMemo(() => ({ giftCard: method === 'gift', mailconfirm: action.mailconfirm === 1 }), [method, action.mailconfirm])
  const form = useBuyerForm(options)
  const priceLimit = setup?.const.price_limit ?? PRICE_LIMIT
  const dateText = selection.date === null ? '' : chosenDayText(t, selection.date, selection.time, lang)

  return (
    <article className="event-page scheme-page" aria-labelledby="scheme-title">
      <EventHeader action={action} composition={actionStr} lang={lang} titleId="scheme-title" giftNotice={methods.includes('gift')} />

      <section className="event-page__when" aria-label={t('event.date')}>
        {calendar.length > 1 && (
          <DateStrip days={calendar} selected={selection.date} lang={lang} onSelect={(d) => go(resolveSelection(calendar, d))} />
        )}
        {calendar.length === 1 && selection.date !== null && <p className="event-page__single-date">{longDay(selection.date, lang)}</p>}
        {day !== null && (
          <TimeChips day={day} selected={selection.time} priceLimit={priceLimit} onSelect={(time) => go({ date: day.day, time })} />
        )}
      </section>

      {methods.includes('gift') && <PaymentMethodChoice methods={methods} value={method} onChange={setMethod} />}
      <SubscriptionChoice choice={payment} />

      {soon && <SoonOnSale />}
      {!soon && calendar.length === 0 && <p className="notice scheme-page__message" role="status">{t('event.not-available')}</p>}
      {!soon && calendar.length > 0 && session === null && (
        <p className="notice scheme-page__message scheme-page__choose-time" role="status">{t('scheme.choose-time')}</p>
      )}
      {!soon && session !== null && (
        <WaitingGate key={session.calendar_id} calendarId={session.calendar_id}>
        <SchemeSession key={`${session.calendar_id}-${method}-${usedSubscription === null ? 'regular' : 'subscription'}`} hash={hash} calendarId={session.calendar_id} action={action}
          prices={data.sessions.prices} checkboxList={checkboxList} method={method} form={form} options={options}
          subscription={usedSubscription === null ? null : { subscritId: usedSubscription.subscrit_id, quant: usedSubscription.quant }} dateText={dateText} shownAt={shownAt} />
        </WaitingGate>
      )}
    </article>
  )
}

import { useEffect, useState } from 'react'
import { Link, useParams } from 'react-router-dom'
import type { AdminOrder, EventSales } from '../../contract/admin/sales'
import { EXPORT_WORDS, salesExportPath } from '../../contract/admin/sales-export'
import { CARE_TEXTS, fillIn, orderSumText, ticketCountText } from './careTexts'
import { consoleMoney } from './money'
import { formatDate, formatSession } from '../i18n/localeFormat'
import { aside, labelled, separatorsOf } from '../i18n/punctuation'
import { DOOR_CONSOLE_TEXTS } from './doorTexts'
import { NOTE_TEXTS } from './noteTexts'
import { SalesMap } from './SalesMap'
import { nameOf, type Row } from './rows'
import { ErrorNote, messageOf, useConsole, useScreenTitle } from './shell'

/** Sales of an event: totals, per session by zone, sales over time (a bar per day) and the orders. */
export function SalesScreen() {
  const { api, t, lang, currency } = useConsole()
  const money = (minor: number) => consoleMoney(minor, lang, currency)
  const id = Number(useParams().id)
  const [sales, setSales] = useState<EventSales | null>(null)
  const [orders, setOrders] = useState<AdminOrder[]>([])
  const [error, setError] = useState<string | null>(null)
  /** The event's name, public hash and whether it has a seat map (the live map needs both). */
  const [mapOf, setMapOf] = useState<{ event: Row; hash: string; scheme: boolean } | null>(null)
  // The heading names the event: the console's tabs and a screen reader tell one event's sales from another's.
  const title = mapOf ? fillIn(t.salesOf, { event: nameOf(mapOf.event, lang) }) : t.sales
  const heading = useScreenTitle(title)
  useEffect(() => {
    Promise.all([api('eventSales', {}, { id }), api('orders', { event_id: id, limit: 100 }), api('event', {}, { id })]).then(
      ([s, o, e]) => {
        setSales(s)
        setOrders(o.orders)
        setMapOf({ event: { ...e.event, id }, hash: String(e.event.hash_id), scheme: e.event.scheme === 1 })
      },
      (e: unknown) => setError(messageOf(e)),
    )
  }, [api, id])
  const max = Math.max(1, ...(sales?.over_time.map((p) => p.sold) ?? []))
  const head = (
    <tr>
      <th scope="col">{t.zone}</th>
      <th scope="col">{t.sold}</th>
      <th scope="col">{t.held}</th>
      <th scope="col">{t.free}</th>
      <th scope="col">{t.blocked}</th>
      <th scope="col">{t.revenue}</th>
    </tr>
  )
  return (
    <section aria-labelledby="adm-sales-title">
      <h1 id="adm-sales-title" tabIndex={-1} ref={heading}>
        {title}
      </h1>
      <p>
        <Link to={`/admin/events/${id}`}>{t.edit}</Link> · <Link to={`/admin/events/${id}/door`}>{DOOR_CONSOLE_TEXTS[lang].door}</Link> · <Link to="/admin">{t.back}</Link>
      </p>
      <ErrorNote error={error} />
      {!sales ? (
        <p aria-busy="true">{t.loading}</p>
      ) : (
        <>
          <dl className="adm-totals" data-testid="sales-totals">
            <div>
              <dt>{t.sold}</dt>
              <dd>{sales.totals.sold}</dd>
            </div>
            <div>
              <dt>{t.held}</dt>
              <dd>{sales.totals.held}</dd>
            </div>
            <div>
              <dt>{t.free}</dt>
              <dd>{sales.totals.free}</dd>
            </div>
            <div>
              <dt>{t.blocked}</dt>
              <dd>{sales.totals.blocked}</dd>
            </div>
            <div>
              <dt>{t.revenue}</dt>
              <dd>{money(sales.totals.revenue)}</dd>
            </div>
          </dl>
          <div className="adm-scroll" tabIndex={0} role="region" aria-label={t.channel}>
            <table data-testid="sales-channels">
              <thead>
                <tr>
                  <th scope="col">{t.channel}</th>
                  <th scope="col">{t.sold}</th>
                  <th scope="col">{t.complimentary}</th>
                  <th scope="col">{t.revenue}</th>
                </tr>
              </thead>
              <tbody>
                {sales.channels.map((c) => (
                  <tr key={c.channel}>
                    <th scope="row">{t.channels[c.channel]}</th>
                    <td>{c.sold}</td>
                    <td>{c.complimentary}</td>
                    <td>{money(c.revenue)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {sales.over_time.length > 0 && (
            <figure className="adm-chart">
              <figcaption>{t.sales}</figcaption>
              <ul>
                {sales.over_time.map((p) => (
                  <li key={p.day}>
                    {/* The venue's day of sale (server: sales.ts venueDay), written as the console writes dates. */}
                    <span>{formatDate(p.day, lang)}</span>
                    <span className="adm-bar" style={{ width: `${(p.sold / max) * 100}%` }} aria-hidden="true" />
                    <span>
                      {p.sold} · {money(p.revenue)}
                    </span>
                  </li>
                ))}
              </ul>
            </figure>
          )}
          {sales.sessions.map((s) => (
            <div className="adm-scroll" key={s.calendar_id} tabIndex={0} role="region" aria-label={`${t.session} ${formatSession(s.day, s.time, lang)}${s.cancelled ? aside(lang, NOTE_TEXTS[lang].cancelled) : ''}`}>
              <table>
                <caption>
                  {t.session} {formatSession(s.day, s.time, lang)}
                  {s.cancelled && (
                    <>
                      {' '}
                      <span className="adm-badge" data-testid={`sales-cancelled-${s.calendar_id}`}>
                        {NOTE_TEXTS[lang].cancelled}
                      </span>
                    </>
                  )}
                </caption>
                <thead>{head}</thead>
                <tbody>
                  {s.zones.map((z) => (
                    <tr key={String(z.zone_id)}>
                      <th scope="row">{z[`name_${lang}`] || z.name_ru}</th>
                      <td>{z.sold}</td>
                      <td>{z.held}</td>
                      <td>{z.free}</td>
                      <td>{z.blocked}</td>
                      <td>{money(z.revenue)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <p>
                {/* A plain link: the browser downloads it with the operator's cookie (a GET needs no CSRF token). */}
                <a href={salesExportPath(s.calendar_id, lang)} download>
                  {labelled(separatorsOf(lang), EXPORT_WORDS[lang].download, formatSession(s.day, s.time, lang))}
                </a>
              </p>
              {s.cancelled && <p className="adm-muted">{NOTE_TEXTS[lang].cancelledSales}</p>}
              {/* A cancelled session's map is not compiled any more (it answers 409): nothing to draw. */}
              {mapOf?.scheme && !s.cancelled && <SalesMap hash={mapOf.hash} session={s} lang={lang} label={labelled(separatorsOf(lang), t.salesMap, formatSession(s.day, s.time, lang))} liveLost={t.liveLost} keyboardHelp={t.salesMapKeys} />}
            </div>
          ))}
          <h2>{t.orders}</h2>
          {orders.length === 0 ? (
            <p>{t.noOrders}</p>
          ) : (
            <div className="adm-scroll" tabIndex={0} role="region" aria-label={t.orders}>
              <table>
                <thead>
                  <tr>
                    <th scope="col">{t.order}</th>
                    <th scope="col">{t.state}</th>
                    <th scope="col">{t.tickets}</th>
                    <th scope="col">{t.total}</th>
                    <th scope="col">{t.email}</th>
                  </tr>
                </thead>
                <tbody>
                  {orders.map((o) => (
                    <tr key={o.id}>
                      <th scope="row">{o.ord_num}</th>
                      <td>
                        {CARE_TEXTS[lang].state[o.state]}
                        {o.boxOffice ? ` · ${CARE_TEXTS[lang].sold[o.boxOffice]}` : ''}
                      </td>
                      <td>{ticketCountText(o, lang)}</td>
                      <td>{orderSumText(o, lang, currency)}</td>
                      <td>{o.email}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  )
}

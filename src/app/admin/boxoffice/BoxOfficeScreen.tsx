import { useEffect, useMemo, useState } from 'react'
import { useParams, useSearchParams } from 'react-router-dom'
import type { NoSchemeResponse } from '../../../contract/entities/event'
import { pickLocalized } from '../../../contract/lang'
import { formatSession } from '../../../contract/rules/dayText'
import { api as shopApi } from '../../api/client'
import { useContractCall } from '../../kernel/useContractCall'
import { prestartSeatMap } from '../../seatmap/prestart'
import { useSchemeData } from '../../screens/scheme/useSchemeData'
import { ModalHost } from '../../shell/ModalHost'
import { useCurrency, useSession } from '../../state/session'
import { useConsole, useScreenTitle } from '../shell'
import { BoxOfficeGa } from './BoxOfficeGa'
import { BoxOfficeMap } from './BoxOfficeMap'
import { BOX_TEXTS } from './texts'
import '../../kernel/event.css'
import '../../screens/scheme/scheme.css'

/**
 * The box office (issue 19.1) at /admin/boxoffice/:hash: pick a session, then seats on the
 * storefront's map (?map=1, the default) or quantities (?map=0, general admission), and sell.
 * `?calendar=ID&reseat=LINE&order=ID` opens a session's map to move a sold ticket (from order care).
 * The storefront's pieces on this page (map, cart, best seats, their messages) speak the
 * console's language: the storefront session store follows it.
 */
export function BoxOfficeScreen() {
  const { lang } = useConsole()
  const b = BOX_TEXTS[lang]
  const heading = useScreenTitle(b.title)
  const { hash = '' } = useParams()
  const [params] = useSearchParams()
  useEffect(() => useSession.getState().setLang(lang), [lang])
  useEffect(prestartSeatMap, [])
  return (
    <section aria-labelledby="adm-bo-title">
      <h1 id="adm-bo-title" tabIndex={-1} ref={heading}>
        {b.title}
      </h1>
      {params.get('map') === '0' ? <GaSale hash={hash} /> : <MapSale hash={hash} />}
      <ModalHost />
    </section>
  )
}

function MapSale({ hash }: { hash: string }) {
  const { lang } = useConsole()
  const b = BOX_TEXTS[lang]
  const [params] = useSearchParams()
  const { data, status } = useSchemeData(hash, lang)
  const sessions = useMemo(() => data?.sessions.calendar ?? [], [data])
  const [chosen, setChosen] = useState<number | null>(Number(params.get('calendar')) || null)
  const calendarId = chosen ?? sessions[0]?.calendar_id ?? null
  const reseatLine = Number(params.get('reseat')) || null
  const reseat = reseatLine ? { lineId: reseatLine, orderId: Number(params.get('order')) || 0 } : null
  const currency = useCurrency()
  if (status === 'loading') return <p aria-busy="true">{b.loading}</p>
  if (!data) return <p role="alert" className="adm-error">{b.failed}</p>
  if (sessions.length === 0) return <NothingOnSale title={pickLocalized(data.header.action, 'action', lang)} />
  return (
    <>
      <h2>{pickLocalized(data.header.action, 'action', lang)}</h2>
      {!reseat && <p className="adm-muted">{b.onMap}</p>}
      <label className="adm-form adm-narrow">
        {b.session}
        <select value={calendarId ?? ''} disabled={reseat !== null} onChange={(e) => setChosen(Number(e.target.value))}>
          {sessions.map((s) => (
            <option key={s.calendar_id} value={s.calendar_id}>
              {formatSession(s.event_day, s.event_time, lang)}
            </option>
          ))}
        </select>
      </label>
      {calendarId !== null && (
        <BoxOfficeMap key={`${calendarId}-${reseatLine ?? ''}`} hash={hash} calendarId={calendarId} prices={data.sessions.prices} currency={currency} reseat={reseat} />
      )}
    </>
  )
}

function GaSale({ hash }: { hash: string }) {
  const { lang } = useConsole()
  const b = BOX_TEXTS[lang]
  const { data, status } = useContractCall<NoSchemeResponse>(() => shopApi.call('noScheme', { hash }), [hash], { label: 'box office event' })
  const slots = useMemo(() => (data?.calendar ?? []).flatMap((d) => d.times.map((t) => ({ day: d.day, time: t.time }))), [data])
  const [slot, setSlot] = useState(0)
  if (status === 'loading') return <p aria-busy="true">{b.loading}</p>
  if (!data) return <p role="alert" className="adm-error">{b.failed}</p>
  const chosen = slots[slot]
  if (!chosen) return <NothingOnSale title={pickLocalized(data.action, 'action', lang)} />
  return (
    <>
      <h2>{pickLocalized(data.action, 'action', lang)}</h2>
      <label className="adm-form adm-narrow">
        {b.session}
        <select value={slot} onChange={(e) => setSlot(Number(e.target.value))}>
          {slots.map((s, i) => (
            <option key={`${s.day} ${s.time}`} value={i}>
              {formatSession(s.day, s.time, lang)}
            </option>
          ))}
        </select>
      </label>
      <BoxOfficeGa key={`${chosen.day} ${chosen.time}`} hash={hash} day={chosen.day} time={chosen.time} prices={data.price} orderLimit={data.action.demquantlimit} />
    </>
  )
}

/** An event with no session on sale now (all switched off, past or not yet on sale): said, rather than an empty session list. */
function NothingOnSale({ title }: { title: string }) {
  const { lang } = useConsole()
  return (
    <>
      <h2>{title}</h2>
      <p role="status" className="adm-muted">
        {BOX_TEXTS[lang].noSessions}
      </p>
    </>
  )
}

import { useEffect, useState } from 'react'
import { Link } from 'react-router-dom'
import { can } from '../../contract/admin/roles'
import { DOOR_CONSOLE_TEXTS } from './doorTexts'
import { BOX_TEXTS } from './boxoffice/texts'
import { ErrorNote, messageOf, useConsole, useScreenTitle } from './shell'

type Item = { id: number; hash_id: string; scheme: number; name_ru: string; name_en: string; name_kz: string; name_ch: string; published: number; sessions: number; next_day: string | null }

export function EventList() {
  const { api, t, lang, operator } = useConsole()
  const [events, setEvents] = useState<Item[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const heading = useScreenTitle(t.events)
  useEffect(() => {
    api('events', { archived: 0 }).then((r) => setEvents(r.events), (e: unknown) => setError(messageOf(e)))
  }, [api])
  return (
    <section aria-labelledby="adm-events-title">
      <h1 id="adm-events-title" tabIndex={-1} ref={heading}>
        {t.events}
      </h1>
      {can(operator.role, 'catalogue.write') && (
        <p>
          <Link className="adm-button" to="/admin/events/new">
            {t.newEvent}
          </Link>
        </p>
      )}
      <ErrorNote error={error} />
      {events === null ? (
        <p aria-busy="true">{t.loading}</p>
      ) : events.length === 0 ? (
        <p>{t.noEvents}</p>
      ) : (
        <ul className="adm-list">
          {events.map((e) => (
            <li key={e.id}>
              <Link to={`/admin/events/${e.id}`}>{e[`name_${lang}`] || e.name_ru}</Link>{' '}
              <span className={e.published ? 'adm-badge adm-on' : 'adm-badge'}>{e.published ? t.published : t.draft}</span>{' '}
              <span>
                {t.sessions}: {e.sessions}
                {e.next_day ? `, ${e.next_day}` : ''}
              </span>{' '}
              {can(operator.role, 'sales.read') && <Link to={`/admin/events/${e.id}/sales`}>{t.sales}</Link>}{' '}
              {can(operator.role, 'door.scan') && <Link to={`/admin/events/${e.id}/door`}>{DOOR_CONSOLE_TEXTS[lang].door}</Link>}{' '}
              {can(operator.role, 'boxoffice.sell') && e.published === 1 && <Link to={`/admin/boxoffice/${e.hash_id}?map=${e.scheme === 1 ? 1 : 0}`}>{BOX_TEXTS[lang].link}</Link>}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

import { useEffect, useState } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { can } from '../../contract/admin/roles'
import { DOOR_CONSOLE_TEXTS } from './doorTexts'
import { BOX_TEXTS } from './boxoffice/texts'
import { EVENT_ACTION_TEXTS } from './eventActionTexts'
import { formatDate } from '../i18n/localeFormat'
import { ErrorNote, messageOf, useConsole, useScreenTitle } from './shell'

type Item = { id: number; hash_id: string; scheme: number; name_ru: string; name_en: string; name_kz: string; name_ch: string; published: number; sessions: number; next_day: string | null }

export function EventList() {
  const { api, t, lang, operator } = useConsole()
  const [events, setEvents] = useState<Item[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const e = EVENT_ACTION_TEXTS[lang]
  // The archive is its own address (?archived=1): linkable, and Back returns to the current events.
  const archived = useSearchParams()[0].get('archived') === '1'
  const title = archived ? e.archivedList : t.events
  const heading = useScreenTitle(title)
  useEffect(() => {
    setEvents(null)
    api('events', { archived: archived ? 1 : 0 }).then((r) => setEvents(r.events), (err: unknown) => setError(messageOf(err)))
  }, [api, archived])
  return (
    <section aria-labelledby="adm-events-title">
      <h1 id="adm-events-title" tabIndex={-1} ref={heading}>
        {title}
      </h1>
      <p>
        {can(operator.role, 'catalogue.write') && !archived && (
          <>
            <Link className="adm-button" to="/admin/events/new">
              {t.newEvent}
            </Link>{' '}
          </>
        )}
        <Link to={archived ? '/admin' : '/admin?archived=1'}>{archived ? e.currentList : e.archivedList}</Link>
      </p>
      <ErrorNote error={error} />
      {events === null ? (
        <p aria-busy="true">{t.loading}</p>
      ) : events.length === 0 ? (
        <p>{archived ? e.noArchived : t.noEvents}</p>
      ) : (
        <ul className="adm-list">
          {events.map((ev) => (
            <li key={ev.id}>
              <Link to={`/admin/events/${ev.id}`}>{ev[`name_${lang}`] || ev.name_ru}</Link>{' '}
              {/* In the archive every event is unpublished: its state is that it is archived. */}
              <span className={ev.published ? 'adm-badge adm-on' : 'adm-badge'}>{archived ? e.archived : ev.published ? t.published : t.draft}</span>{' '}
              <span>
                {t.sessions}: {ev.sessions}
                {ev.next_day ? `, ${formatDate(ev.next_day, lang)}` : ''}
              </span>{' '}
              {can(operator.role, 'sales.read') && <Link to={`/admin/events/${ev.id}/sales`}>{t.sales}</Link>}{' '}
              {can(operator.role, 'door.scan') && <Link to={`/admin/events/${ev.id}/door`}>{DOOR_CONSOLE_TEXTS[lang].door}</Link>}{' '}
              {can(operator.role, 'boxoffice.sell') && ev.published === 1 && <Link to={`/admin/boxoffice/${ev.hash_id}?map=${ev.scheme === 1 ? 1 : 0}`}>{BOX_TEXTS[lang].link}</Link>}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

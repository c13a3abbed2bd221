import { useEffect, useState } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { can } from '../../contract/admin/roles'
import { DOOR_CONSOLE_TEXTS } from './doorTexts'
import { BOX_TEXTS } from './boxoffice/texts'
import { EVENT_ACTION_TEXTS } from './eventActionTexts'
import { fillIn } from './careTexts'
import { formatDate } from '../i18n/localeFormat'
import { joinParts, labelled, separatorsOf } from '../i18n/punctuation'
import { ErrorNote, messageOf, useConsole, useScreenTitle } from './shell'

type Item = { id: number; hash_id: string; scheme: number; name_ru: string; name_en: string; name_kz: string; name_ch: string; published: number; sessions: number; next_day: string | null }

/**
 * One of a row's links (Sales, Door, Box office): the same words on every row, so its accessible
 * name adds the event's ("Sales: Organ Night"), beginning with the words seen (label in name).
 */
function RowLink({ to, text, event }: { to: string; text: string; event: string }) {
  const { t } = useConsole()
  return (
    <Link to={to} aria-label={fillIn(t.rowLink, { link: text, event })}>
      {text}
    </Link>
  )
}

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
          {events.map((ev) => {
            const name = ev[`name_${lang}`] || ev.name_ru
            return (
              <li key={ev.id}>
                <Link to={`/admin/events/${ev.id}`}>{name}</Link>{' '}
                {/* In the archive every event is unpublished: its state is that it is archived. */}
                <span className={ev.published ? 'adm-badge adm-on' : 'adm-badge'}>{archived ? e.archived : ev.published ? t.published : t.draft}</span>{' '}
                <span>
                  {joinParts(separatorsOf(lang), [labelled(separatorsOf(lang), t.sessions, String(ev.sessions)), ev.next_day ? formatDate(ev.next_day, lang) : ''])}
                </span>{' '}
                {can(operator.role, 'sales.read') && <RowLink to={`/admin/events/${ev.id}/sales`} text={t.sales} event={name} />}{' '}
                {can(operator.role, 'door.scan') && <RowLink to={`/admin/events/${ev.id}/door`} text={DOOR_CONSOLE_TEXTS[lang].door} event={name} />}{' '}
                {can(operator.role, 'boxoffice.sell') && ev.published === 1 && <RowLink to={`/admin/boxoffice/${ev.hash_id}?map=${ev.scheme === 1 ? 1 : 0}`} text={BOX_TEXTS[lang].link} event={name} />}
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}

import { useNavigate } from 'react-router-dom'
import { EVENT_ACTION_TEXTS } from './eventActionTexts'
import { useConsole } from './shell'

/**
 * An event's own actions in its editor, for an operator who may change the catalogue: copy it
 * (a new unpublished event with its sessions off sale and its prices, opened at once) and archive
 * it (asked first; the server refuses while its sessions have tickets the door admits), or
 * restore an archived one. `act` runs a call through the editor's own error and note handling.
 */
export function EventActions({ eventId, archived, act }: { eventId: number; archived: boolean; act: (fn: () => Promise<unknown>, done: string) => void }) {
  const { api, lang } = useConsole()
  const navigate = useNavigate()
  const e = EVENT_ACTION_TEXTS[lang]
  return (
    <p className="adm-event-actions">
      {archived ? (
        <>
          <span className="adm-badge">{e.archived}</span>{' '}
          <button type="button" onClick={() => act(() => api('eventUnarchive', {}, { id: eventId }), e.restored)}>
            {e.restore}
          </button>
        </>
      ) : (
        <>
          <button type="button" onClick={() => act(async () => {
              const made = await api('eventCopy', {}, { id: eventId })
              // The copy opens in a fresh editor (AdminApp keys it by id), which shows the note; nothing more here.
              void navigate(`/admin/events/${made.id}`, { state: { note: e.copied } })
              return false
            }, e.copied)}>
            {e.copy}
          </button>{' '}
          <button type="button" onClick={() => act(async () => {
              if (!window.confirm(e.confirmArchive)) return false
              await api('eventArchive', {}, { id: eventId })
            }, e.archived)}>
            {e.archive}
          </button>
        </>
      )}
    </p>
  )
}

import { useRef, useState, type FormEvent } from 'react'
import { sessionInputSchema } from '../../contract/admin/catalogue'
import { firstIssue } from './issueTexts'
import type { Refusal } from './refusal'
import type { Row } from './rows'
import { OPEN_WINDOW, saleInstantOf, SaleWindowFields, useSaleLabels, type SaleWindow } from './SaleWindowFields'
import { useConsole } from './shell'

/** The new-session form's window hint: the open edit form (EventSessions) has its own on the same screen. */
const NEW_SALE_HINT_ID = 'adm-new-session-sale-hint'
/** What the form starts with, and goes back to once a session is made: no day, the usual evening time, the latest map, no window. */
const BLANK_SESSION = { day: '', time: '19:00', drawing: '' }

interface Props {
  eventId: number
  /** The event sells on a seat map: a session is made on a version of its venue's map. */
  seatMap: boolean
  /** The venue's map versions, oldest first: the latest is the default. */
  maps: Row[]
  /** A map version's name ("Hall v2"). */
  mapName: (id: unknown) => string
  /** The event editor's: one refusal at a time among its forms (the event's, this one, the price's). */
  refusal: Refusal
  /** The form's own check refused: the editor drops its own error, so only the form's note shows. */
  onRefused: () => void
  /** Runs the creation, then says Saved and reloads the event (EventEditor's run). */
  act: (fn: () => Promise<unknown>) => void
}

/**
 * The event editor's form that adds a session: day, time, the map version of a seat-map event,
 * and its on-sale window (SaleWindowFields), so a session meant to go on sale later is made held
 * back, never on sale for the moment between its creation and an edit. The form is noValidate:
 * the contract's check (sessionInputSchema, firstIssue) says what is wrong in the console's
 * language on the refused field, an end not after the start on "Sale ends", and nothing is sent.
 */
export function NewSessionForm({ eventId, seatMap, maps, mapName, refusal, onRefused, act }: Props) {
  const { api, t, lang, timeZone } = useConsole()
  const { refuse, marks, note } = refusal
  const [session, setSession] = useState(BLANK_SESSION)
  const dayInput = useRef<HTMLInputElement>(null)
  const [saleWindow, setSaleWindow] = useState<SaleWindow>(OPEN_WINDOW)
  const labels: Record<string, string> = { day: t.day, time: t.time, drawing_id: t.mapVersion, ...useSaleLabels() }
  const latestMap = String(maps[maps.length - 1]?.id ?? '')

  const addSession = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    // A seat-map event's session is sold on a version of its venue's map: the chosen one, else the latest.
    const drawing = seatMap ? Number(session.drawing || latestMap || 0) || null : null
    const body = { day: session.day, time: session.time, drawing_id: drawing, sale_from: saleInstantOf(saleWindow.saleFrom, timeZone), sale_to: saleInstantOf(saleWindow.saleTo, timeZone) }
    if (refuse(e, 'session', firstIssue(sessionInputSchema, body, lang, { label: (key) => labels[key.split('.')[0]] ?? key }))) return onRefused()
    const form = e.currentTarget
    act(async () => {
      await api('sessionCreate', body, { id: eventId })
      // Made: the form starts again blank, so the next session is not made from this one's values
      // by mistake; focus (still in the form, on its button) goes to the day, where the next starts.
      setSession(BLANK_SESSION)
      setSaleWindow(OPEN_WINDOW)
      if (form.contains(document.activeElement)) dayInput.current?.focus()
    })
  }

  return (
    <form className="adm-form adm-inline" noValidate onSubmit={addSession} aria-label={t.addSession}>
      {note('session')}
      <label>
        {t.day}
        <input ref={dayInput} type="date" name="day" required value={session.day} onChange={(e) => setSession({ ...session, day: e.target.value })} {...marks('session', 'day')} />
      </label>
      <label>
        {t.time}
        <input type="time" name="time" required value={session.time} onChange={(e) => setSession({ ...session, time: e.target.value })} {...marks('session', 'time')} />
      </label>
      {seatMap && (
        <label>
          {t.mapVersion}
          <select name="drawing" value={session.drawing || latestMap} onChange={(e) => setSession({ ...session, drawing: e.target.value })}>
            {maps.map((d) => (
              <option key={d.id} value={d.id}>
                {mapName(d.id)}
              </option>
            ))}
          </select>
        </label>
      )}
      <SaleWindowFields value={saleWindow} onChange={setSaleWindow} marks={(name) => marks('session', name)} hintId={NEW_SALE_HINT_ID} />
      <button type="submit">{t.addSession}</button>
    </form>
  )
}

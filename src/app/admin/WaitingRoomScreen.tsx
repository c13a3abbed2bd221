import { useCallback, useEffect, useState, type FormEvent } from 'react'
import { Link, useParams } from 'react-router-dom'
import { can } from '../../contract/admin/roles'
import { waitingRoomInputSchema, type WaitingRoomView } from '../../contract/admin/waiting'
import { pickLocalized } from '../../contract/lang'
import { formatDate } from '../i18n/localeFormat'
import { fillIn } from './careTexts'
import { firstIssue } from './issueTexts'
import { typedOrNull, useRefusal } from './refusal'
import { ErrorNote, messageOf, useConsole, useScreenTitle } from './shell'
import { zoneInputInstant, zoneInputValue } from '../../contract/rules/wallClock'
import { venueClockNote } from './venueClock'
import { WAITING_CONSOLE_TEXTS } from './waitingTexts'
import { aside } from '../i18n/punctuation'

interface Form {
  enabled: boolean
  opensAt: string
  rate: string
  auto: string
}

/**
 * /admin/sessions/:id/waiting-room (issue 18.5): switch a session's waiting room on or off, its
 * on-sale moment, its admission rate and the load above which it switches itself on; shows the
 * queue's counts. The server checks every value (contract/admin/waiting.ts); the form checks
 * them with the same schema first so a mistake is named before sending.
 */
export function WaitingRoomScreen() {
  const { api, lang, operator, timeZone } = useConsole()
  const w = WAITING_CONSOLE_TEXTS[lang]
  const id = Number(useParams().id)
  const [view, setView] = useState<WaitingRoomView | null>(null)
  const [form, setForm] = useState<Form | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [saved, setSaved] = useState(false)
  // A session of an archived event is read-only until the event is restored (the server refuses a change: admin-event-archived).
  const archived = view?.event_archived === true
  // A role that may only read the catalogue (box office, door) sees the settings as they are: the
  // server refuses its change (403, the call's catalogue.write), so no Save is offered.
  const mayChange = can(operator.role, 'catalogue.write')
  const locked = archived || !mayChange
  const title = view === null ? w.link : fillIn(w.title, { event: pickLocalized(view.session, 'name', lang), day: formatDate(view.session.day, lang), time: view.session.time })
  const heading = useScreenTitle(title)
  const { refuse, marks, note } = useRefusal('adm-waiting')

  const load = useCallback(async () => {
    const v = await api('sessionWaitingRoomGet', {}, { id })
    setView(v)
    setForm({ enabled: v.enabled, opensAt: zoneInputValue(v.opens_at, timeZone), rate: String(v.admit_per_minute), auto: v.auto_per_minute === null ? '' : String(v.auto_per_minute) })
  }, [api, id, timeZone])
  useEffect(() => {
    load().catch((e: unknown) => setError(messageOf(e)))
  }, [load])

  const save = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    if (!form || locked) return
    setSaved(false)
    // A blank moment or rate goes as null, so the check says "required", not "a number is needed" or "at least 1".
    const body = { enabled: form.enabled, opens_at: typedOrNull(form.opensAt, (v) => zoneInputInstant(v, timeZone)), admit_per_minute: typedOrNull(form.rate, Number), auto_per_minute: typedOrNull(form.auto, Number) }
    // The first refusal as "Field: reason" (a rate over the most the server takes says so, not only the field's name).
    const labels: Record<string, string> = { opens_at: w.opensAt, admit_per_minute: w.rate, auto_per_minute: w.auto }
    const check = firstIssue(waitingRoomInputSchema, body, lang, { label: (key) => labels[key] ?? key })
    // The form is noValidate: this check, not the browser's bubbles in the browser's language, says what is wrong.
    refuse(e, 'room', check)
    if (check.error !== null) return setError(null)
    try {
      await api('sessionWaitingRoom', check.data, { id })
      setError(null)
      setSaved(true)
      await load()
    } catch (err) {
      setError(messageOf(err))
    }
  }

  return (
    <section aria-labelledby="adm-waiting-title">
      <h1 id="adm-waiting-title" tabIndex={-1} ref={heading}>
        {title}
      </h1>
      <p>
        <Link to={view === null ? '/admin' : `/admin/events/${view.session.event_id}`}>{w.back}</Link>
      </p>
      <p>{w.intro}</p>
      {archived && (
        <p className="adm-note" role="note" data-testid="waiting-archived">
          {w.archived}
        </p>
      )}
      {!mayChange && (
        <p className="adm-note" role="note" data-testid="waiting-read-only">
          {w.readOnly}
        </p>
      )}
      <ErrorNote error={error} />
      <p role="status" className="adm-note">
        {saved ? w.saved : ''}
      </p>
      {form && (
        <form className="adm-form" noValidate onSubmit={(e) => void save(e)} aria-labelledby="adm-waiting-title">
          {note('room')}
          <label>
            <span>
              <input type="checkbox" name="enabled" checked={form.enabled} disabled={locked} onChange={(e) => setForm({ ...form, enabled: e.target.checked })} style={{ minHeight: 0, width: 'auto' }} /> {w.enabled}
            </span>
          </label>
          <label>
            {w.opensAt}
            {aside(lang, venueClockNote(lang, timeZone))}
            <input type="datetime-local" name="opens_at" required readOnly={locked} value={form.opensAt} onChange={(e) => setForm({ ...form, opensAt: e.target.value })} {...marks('room', 'opens_at')} />
          </label>
          <label>
            {w.rate}
            <input type="number" name="admit_per_minute" required min={1} inputMode="numeric" readOnly={locked} value={form.rate} onChange={(e) => setForm({ ...form, rate: e.target.value })} {...marks('room', 'admit_per_minute')} />
          </label>
          <label>
            {w.auto}
            <input type="number" name="auto_per_minute" min={1} inputMode="numeric" readOnly={locked} value={form.auto} onChange={(e) => setForm({ ...form, auto: e.target.value })} {...marks('room', 'auto_per_minute')} />
          </label>
          {!locked && <button type="submit">{w.save}</button>}
        </form>
      )}
      {view && (
        <dl className="adm-totals" data-testid="waiting-counts">
          <div>
            <dt>{w.visitors}</dt>
            <dd>{view.visitors}</dd>
          </div>
          <div>
            <dt>{w.placed}</dt>
            <dd>{view.placed}</dd>
          </div>
          <div>
            <dt>{w.admitted}</dt>
            <dd>{view.admitted}</dd>
          </div>
        </dl>
      )}
    </section>
  )
}

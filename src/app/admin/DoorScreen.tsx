import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react'
import { formatClock } from '../i18n/localeFormat'
import { aside, joinParts, labelled, separatorsOf } from '../i18n/punctuation'
import { Link, useParams } from 'react-router-dom'
import type { z } from 'zod'
import { checkinListCreateSchema, type CheckinCounts, type checkinListsResponseSchema } from '../../contract/admin/door'
import { LANG_PARAM } from '../../contract/langCodes'
import { formatSession } from '../../contract/rules/dayText'
import { fillIn } from './careTexts'
import { CATALOGUE_TEXTS, ROLE_NAMES } from './catalogue/texts'
import { DOOR_CONSOLE_TEXTS } from './doorTexts'
import { firstIssue } from './issueTexts'
import { NOTE_TEXTS } from './noteTexts'
import { useRefusal } from './refusal'
import { ErrorNote, messageOf, useConsole, useScreenTitle } from './shell'

/** Live counts are read again this often while the screen is open. */
const COUNTS_POLL_MS = 5000

type Lists = z.infer<typeof checkinListsResponseSchema>

const emptyForm = () => ({ name: '', category_ids: [] as number[], sector_ids: [] as number[], exits: true, reentry: true })

/**
 * The door of an event's sessions (issue 19.4): the check-in lists (gates) of a session, made
 * here (all tickets, or some categories and sectors; exits; re-entry), and live counts per gate.
 */
export function DoorScreen() {
  const { api, lang, timeZone } = useConsole()
  const d = DOOR_CONSOLE_TEXTS[lang]
  const id = Number(useParams().id)
  const heading = useScreenTitle(d.title)
  const [sessions, setSessions] = useState<{ id: number; day: string; time: string; cancelled: boolean }[]>([])
  const [sessionId, setSessionId] = useState<number | null>(null)
  const [lists, setLists] = useState<Lists | null>(null)
  const [counts, setCounts] = useState<CheckinCounts | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [form, setForm] = useState(emptyForm)
  const { refuse, marks, note, clear: clearRefusal } = useRefusal('adm-door')
  // The session whose lists and counts are on screen: an answer for another (asked before a switch) is dropped.
  const shownSession = useRef<number | null>(null)
  /**
   * Another session: its lists, counts, error and the new list's picks (the old session's
   * categories and sectors) go at once, not when its first answer comes (or never, for an error).
   */
  const choose = useCallback((next: number | null) => {
    shownSession.current = next
    setSessionId(next)
    setLists(null)
    setCounts(null)
    setError(null)
    clearRefusal()
    setForm(emptyForm())
  }, [clearRefusal])

  useEffect(() => {
    api('event', {}, { id }).then(
      (e) => {
        // A cancelled session (calendars.cancelled_at) admits no one: its tickets were refunded.
        const s = e.sessions.map((r) => ({ id: Number(r.id), day: String(r.day), time: String(r.time), cancelled: r.cancelled_at !== null && r.cancelled_at !== undefined }))
        setSessions(s)
        choose(s[0]?.id ?? null)
      },
      (err: unknown) => setError(messageOf(err)),
    )
  }, [api, id, choose])
  const reload = useCallback(async () => {
    if (sessionId === null) return
    const still = () => shownSession.current === sessionId
    try {
      const l = await api('checkinLists', { calendar_id: sessionId })
      if (still()) setLists(l)
      const c = await api('checkinCounts', { calendar_id: sessionId })
      if (still()) setCounts(c)
    } catch (err) {
      if (still()) setError(messageOf(err))
    }
  }, [api, sessionId])
  useEffect(() => {
    void reload()
    const timer = setInterval(() => {
      if (sessionId !== null) api('checkinCounts', { calendar_id: sessionId }).then((c) => shownSession.current === sessionId && setCounts(c), () => undefined)
    }, COUNTS_POLL_MS)
    return () => clearInterval(timer)
  }, [api, reload, sessionId])

  const add = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    if (sessionId === null) return
    // The form is noValidate: the contract's check, not the browser's bubble in the browser's language, says a blank gate name.
    const labels: Record<string, string> = { name: d.name, category_ids: d.categories, sector_ids: d.sectors }
    if (refuse(e, 'new', firstIssue(checkinListCreateSchema, { calendar_id: sessionId, ...form }, lang, { label: (key) => labels[key.split('.')[0]] ?? key }))) return
    try {
      await api('checkinListCreate', { calendar_id: sessionId, ...form })
      if (shownSession.current !== sessionId) return
      setForm(emptyForm())
      setError(null)
      await reload()
    } catch (err) {
      if (shownSession.current === sessionId) setError(messageOf(err))
    }
  }
  const archive = async (listId: number) => {
    const l = lists?.lists.find((x) => x.id === listId)
    if (!l) return
    try {
      await api('checkinListUpdate', { name: l.name, category_ids: l.category_ids, sector_ids: l.sector_ids, exits: l.exits, reentry: l.reentry, archived: true }, { id: listId })
      await reload()
    } catch (err) {
      if (shownSession.current === sessionId) setError(messageOf(err))
    }
  }
  const toggle = (key: 'category_ids' | 'sector_ids', value: number) =>
    setForm((f) => ({ ...f, [key]: f[key].includes(value) ? f[key].filter((v) => v !== value) : [...f[key], value] }))
  const catName = (cid: number) => {
    const c = lists?.categories.find((x) => x.id === cid)
    return c ? ({ ru: c.name, en: c.name_en, kz: c.name_kz, ch: c.name_ch }[lang] || c.name) : String(cid)
  }
  const secName = (sid: number) => lists?.sectors.find((x) => x.id === sid)?.name ?? String(sid)
  const time = (at: number | null) => (at === null ? '' : formatClock(at, timeZone))
  const notes = NOTE_TEXTS[lang]
  const cancelled = sessions.find((s) => s.id === sessionId)?.cancelled === true

  return (
    <section aria-labelledby="adm-door-title">
      <h1 id="adm-door-title" tabIndex={-1} ref={heading}>
        {d.title}
      </h1>
      <p>
        <Link to={`/admin/events/${id}`}>
          <span aria-hidden="true">← </span>
          {d.backToEvent}
        </Link>{' '}
        · {d.appHint}{' '}
        {/* Out of the console's routes (a page load): the door app opens in the console's language. */}
        <a href={`/door?${LANG_PARAM}=${lang}`}>{d.appLink}</a>
      </p>
      {/* Who may use that link: the roles and sections as the console names them (Operators screen, API tokens screen). */}
      <p className="adm-muted" data-testid="door-signin-how">
        <strong>{d.signInTitle}</strong>{' '}
        {fillIn(d.signInHow, { ...ROLE_NAMES[lang], operators: CATALOGUE_TEXTS[lang].operators, tokens: CATALOGUE_TEXTS[lang].tokens })}
      </p>
      <ErrorNote error={error} />
      <label className="adm-form adm-narrow">
        {d.session}
        <select value={sessionId ?? ''} onChange={(e) => choose(Number(e.target.value))}>
          {sessions.map((s) => (
            <option key={s.id} value={s.id}>
              {/* The date as the console's language writes it, at render: a language switch rewords it. */}
              {formatSession(s.day, s.time, lang)}
              {s.cancelled ? aside(lang, notes.cancelled) : ''}
            </option>
          ))}
        </select>
      </label>
      {cancelled && (
        <p className="adm-note" role="status" data-testid="door-cancelled">
          {notes.cancelledDoor}
        </p>
      )}
      {counts && (
        <>
          <dl className="adm-totals" data-testid="door-totals">
            <div>
              <dt>{d.inside}</dt>
              <dd>{counts.inside}</dd>
            </div>
            <div>
              <dt>{d.tickets}</dt>
              <dd>{counts.tickets}</dd>
            </div>
          </dl>
          {/* Focusable so a keyboard can scroll a table wider than a phone. */}
          <div className="adm-scroll" tabIndex={0} role="region" aria-label={d.counts}>
            <table>
              <caption>{d.counts}</caption>
              <thead>
                <tr>
                  <th scope="col">{d.gate}</th>
                  <th scope="col">{d.entered}</th>
                  <th scope="col">{d.exited}</th>
                  <th scope="col">{d.refused}</th>
                  <th scope="col">{d.flagged}</th>
                  <th scope="col">{d.last}</th>
                </tr>
              </thead>
              <tbody>
                {counts.gates.length === 0 ? (
                  <tr>
                    <td colSpan={6}>{d.none}</td>
                  </tr>
                ) : (
                  counts.gates.map((g) => (
                    <tr key={`${g.list_id ?? ''}:${g.gate}`}>
                      <th scope="row">{g.gate}</th>
                      <td>{g.entered}</td>
                      <td>{g.exited}</td>
                      <td>{g.refused}</td>
                      <td>{g.flagged}</td>
                      <td>{time(g.last_at)}</td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
        </>
      )}
      {lists && (
        <>
          <div className="adm-scroll" tabIndex={0} role="region" aria-label={d.lists}>
            <table>
              <caption>{d.lists}</caption>
              <thead>
                <tr>
                  <th scope="col">{d.name}</th>
                  <th scope="col">{d.admits}</th>
                  <th scope="col">{d.exits}</th>
                  <th scope="col">{d.reentry}</th>
                  <td />
                </tr>
              </thead>
              <tbody>
                {lists.lists.map((l) => (
                  <tr key={l.id}>
                    <th scope="row">{l.name}</th>
                    <td>{l.category_ids.length === 0 && l.sector_ids.length === 0 ? d.all : joinParts(separatorsOf(lang), [...l.category_ids.map(catName), ...l.sector_ids.map(secName)])}</td>
                    <td>{l.exits ? d.yes : d.no}</td>
                    <td>{l.reentry ? d.yes : d.no}</td>
                    <td>
                      <button type="button" onClick={() => void archive(l.id)} aria-label={labelled(separatorsOf(lang), d.archive, l.name)}>
                        {d.archive}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <form className="adm-form" noValidate onSubmit={(e) => void add(e)}>
            {note('new')}
            <label>
              {d.name}
              <input name="name" required maxLength={64} value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} {...marks('new', 'name')} />
            </label>
            {lists.categories.length > 0 && (
              <fieldset>
                <legend>{d.categories}</legend>
                {lists.categories.map((c) => (
                  <label key={c.id} className="door-check">
                    <input type="checkbox" checked={form.category_ids.includes(c.id)} onChange={() => toggle('category_ids', c.id)} /> {catName(c.id)}
                  </label>
                ))}
              </fieldset>
            )}
            {lists.sectors.length > 0 && (
              <fieldset>
                <legend>{d.sectors}</legend>
                {lists.sectors.map((s) => (
                  <label key={s.id} className="door-check">
                    <input type="checkbox" checked={form.sector_ids.includes(s.id)} onChange={() => toggle('sector_ids', s.id)} /> {s.name}
                  </label>
                ))}
              </fieldset>
            )}
            <label className="door-check">
              <input type="checkbox" checked={form.exits} onChange={(e) => setForm({ ...form, exits: e.target.checked })} /> {d.exits}
            </label>
            <label className="door-check">
              <input type="checkbox" checked={form.reentry} onChange={(e) => setForm({ ...form, reentry: e.target.checked })} /> {d.reentry}
            </label>
            <button type="submit">{d.add}</button>
          </form>
        </>
      )}
    </section>
  )
}

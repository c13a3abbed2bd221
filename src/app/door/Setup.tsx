import { useCallback, useEffect, useRef, useState } from 'react'
import type { CheckinList, DoorSession } from '../../contract/admin/door'
import type { Lang } from '../../contract/lang'
import { formatSession } from '../../contract/rules/dayText'
import type { DoorApi } from './api'
import type { DoorEngine } from './model/engine'
import { warmReader } from './model/reader'
import { fill } from './texts'
import { describeList, errorText, timeOf } from './labels'
import { aside } from '../i18n/punctuation'
import type { DoorTexts } from './texts'

/** Picks the session and the gate (check-in list) this phone checks for. */
export function Setup({ api, engine, t, lang, onChoose }: { api: DoorApi; engine: DoorEngine; t: DoorTexts; lang: Lang; onChoose: (c: { session: DoorSession; list: CheckinList }) => void }) {
  const [sessions, setSessions] = useState<DoorSession[] | null>(null)
  // The failed call's error, worded at render (in the language chosen now).
  const [failure, setFailure] = useState<{ err: unknown } | null>(null)
  const [sessionId, setSessionId] = useState<number | null>(null)
  const [listId, setListId] = useState<number | null>(null)
  const [held, setHeld] = useState<Awaited<ReturnType<DoorEngine['prefetch']>>>(null)
  // The decoder loads and the chosen session's list syncs while the steward picks the gate.
  useEffect(() => warmReader(), [])
  useEffect(() => {
    if (sessionId === null) return
    let live = true
    setHeld(null)
    void engine.prefetch(sessionId).then((h) => live && setHeld(h))
    return () => {
      live = false
    }
  }, [engine, sessionId])
  const load = useCallback(() => {
    setFailure(null)
    api('doorSessions', {}).then(
      (a) => {
        setSessions(a.sessions)
        const first = a.sessions[0]
        setSessionId(first?.calendar_id ?? null)
        setListId(first?.lists[0]?.id ?? null)
      },
      (err: unknown) => setFailure({ err }),
    )
  }, [api])
  useEffect(() => load(), [load])
  // The chooser comes in place of the sign-in or the scanning screen: focus on its heading, not the page's body.
  const heading = useRef<HTMLHeadingElement>(null)
  const loaded = sessions !== null
  useEffect(() => {
    if (loaded) heading.current?.focus()
  }, [loaded])
  const session = sessions?.find((s) => s.calendar_id === sessionId) ?? null
  const list = session?.lists.find((l) => l.id === listId) ?? null
  if (failure)
    return (
      <>
        <p role="alert" className="adm-error">
          {errorText(failure.err, t)}
        </p>
        <button type="button" onClick={load}>
          {t.retry}
        </button>
      </>
    )
  if (!sessions) return <p role="status">{t.loading}</p>
  if (sessions.length === 0) return <p>{t.noSessions}</p>
  return (
    <form
      className="adm-form"
      onSubmit={(e) => {
        e.preventDefault()
        if (session && list) onChoose({ session, list })
      }}
    >
      <h1 tabIndex={-1} ref={heading}>
        {t.title}
      </h1>
      <label>
        {t.chooseSession}
        <select
          value={sessionId ?? ''}
          onChange={(e) => {
            const id = Number(e.target.value)
            setSessionId(id)
            setListId(sessions.find((s) => s.calendar_id === id)?.lists[0]?.id ?? null)
          }}
        >
          {sessions.map((s) => (
            <option key={s.calendar_id} value={s.calendar_id}>
              {s.event[lang] || s.event.ru} · {formatSession(s.day, s.time, lang)}
            </option>
          ))}
        </select>
      </label>
      <p className="adm-muted" aria-live="polite">
        {held ? fill(t.synced, { n: held.tickets(list), time: timeOf(held.syncedAt, lang) }) : t.notSynced}
      </p>
      {session && session.lists.length === 0 ? (
        <p>{t.noLists}</p>
      ) : (
        <fieldset className="door-lists">
          <legend>{t.chooseGate}</legend>
          {session?.lists.map((l) => (
            <label key={l.id} className="door-radio">
              <input type="radio" name="list" value={l.id} checked={l.id === listId} onChange={() => setListId(l.id)} />
              <span>
                <strong>{l.name}</strong>
                <span className="adm-muted">{aside(lang, describeList(l, t, lang))}</span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      <button type="submit" disabled={!list}>
        {t.start}
      </button>
    </form>
  )
}

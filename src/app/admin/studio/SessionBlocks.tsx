import { useEffect, useState } from 'react'
import type { StudioPlan } from '../../../contract/admin/studio'
import { ErrorNote, messageOf, useConsole } from '../shell'
import type { StudioController, StudioState } from './StudioController'
import type { StudioTexts } from './texts'
import { labelled, separatorsOf } from '../../i18n/punctuation'

/**
 * Blocking the selected seats in one session of this version, at once (no new version), also
 * while it sells: the server refuses the whole request when a seat is held or sold and says
 * which. The count of the session's blocked seats is read back after each change.
 */
export function SessionBlocks({ plan, controller, state, t }: { plan: StudioPlan; controller: StudioController; state: StudioState; t: StudioTexts }) {
  const { api, lang } = useConsole()
  const [session, setSession] = useState(String(plan.sessions[0]?.id ?? ''))
  const [count, setCount] = useState<number | null>(null)
  const [note, setNote] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    if (!session) return
    setCount(null)
    api('sessionBlocked', {}, { id: Number(session) }).then((r) => setCount(r.keys.length), (e: unknown) => setError(messageOf(e)))
  }, [api, session])
  if (plan.sessions.length === 0) return <p>{t.noSessions}</p>

  const change = async (blocked: boolean) => {
    const seats = controller.selection()
    if (!seats) return setError(`${t.selected}: 0`)
    setBusy(true)
    setError(null)
    setNote(null)
    try {
      const r = await api('sessionBlocks', { blocked, seats }, { id: Number(session) })
      setNote(t.blockDone.replace('{n}', String(r.changed)))
      controller.clearSelection()
      setCount((await api('sessionBlocked', {}, { id: Number(session) })).keys.length)
    } catch (e) {
      setError(messageOf(e))
    } finally {
      setBusy(false)
    }
  }
  return (
    <>
      <label>
        {t.session}
        <select value={session} onChange={(e) => setSession(e.target.value)}>
          {plan.sessions.map((x) => <option key={x.id} value={x.id}>{labelled(separatorsOf(lang), x.event, `${x.day} ${x.time}`)}</option>)}
        </select>
      </label>
      {count !== null && <p data-testid="session-blocked">{t.blockedNow.replace('{n}', String(count))}</p>}
      <button type="button" disabled={busy || state.selected.size === 0} onClick={() => void change(true)}>{t.blockNow}</button>
      <button type="button" disabled={busy || state.selected.size === 0} onClick={() => void change(false)}>{t.unblockNow}</button>
      {note && <p role="status">{note}</p>}
      <ErrorNote error={error} />
    </>
  )
}

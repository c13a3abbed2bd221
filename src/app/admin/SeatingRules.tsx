import { useEffect, useState } from 'react'
import type { SessionSeatingView } from '../../contract/admin/seating'
import { ACCESSIBLE_RELEASE_RULES, type AccessibleRelease } from '../../contract/entities/access'
import type { Lang } from '../../contract/lang'
import { zoneDay } from '../../contract/rules/wallClock'
import { formatDate } from '../i18n/localeFormat'
import { aside, joinParts, labelled, separatorsOf } from '../i18n/punctuation'
import { messageOf, useConsole } from './shell'

/** The seat-choice rules' words (issue 20 items 2-3) in ru, en, kz and ch. */
const TEXTS: Record<Lang, { title: string; enforce: string; session: string; hold: string; release: string; rules: Record<AccessibleRelease, string>; save: string; releases: string; none: string; saved: string }> = {
  ru: { title: 'Выбор мест', enforce: 'Запрещать одиночные свободные места (все сеансы)', session: 'Сеанс', hold: 'Придерживать места для колясок и сопровождающих', release: 'Открывать в общую продажу, когда распроданы', rules: { all: 'все остальные места сеанса', area: 'остальные места сектора', level: 'остальные места ценовой категории' }, save: 'Сохранить правила сеанса', releases: 'Открыто в продажу', none: 'пока ничего', saved: 'Сохранено' },
  en: { title: 'Seat choice', enforce: 'Enforce no single empty seats (all sessions)', session: 'Session', hold: 'Hold back wheelchair spaces and companion seats', release: 'Release to general sale when sold out', rules: { all: 'every other seat of the session', area: 'the other seats of the sector', level: 'the other seats of the price level' }, save: 'Save session rules', releases: 'Released', none: 'nothing yet', saved: 'Saved' },
  kz: { title: 'Орын таңдау', enforce: 'Жалғыз бос орын қалдыруға тыйым салу (барлық сеанстар)', session: 'Сеанс', hold: 'Арба мен серіктес орындарын ұстап тұру', release: 'Жалпы сатылымға ашу, сатылып біткенде', rules: { all: 'сеанстың қалған барлық орындары', area: 'сектордың қалған орындары', level: 'баға санатының қалған орындары' }, save: 'Сеанс ережелерін сақтау', releases: 'Сатылымға ашылды', none: 'әзірге ештеңе', saved: 'Сақталды' },
  ch: { title: '選座規則', enforce: '禁止留下單獨空位（所有場次）', session: '場次', hold: '保留輪椅位及陪同座位', release: '售完時開放一般銷售', rules: { all: '本場次所有其他座位', area: '該區其他座位', level: '該票價等級其他座位' }, save: '儲存場次規則', releases: '已開放', none: '尚無', saved: '已儲存' },
}

/**
 * An event's seat-choice rules in the console (issue 20): the single-seat switch of the event
 * (POST /api/admin/events/:id/seating; the server refuses hand-picked seats leaving a single
 * seat when on), and per session the hold-back of wheelchair spaces with its release rule and
 * the releases that happened (POST/GET /api/admin/sessions/:id/seating). Every change is audited.
 */
export function SeatingRules({ eventId, orphanRule, sessions, writable, onSaved }: {
  eventId: number
  orphanRule: string
  sessions: readonly { id: number; label: string }[]
  writable: boolean
  onSaved: () => void
}) {
  const { api, lang, timeZone } = useConsole()
  const t = TEXTS[lang]
  const [picked, setSession] = useState(sessions[0]?.id ?? 0)
  // The session picked while the event has it, else its first: a session added to an event that
  // had none is offered at once, and one deleted since is no longer the one saved to.
  const session = sessions.some((s) => s.id === picked) ? picked : (sessions[0]?.id ?? 0)
  const [view, setView] = useState<SessionSeatingView | null>(null)
  const [said, setSaid] = useState('')
  useEffect(() => {
    if (!session) return
    api('sessionSeatingView', {}, { id: session }).then(setView, (e: unknown) => setSaid(messageOf(e)))
  }, [api, session])
  const run = (fn: () => Promise<unknown>) => {
    setSaid('')
    fn().then(() => {
      setSaid(t.saved)
      onSaved()
    }, (e: unknown) => setSaid(messageOf(e)))
  }
  // The venue's day of the release, not UTC's.
  const date = (ms: number) => formatDate(zoneDay(ms, timeZone), lang)
  return (
    <section aria-label={t.title}>
      <h2>{t.title}</h2>
      <label className="adm-check">
        <input type="checkbox" disabled={!writable} checked={orphanRule === 'enforce'} onChange={(e) => run(() => api('eventSeating', { orphan_rule: e.target.checked ? 'enforce' : 'warn' }, { id: eventId }))} />
        {t.enforce}
      </label>
      {sessions.length > 0 && view && (
        <form className="adm-form" aria-label={t.save} onSubmit={(e) => {
          e.preventDefault()
          run(() => api('sessionSeating', { accessible_hold: view.accessible_hold, accessible_release: view.accessible_release, orphan_rule: view.orphan_rule }, { id: session }))
        }}>
          <label>
            {t.session}
            <select value={session} onChange={(e) => setSession(Number(e.target.value))}>
              {sessions.map((s) => <option key={s.id} value={s.id}>{s.label}</option>)}
            </select>
          </label>
          <label className="adm-check">
            <input type="checkbox" disabled={!writable} checked={view.accessible_hold} onChange={(e) => setView({ ...view, accessible_hold: e.target.checked })} />
            {t.hold}
          </label>
          <label>
            {t.release}
            <select disabled={!writable} value={view.accessible_release} onChange={(e) => setView({ ...view, accessible_release: e.target.value as AccessibleRelease })}>
              {ACCESSIBLE_RELEASE_RULES.map((r) => <option key={r} value={r}>{t.rules[r]}</option>)}
            </select>
          </label>
          <p>{labelled(separatorsOf(lang), t.releases, view.releases.length === 0 ? t.none : joinParts(separatorsOf(lang), view.releases.map((r) => `${r.scope}${r.scope === 'all' ? '' : ` #${r.scope_id}`}${aside(lang, date(r.released_at))}`)))}</p>
          {writable && <button type="submit">{t.save}</button>}
        </form>
      )}
      <p role="status">{said}</p>
    </section>
  )
}

import { useEffect, useMemo, useState, useSyncExternalStore } from 'react'
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom'
import { can } from '../../../contract/admin/roles'
import type { StudioPlan } from '../../../contract/admin/studio'
import type { Lang } from '../../../contract/lang'
import { AccessLegend, useAccessT } from '../../screens/scheme/seatChoice/AccessLegend'
import { ErrorNote, messageOf, useConsole, useScreenTitle } from '../shell'
import { StudioController } from './StudioController'
import { aside, joinParts, labelled, separatorsOf } from '../../i18n/punctuation'
import { StudioMap, type ClickMode, type DragTool } from './StudioMap'
import { StudioPanel } from './StudioPanel'
import { STUDIO_TEXTS, type StudioTexts } from './texts'
import { unnamedSectorsNote } from './unnamedSectors'
import { wordWarning } from './warnings'

/** The venue map studio at /admin/drawings/:id: one version of a venue's map, its import report, versions and edits. */
export function StudioScreen() {
  const { api, lang } = useConsole()
  const s = STUDIO_TEXTS[lang]
  const { id } = useParams()
  // A save on a draft keeps the drawing id: the navigation after it (a new location key) reloads the plan.
  const { key: visit } = useLocation()
  const [plan, setPlan] = useState<StudioPlan | null>(null)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    setPlan(null)
    api('drawingPlan', {}, { id: Number(id) }).then(setPlan, (e: unknown) => setError(messageOf(e)))
  }, [api, id, visit])
  // A version still being copied (a big venue's, in the background): read its progress again
  // every COPY_POLL_MS until the copy is done, then the studio opens on it.
  const copying = plan?.drawing.copying ?? null
  useEffect(() => {
    if (!copying) return
    const timer = setTimeout(() => api('drawingPlan', {}, { id: Number(id) }).then(setPlan, (e: unknown) => setError(messageOf(e))), COPY_POLL_MS)
    return () => clearTimeout(timer)
  }, [api, id, copying])
  const heading = useScreenTitle(plan ? studioTitle(plan, s, lang) : s.studio)
  if (!plan) return (
    <section>
      <h1 tabIndex={-1} ref={heading}>{s.studio}</h1>
      <ErrorNote error={error} />
      {!error && <p aria-busy="true">{s.parsing}</p>}
    </section>
  )
  if (copying) return (
    <section>
      <h1 tabIndex={-1} ref={heading}>{studioTitle(plan, s, lang)}</h1>
      <ErrorNote error={error} />
      <p role="status">{s.copying.replace('{copied}', String(copying.copied)).replace('{total}', String(copying.total))}</p>
      <progress max={Math.max(1, copying.total)} value={copying.copied} aria-label={s.copying.replace('{copied}', String(copying.copied)).replace('{total}', String(copying.total))} />
      <p className="adm-muted">{s.copyingNote}</p>
    </section>
  )
  return <Studio key={`${plan.drawing.id}.${plan.drawing.revision}`} plan={plan} headingRef={heading} />
}

/** How often the studio reads a copying version's progress (each read is the plan: cheap while its seats are few). */
const COPY_POLL_MS = 2000

/** "Version 3" or "Version 3, draft". */
/** "Studio: hall (version 2, draft)", in Chinese with full-width punctuation: the screen's title and heading. */
const studioTitle = (plan: StudioPlan, s: StudioTexts, lang: Lang) => {
  const sep = separatorsOf(lang)
  const version = joinParts(sep, [`${s.version} ${plan.drawing.version}`, plan.drawing.draft ? s.draft : ''])
  return labelled(sep, s.studio, `${plan.drawing.name}${aside(lang, version)}`)
}

function Studio({ plan, headingRef }: { plan: StudioPlan; headingRef: React.RefObject<HTMLHeadingElement | null> }) {
  const { api, lang, operator } = useConsole()
  const s = STUDIO_TEXTS[lang]
  const navigate = useNavigate()
  const controller = useMemo(() => new StudioController(plan), [plan])
  useEffect(() => {
    void controller.start()
    return () => controller.dispose()
  }, [controller])
  const state = useSyncExternalStore(controller.subscribe, controller.getSnapshot)
  const [mode, setMode] = useState<ClickMode>('seat')
  const [drag, setDrag] = useState<DragTool | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [forSession, setForSession] = useState('')
  const [accessSaid, setAccessSaid] = useState('')
  const accessT = useAccessT(lang)
  const writable = can(operator.role, 'catalogue.write')
  const rows = useMemo(() => new Set(plan.seats.row.map((r, i) => `${plan.seats.sector[i]}\u0000${r}`)).size, [plan])
  // Seats a sale would show without a sector (" · 10 · 7"): named in this studio, under the fixes.
  const unnamed = unnamedSectorsNote(plan.sectors, s.unnamedSectors, lang)

  useEffect(() => {
    if (!drag) return
    const esc = (e: KeyboardEvent) => e.key === 'Escape' && setDrag(null)
    window.addEventListener('keydown', esc)
    return () => window.removeEventListener('keydown', esc)
  }, [drag])

  const save = async () => {
    setBusy(true)
    setError(null)
    try {
      // Blocking for one session: the server moves the session (without sales) onto the version
      // the edits land in, once its copy is done when it goes on in the background.
      const r = await api('drawingEdit', { ops: [...state.ops], ...(forSession ? { session_id: Number(forSession) } : {}) }, { id: plan.drawing.id })
      void navigate(`/admin/drawings/${r.drawing_id}?${new URLSearchParams({ saved: String(r.version), ...(r.in_place ? { revision: String(r.revision) } : {}) })}`)
    } catch (e) {
      setError(messageOf(e))
    } finally {
      setBusy(false)
    }
  }
  const query = new URLSearchParams(window.location.search)
  const saved = query.get('saved')
  const revision = query.get('revision')

  return (
    <section aria-labelledby="adm-studio-title">
      <p>
        <Link to="/admin/venues">{s.venues}</Link>
      </p>
      <h1 id="adm-studio-title" tabIndex={-1} ref={headingRef}>
        {studioTitle(plan, s, lang)}
      </h1>
      {saved && <p className="adm-note" role="status">{revision ? s.savedDraft.replace('{version}', saved).replace('{revision}', revision) : s.savedVersion.replace('{version}', saved)}</p>}
      <p className="adm-muted">{plan.drawing.draft ? s.draftNote : s.versionNote}</p>
      <div className="adm-studio">
        <div>
          <StudioMap controller={controller} state={state} t={s} lang={lang} mode={mode} drag={drag} onDragDone={() => setDrag(null)} />
          {(state.ops.length > 0 || state.preview) && <p className="adm-muted" data-testid="map-shows-edits">{s.mapShowsEdits}</p>}
          <section aria-labelledby="adm-report-title">
            <h2 id="adm-report-title">{s.report}</h2>
            <dl className="adm-totals" data-testid="import-report">
              <div><dt>{s.seats}</dt><dd>{plan.seats.key.length}</dd></div>
              <div><dt>{s.rows}</dt><dd>{rows}</dd></div>
              <div><dt>{s.sectors}</dt><dd>{plan.sectors.length}</dd></div>
              <div><dt>{s.standing}</dt><dd>{plan.standing.length}</dd></div>
            </dl>
            <section aria-labelledby="adm-access-title" data-testid="studio-access">
              {/* The version's accessible seat types (issue 20), with the storefront's legend and filter. */}
              <h3 id="adm-access-title">{accessT('access.title')}</h3>
              {controller.access.size === 0 ? <p>—</p> : <AccessLegend access={controller.access} onShow={(keys) => controller.showSeats(keys)} say={setAccessSaid} lang={lang} />}
              <p role="status">{accessSaid}</p>
            </section>
            <h3>{s.warnings}</h3>
            {unnamed === null && plan.drawing.warning_details.length === 0 ? <p>{s.noWarnings}</p> : (
              <ul data-testid="import-warnings">
                {unnamed !== null && <li data-testid="unnamed-sectors">{unnamed}</li>}
                {/* Worded from each warning's code in the console's language (the API's `text` is English). */}
                {plan.drawing.warning_details.map((w, i) => <li key={i} data-code={w.code}>{wordWarning(w, lang)}</li>)}
              </ul>
            )}
            <h3>{s.sessionsHere}</h3>
            {plan.sessions.length === 0 ? <p>—</p> : <ul className="adm-list">{plan.sessions.map((x) => <li key={x.id}>{labelled(separatorsOf(lang), x.event, `${x.day} ${x.time}`)}</li>)}</ul>}
            <h3>{s.versions}</h3>
            <ul className="adm-list">
              {plan.versions.map((v) => (
                <li key={v.id}>
                  {v.id === plan.drawing.id ? <strong aria-current="page">{s.version} {v.version}</strong> : <Link to={`/admin/drawings/${v.id}`}>{s.version} {v.version}</Link>}{' '}
                  — {joinParts(separatorsOf(lang), [`${v.seat_count} ${s.seats.toLowerCase()}`, `${v.sessions} ${s.sessionsOn}`])}
                </li>
              ))}
            </ul>
          </section>
        </div>
        <StudioPanel
          lang={lang}
          plan={plan}
          controller={controller}
          state={state}
          t={s}
          writable={writable}
          mode={mode}
          setMode={setMode}
          drag={drag}
          setDrag={setDrag}
          onSave={() => void save()}
          forSession={forSession}
          setForSession={setForSession}
          busy={busy}
          error={error}
          setError={setError}
        />
      </div>
    </section>
  )
}

import { useState, type FormEvent, type ReactNode } from 'react'
import type { SeatSelection, StudioOp, StudioPlan } from '../../../contract/admin/studio'
import { ISSUE_TEXTS } from '../issueTexts'
import { aside, labelled, separatorsOf } from '../../i18n/punctuation'
import { typedOrNull } from '../refusal'
import { ErrorNote } from '../shell'
import type { StudioController, StudioState } from './StudioController'
import { PaintBox } from './PaintBox'
import { RowTools } from './RowTools'
import { SessionBlocks } from './SessionBlocks'
import type { ClickMode, DragTool } from './StudioMap'
import type { StudioTexts } from './texts'
import type { Lang } from '../../../contract/lang'
import { PaintKindBox } from './PaintKindBox'
import { pendingLines } from './pendingLines'
import { useOpRefusal } from './useOpRefusal'

interface Props {
  plan: StudioPlan
  controller: StudioController
  state: StudioState
  t: StudioTexts
  writable: boolean
  mode: ClickMode
  setMode: (m: ClickMode) => void
  drag: DragTool | null
  setDrag: (d: DragTool | null) => void
  onSave: () => void
  forSession: string
  setForSession: (id: string) => void
  busy: boolean
  error: string | null
  setError: (e: string | null) => void
  lang: Lang
}

/** The seated sectors by the names the queued renames give them (what the save will call them). */
function SectorSelect({ plan, controller, value, onChange, label, lang }: { plan: StudioPlan; controller: StudioController; value: string; onChange: (v: string) => void; label: string; lang: Lang }) {
  return (
    <label>
      {label}
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        {plan.sectors.filter((s) => s.kind === 0).map((s) => <option key={s.index} value={s.index}>{controller.sectorName(s.index) || `#${s.index}`}{aside(lang, String(s.seat_count))}</option>)}
      </select>
    </label>
  )
}

/** The studio's tools: selection, zones, painting and blocking, fixes, standing capacity, and the edits to save. */
export function StudioPanel(p: Props) {
  const { plan, controller, state, t } = p
  const firstSector = String(plan.sectors.find((s) => s.kind === 0)?.index ?? 0)
  const [range, setRange] = useState({ sector: firstSector, from: '', to: '' })
  const [zone, setZone] = useState({ name: '', color: '#e63946' })
  const [fix, setFix] = useState({ sector: firstSector, name: '', row: '', to: '', start: '1' })
  const [caps, setCaps] = useState<Record<string, string>>(() => Object.fromEntries(plan.standing.map((s) => [s.place_key, String(s.capacity)])))
  // The forms are noValidate: the contract's check says a blank or wrong field in the console's language, in the form, on the field.
  const checks = useOpRefusal('adm-studio', controller, p.lang)
  const { queue, refuse, marks, note } = checks
  const selectRange = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    // Not an edit (nothing is queued): a range needs its first row, said as the console's "required".
    if (refuse(e, 'range', { error: range.from.trim() === '' ? labelled(separatorsOf(p.lang), t.fromRow, ISSUE_TEXTS[p.lang].required) : null, field: 'from_row' })) return
    controller.selectRange(Number(range.sector), range.from, range.to || range.from)
  }
  const noSelection = () => p.setError(t.selected + ': 0')
  /** Queues an edit made from the current selection (seat type and quality paint, issue 20). */
  const queueOnSelection = (make: (sel: SeatSelection) => StudioOp) => {
    const seats = controller.selection()
    if (!seats) return noSelection()
    p.setError(null)
    controller.queue(make(seats))
    controller.clearSelection()
  }
  const box = (children: ReactNode, legend: string) => (
    <fieldset>
      <legend>{legend}</legend>
      {children}
    </fieldset>
  )

  return (
    <div className="adm-panel">
      {box(
        <>
          <div role="radiogroup" aria-label={t.clickMode}>
            <span>{t.clickMode}{separatorsOf(p.lang)('punct.colon')}</span>
            {(['seat', 'row', 'sector'] as const).map((m) => (
              <label key={m} style={{ display: 'inline-flex', gap: 4, marginRight: 12 }}>
                <input type="radio" name="click-mode" value={m} checked={p.mode === m} onChange={() => p.setMode(m)} />
                {m === 'seat' ? t.modeSeat : m === 'row' ? t.modeRow : t.modeSector}
              </label>
            ))}
          </div>
          <button type="button" aria-pressed={p.drag === 'box'} onClick={() => p.setDrag(p.drag === 'box' ? null : 'box')}>{t.boxSelect}</button>
          <button type="button" aria-pressed={p.drag === 'lasso'} onClick={() => p.setDrag(p.drag === 'lasso' ? null : 'lasso')}>{t.lasso}</button>
          {p.drag && <p className="adm-muted">{p.drag === 'box' ? t.boxHint : t.lassoHint}</p>}
          <form className="adm-form adm-inline" noValidate onSubmit={selectRange} aria-label={t.range}>
            {note('range')}
            <SectorSelect plan={plan} controller={controller} label={t.sector} lang={p.lang} value={range.sector} onChange={(v) => setRange({ ...range, sector: v })} />
            <label>{t.fromRow}<input name="from_row" value={range.from} required onChange={(e) => setRange({ ...range, from: e.target.value })} {...marks('range', 'from_row')} /></label>
            <label>{t.toRow}<input name="to_row" value={range.to} onChange={(e) => setRange({ ...range, to: e.target.value })} /></label>
            <button type="submit">{t.selectRange}</button>
          </form>
          <p role="status" data-testid="selected-count">{labelled(separatorsOf(p.lang), t.selected, String(state.selected.size))}</p>
          <button type="button" onClick={() => controller.clearSelection()} disabled={state.selected.size === 0}>{t.clear}</button>
        </>,
        t.selection,
      )}
      {box(
        <>
          <ul className="adm-list">
            {plan.zones.map((z) => <li key={z.id}><span className="adm-swatch" style={{ background: z.color }} aria-hidden="true" />{z.name}</li>)}
            {state.ops.map((op, i) => op.op === 'add-zone' && <li key={`n${i}`}><span className="adm-swatch" style={{ background: op.color }} aria-hidden="true" />{op.name} *</li>)}
            <li><span className="adm-swatch" style={{ background: '#9e9e9e' }} aria-hidden="true" />{t.blockedZone}</li>
          </ul>
          {p.writable && (
            <form className="adm-form adm-inline" noValidate aria-label={t.addZone} onSubmit={(e) => {
              if (queue(e, 'zone', { op: 'add-zone', name: zone.name, color: zone.color }, { name: t.zoneName, color: t.color })) setZone({ name: '', color: zone.color })
            }}>
              {note('zone')}
              <label>{t.zoneName}<input name="name" value={zone.name} required maxLength={300} onChange={(e) => setZone({ ...zone, name: e.target.value })} {...marks('zone', 'name')} /></label>
              <label>{t.color}<input type="color" name="color" value={zone.color} onChange={(e) => setZone({ ...zone, color: e.target.value })} {...marks('zone', 'color')} /></label>
              <button type="submit">{t.addZone}</button>
            </form>
          )}
        </>,
        t.zones,
      )}
      {p.writable && box(
        <>
          <PaintBox plan={plan} controller={controller} state={state} t={t} onEmpty={noSelection} />
          <button type="button" disabled={state.selected.size === 0} onClick={() => {
            const seats = controller.selection()
            if (!seats) return noSelection()
            controller.queue({ op: 'delete-seats', seats })
            controller.clearSelection()
          }}>{t.deleteSeats}</button>
        </>,
        t.paint,
      )}
      {p.writable && box(<SessionBlocks plan={plan} controller={controller} state={state} t={t} />, t.sessionBlocks)}
      {p.writable && box(
        <>
          <SectorSelect plan={plan} controller={controller} label={t.sector} lang={p.lang} value={fix.sector} onChange={(v) => setFix({ ...fix, sector: v })} />
          <form className="adm-form adm-inline" noValidate aria-label={t.renameSector} onSubmit={(e) => queue(e, 'sector', { op: 'rename-sector', sector: Number(fix.sector), name: fix.name }, { name: t.newName })}>
            {note('sector')}
            <label>{t.newName}<input name="name" value={fix.name} required onChange={(e) => setFix({ ...fix, name: e.target.value })} {...marks('sector', 'name')} /></label>
            <button type="submit">{t.renameSector}</button>
          </form>
          <form className="adm-form adm-inline" noValidate aria-label={t.renameRow} onSubmit={(e) => queue(e, 'row', { op: 'rename-row', sector: Number(fix.sector), row: typedOrNull(fix.row, String), to: fix.to }, { row: t.row, to: t.newName })}>
            {note('row')}
            <label>{t.row}<input name="row" value={fix.row} required onChange={(e) => setFix({ ...fix, row: e.target.value })} {...marks('row', 'row')} /></label>
            <label>{t.newName}<input name="to" value={fix.to} required onChange={(e) => setFix({ ...fix, to: e.target.value })} {...marks('row', 'to')} /></label>
            <button type="submit">{t.renameRow}</button>
          </form>
          {/* Renumbers the row named in the form above; a blank one is said here (this form has no row field to mark). */}
          <form className="adm-form adm-inline" noValidate aria-label={t.renumberRow} onSubmit={(e) => queue(e, 'renumber', { op: 'renumber-row', sector: Number(fix.sector), row: typedOrNull(fix.row, String), start: typedOrNull(fix.start, Number), step: 1 }, { row: t.row, start: t.startAt })}>
            {note('renumber')}
            <label>{t.startAt}<input type="number" name="start" value={fix.start} required onChange={(e) => setFix({ ...fix, start: e.target.value })} {...marks('renumber', 'start')} /></label>
            <button type="submit">{t.renumberRow}</button>
          </form>
          <RowTools sector={Number(fix.sector)} t={t} checks={checks} />
        </>,
        t.fixes,
      )}
      {p.writable && <PaintKindBox lang={p.lang} selected={state.selected.size} queue={queueOnSelection} />}
      {p.writable && plan.standing.length > 0 && box(
        plan.standing.map((s, i) => (
          <form key={s.place_key} className="adm-form adm-inline" noValidate aria-label={labelled(separatorsOf(p.lang), t.capacity, s.name)} onSubmit={(e) => queue(e, `cap-${i}`, { op: 'capacity', place_key: s.place_key, capacity: typedOrNull(caps[s.place_key] ?? '', Number) }, { capacity: labelled(separatorsOf(p.lang), t.capacity, s.name) })}>
            {note(`cap-${i}`)}
            <label>{s.name}<input type="number" name="capacity" min={0} value={caps[s.place_key]} onChange={(e) => setCaps({ ...caps, [s.place_key]: e.target.value })} {...marks(`cap-${i}`, 'capacity')} /></label>
            <button type="submit">{t.setCapacity}</button>
          </form>
        )),
        t.standing,
      )}
      {p.writable && box(
        <>
          {state.ops.length === 0 ? <p>{t.noPending}</p> : (
            <ol data-testid="pending-ops">
              {pendingLines(state.ops, plan, t, p.lang, (i) => controller.sectorName(i)).map((line, i) => (
                <li key={i}>
                  {line}{' '}
                  <button type="button" onClick={() => controller.unqueue(i)} aria-label={labelled(separatorsOf(p.lang), t.remove, line)}>{t.remove}</button>
                </li>
              ))}
            </ol>
          )}
          {plan.sessions.length > 0 && (
            <label>
              {t.forSession}
              <select value={p.forSession} onChange={(e) => p.setForSession(e.target.value)}>
                <option value="">{t.allSessions}</option>
                {plan.sessions.map((x) => <option key={x.id} value={x.id}>{labelled(separatorsOf(p.lang), x.event, `${x.day} ${x.time}`)}</option>)}
              </select>
            </label>
          )}
          <ErrorNote error={p.error} />
          <button type="button" disabled={state.ops.length === 0 || p.busy} onClick={p.onSave}>{plan.drawing.draft ? t.saveDraft : t.saveVersion}</button>
        </>,
        t.pending,
      )}
    </div>
  )
}

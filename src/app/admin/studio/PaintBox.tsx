import { useState } from 'react'
import type { StudioPlan } from '../../../contract/admin/studio'
import { PAINT_KINDS, previewPaint } from './paintKinds'
import type { StudioController, StudioState } from './StudioController'
import type { StudioTexts } from './texts'

/**
 * Painting the selection (PAINT_KINDS: a price zone, venue block, unblock, and kinds other issues
 * add): the operator picks the kind and its value, sees what will change (per current value, how
 * many seats; seats that already have it are not counted), then applies it to the edits to save
 * or cancels. The preview's counts read the saved version, not the edits queued before it; the
 * map draws its result on the selected seats meanwhile (controller.preview), over the queued
 * edits. Changing the selection drops the preview.
 */
export function PaintBox({ plan, controller, state, t, onEmpty }: { plan: StudioPlan; controller: StudioController; state: StudioState; t: StudioTexts; onEmpty: () => void }) {
  const added = state.ops.flatMap((op) => (op.op === 'add-zone' ? [{ name: op.name }] : []))
  const [kindId, setKindId] = useState(PAINT_KINDS[0].id)
  const kind = PAINT_KINDS.find((k) => k.id === kindId) ?? PAINT_KINDS[0]
  const targets = kind.targets(plan, added, t)
  const [target, setTarget] = useState('')
  const chosen = targets.some((x) => x.value === target) ? target : (targets[0]?.value ?? '')
  const [lines, setLines] = useState<ReturnType<typeof previewPaint> | null>(null)
  // The controller drops its preview when the selection changes: the lines are stale then too.
  const preview = state.preview ? lines : null
  const empty = state.selected.size === 0

  const show = () => {
    const sel = controller.selection()
    if (empty || !sel) return onEmpty()
    setLines(previewPaint(kind, chosen, plan, controller.selectedPlanSeats(), added, t))
    controller.preview(kind.op(sel, chosen))
  }
  const closePreview = () => {
    setLines(null)
    controller.preview(null)
  }
  const apply = () => {
    const sel = controller.selection()
    if (!sel) return onEmpty()
    controller.queue(kind.op(sel, chosen))
    controller.clearSelection()
    closePreview()
  }

  return (
    <div data-testid="paint-box">
      <label>
        {t.paintKind}
        <select value={kind.id} onChange={(e) => (setKindId(e.target.value), closePreview())}>
          {PAINT_KINDS.map((k) => <option key={k.id} value={k.id}>{k.label(t)}</option>)}
        </select>
      </label>
      {targets.length > 0 && (
        <label>
          {t.paintInto}
          <select value={chosen} onChange={(e) => (setTarget(e.target.value), closePreview())}>
            {targets.map((x) => <option key={x.value} value={x.value}>{x.label}</option>)}
          </select>
        </label>
      )}
      <button type="button" disabled={empty} onClick={show}>{t.preview}</button>
      {preview && (
        <div role="region" aria-label={t.previewTitle} data-testid="paint-preview">
          <h3>{t.previewTitle}</h3>
          {preview.length === 0 ? <p>{t.previewNone}</p> : (
            <ul className="adm-list">
              {preview.map((l) => <li key={l.from}>{t.previewLine.replace('{n}', String(l.n)).replace('{from}', l.from).replace('{to}', l.to)}</li>)}
            </ul>
          )}
          <button type="button" onClick={apply}>{t.apply}</button>
          <button type="button" onClick={() => closePreview()}>{t.cancel}</button>
        </div>
      )}
    </div>
  )
}

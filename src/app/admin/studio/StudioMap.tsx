import { useMemo, useRef, useState, type PointerEvent } from 'react'
import type { Lang } from '../../../contract/lang'
import type { SeatInfo } from '../../../engine/interaction/seatInfo'
import { accessNote, useAccessT } from '../../screens/scheme/seatChoice/AccessLegend'
import { SeatMapCanvas } from '../../seatmap/SeatMapCanvas'
import { useMapLabels } from '../../seatmap/useMapLabels'
import type { StudioController, StudioState } from './StudioController'
import type { StudioTexts } from './texts'

export type ClickMode = 'seat' | 'row' | 'sector'
/** A drag selection tool: a rectangle, or a lasso (a free-hand outline). */
export type DragTool = 'box' | 'lasso'

/**
 * The version's map on the storefront's engine (SeatMapCanvas, the same WebGL renderer and
 * worker parser), with the studio's selection: a click selects the seat, its row or its sector;
 * with box select on, a dragged rectangle selects the seats inside it, with the lasso the seats
 * inside the drawn outline (shift adds). A typed seat's tooltip names its accessible type; the
 * tooltip's sector, row and seat follow queued renames, and a seat a queued edit deletes is drawn
 * faded, is not selectable and its tooltip says so.
 */
export function StudioMap({ controller, state, t, lang, mode, drag, onDragDone }: { controller: StudioController; state: StudioState; t: StudioTexts; lang: Lang; mode: ClickMode; drag: DragTool | null; onDragDone: () => void }) {
  const colors = useMemo(() => controller.zoneColors(), [controller])
  // The tooltip names a typed seat's type with its icon, as the storefront's map does (issue 20).
  const accessT = useAccessT(lang)
  // The map's own controls in the console's language (AdminApp keeps i18next in step with it).
  const labels = useMapLabels()
  const [box, setBox] = useState<{ x0: number; y0: number; x1: number; y1: number; add: boolean } | null>(null)
  const [lasso, setLasso] = useState<{ points: { x: number; y: number }[]; add: boolean } | null>(null)
  const wrap = useRef<HTMLDivElement>(null)
  const onSeat = (seat: SeatInfo) => {
    if (mode === 'seat') controller.select([seat.index], 'toggle')
    else if (mode === 'row') controller.selectRowOf(seat.index)
    else controller.selectSectorOf(seat.index)
  }
  const at = (e: PointerEvent) => {
    const r = wrap.current!.getBoundingClientRect()
    return { x: e.clientX - r.left, y: e.clientY - r.top }
  }
  if (state.phase === 'error') return <p role="alert" className="adm-error">{t.parseFailed}</p>
  return (
    <div ref={wrap} className="adm-studio-map" data-phase={state.phase}>
      {state.phase === 'parse' && <p role="status">{t.parsing}</p>}
      <SeatMapCanvas
        venue={state.venue}
        labels={labels}
        zoneColors={colors}
        onEngine={controller.attach}
        onSeatClick={onSeat}
        // Labels and deletions as the queued edits leave them: the tooltip shows what the save will do.
        seatLabels={controller.seatLabels}
        seatNote={(key) => (controller.deletedKey(key) ? { label: t.deletedNote, text: t.deletedText } : accessNote(controller.access, key, accessT))}
      />
      {drag === 'box' && (
        <div
          className="adm-box-layer"
          data-testid="box-layer"
          onPointerDown={(e) => {
            e.currentTarget.setPointerCapture(e.pointerId)
            const p = at(e)
            setBox({ x0: p.x, y0: p.y, x1: p.x, y1: p.y, add: e.shiftKey })
          }}
          onPointerMove={(e) => box && setBox({ ...box, ...((p) => ({ x1: p.x, y1: p.y }))(at(e)) })}
          onPointerUp={() => {
            if (box) controller.selectBox(box.x0, box.y0, box.x1, box.y1, box.add ? 'add' : 'replace')
            setBox(null)
            onDragDone()
          }}
        >
          {box && <div className="adm-box" style={{ left: Math.min(box.x0, box.x1), top: Math.min(box.y0, box.y1), width: Math.abs(box.x1 - box.x0), height: Math.abs(box.y1 - box.y0) }} />}
        </div>
      )}
      {drag === 'lasso' && (
        <div
          className="adm-box-layer"
          data-testid="lasso-layer"
          onPointerDown={(e) => {
            e.currentTarget.setPointerCapture(e.pointerId)
            setLasso({ points: [at(e)], add: e.shiftKey })
          }}
          onPointerMove={(e) => lasso && setLasso({ ...lasso, points: [...lasso.points, at(e)] })}
          onPointerUp={() => {
            if (lasso) controller.selectLasso(lasso.points, lasso.add ? 'add' : 'replace')
            setLasso(null)
            onDragDone()
          }}
        >
          {lasso && (
            <svg className="adm-lasso" aria-hidden="true" width="100%" height="100%">
              <polygon points={lasso.points.map((p) => `${p.x},${p.y}`).join(' ')} />
            </svg>
          )}
        </div>
      )}
    </div>
  )
}

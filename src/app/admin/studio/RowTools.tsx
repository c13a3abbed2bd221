import { useState } from 'react'
import { typedOrNull } from '../refusal'
import type { StudioTexts } from './texts'
import type { OpRefusal } from './useOpRefusal'

/**
 * Fixing rows recognition cut or joined wrongly: merge rows of the chosen sector, split one at a
 * seat count. `checks` is the studio panel's (one refusal at a time among its forms).
 */
export function RowTools({ sector, t, checks }: { sector: number; t: StudioTexts; checks: OpRefusal }) {
  const [merge, setMerge] = useState({ rows: '', into: '' })
  const [split, setSplit] = useState({ row: '', keep: '1', to: '' })
  const { queue, marks, note } = checks
  const rows = merge.rows.split(',').map((r) => r.trim()).filter(Boolean)
  return (
    <>
      <form className="adm-form adm-inline" noValidate aria-label={t.mergeRows} onSubmit={(e) => queue(e, 'merge', { op: 'merge-rows', sector, rows: rows.length === 0 ? null : rows, into: merge.into || rows[0] || '' }, { rows: t.mergeList, into: t.mergeInto })}>
        {note('merge')}
        <label>{t.mergeList}<input name="rows" value={merge.rows} required onChange={(e) => setMerge({ ...merge, rows: e.target.value })} {...marks('merge', 'rows')} /></label>
        <label>{t.mergeInto}<input name="into" value={merge.into} placeholder={rows[0] ?? ''} onChange={(e) => setMerge({ ...merge, into: e.target.value })} {...marks('merge', 'into')} /></label>
        <button type="submit">{t.mergeRows}</button>
      </form>
      <form className="adm-form adm-inline" noValidate aria-label={t.splitRow} onSubmit={(e) => queue(e, 'split', { op: 'split-row', sector, row: typedOrNull(split.row, String), keep: typedOrNull(split.keep, Number), to: split.to }, { row: t.row, keep: t.splitKeep, to: t.splitTo })}>
        {note('split')}
        <label>{t.row}<input name="row" value={split.row} required onChange={(e) => setSplit({ ...split, row: e.target.value })} {...marks('split', 'row')} /></label>
        <label>{t.splitKeep}<input type="number" name="keep" min={1} value={split.keep} required onChange={(e) => setSplit({ ...split, keep: e.target.value })} {...marks('split', 'keep')} /></label>
        <label>{t.splitTo}<input name="to" value={split.to} required onChange={(e) => setSplit({ ...split, to: e.target.value })} {...marks('split', 'to')} /></label>
        <button type="submit">{t.splitRow}</button>
      </form>
    </>
  )
}

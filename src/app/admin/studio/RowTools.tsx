import { useState, type FormEvent } from 'react'
import type { StudioController } from './StudioController'
import type { StudioTexts } from './texts'

const submit = (fn: () => void) => (e: FormEvent) => {
  e.preventDefault()
  fn()
}

/** Fixing rows recognition cut or joined wrongly: merge rows of the chosen sector, split one at a seat count. */
export function RowTools({ controller, sector, t }: { controller: StudioController; sector: number; t: StudioTexts }) {
  const [merge, setMerge] = useState({ rows: '', into: '' })
  const [split, setSplit] = useState({ row: '', keep: '1', to: '' })
  const rows = merge.rows.split(',').map((r) => r.trim()).filter(Boolean)
  return (
    <>
      <form className="adm-form adm-inline" aria-label={t.mergeRows} onSubmit={submit(() => rows.length >= 2 && controller.queue({ op: 'merge-rows', sector, rows, into: merge.into || rows[0] }))}>
        <label>{t.mergeList}<input value={merge.rows} required pattern="[^,]+(,[^,]+)+" onChange={(e) => setMerge({ ...merge, rows: e.target.value })} /></label>
        <label>{t.mergeInto}<input value={merge.into} placeholder={rows[0] ?? ''} onChange={(e) => setMerge({ ...merge, into: e.target.value })} /></label>
        <button type="submit">{t.mergeRows}</button>
      </form>
      <form className="adm-form adm-inline" aria-label={t.splitRow} onSubmit={submit(() => controller.queue({ op: 'split-row', sector, row: split.row, keep: Number(split.keep), to: split.to }))}>
        <label>{t.row}<input value={split.row} required onChange={(e) => setSplit({ ...split, row: e.target.value })} /></label>
        <label>{t.splitKeep}<input type="number" min={1} value={split.keep} required onChange={(e) => setSplit({ ...split, keep: e.target.value })} /></label>
        <label>{t.splitTo}<input value={split.to} required onChange={(e) => setSplit({ ...split, to: e.target.value })} /></label>
        <button type="submit">{t.splitRow}</button>
      </form>
    </>
  )
}

import { useState } from 'react'
import type { StudioOp } from '../../../contract/admin/studio'
import { ACCESS_TYPES, type AccessType } from '../../../contract/entities/access'
import type { Lang } from '../../../contract/lang'
import { aside, labelled, separatorsOf } from '../../i18n/punctuation'
import { PAINT_KIND_TEXTS } from './paintKindTexts'

type PaintKindOp = Extract<StudioOp, { op: 'seat-type' | 'quality' }>

/** One pending seat-type or quality edit in the operator's words. */
export function describePaintKind(op: PaintKindOp, lang: Lang, seats: string): string {
  const t = PAINT_KIND_TEXTS[lang]
  const sep = separatorsOf(lang)
  if (op.op === 'quality') return `${labelled(sep, t.quality, String(op.quality === null ? t.defaultQuality : op.quality))} — ${seats}`
  return `${labelled(sep, t.seatType, op.type === null ? t.ordinary : t.types[op.type])}${op.companion_of ? aside(lang, op.companion_of) : ''} — ${seats}`
}

const DEFAULT_QUALITY = '0.5'

/**
 * The studio's seat-type and seat-quality painting (issue 20 items 2-3) on the studio's own
 * selection: `queue` turns the current selection into an edit (the panel's queueOnSelection).
 */
export function PaintKindBox({ lang, selected, queue }: { lang: Lang; selected: number; queue: (make: (seats: PaintKindOp['seats']) => PaintKindOp) => void }) {
  const t = PAINT_KIND_TEXTS[lang]
  const [type, setType] = useState<AccessType | ''>('wheelchair')
  const [space, setSpace] = useState('')
  const [quality, setQuality] = useState(DEFAULT_QUALITY)
  const none = selected === 0
  const q = Number(quality)
  return (
    <fieldset>
      <legend>{t.legend}</legend>
      <label>
        {t.seatType}
        <select value={type} onChange={(e) => setType(e.target.value as AccessType | '')} data-testid="paint-type">
          <option value="">{t.ordinary}</option>
          {ACCESS_TYPES.map((a) => <option key={a} value={a}>{t.types[a]}</option>)}
        </select>
      </label>
      {type === 'companion' && <label>{t.spaceKey}<input value={space} required onChange={(e) => setSpace(e.target.value)} /></label>}
      <button
        type="button"
        disabled={none || (type === 'companion' && space.trim() === '')}
        onClick={() => queue((seats) => ({ op: 'seat-type', type: type === '' ? null : type, ...(type === 'companion' ? { companion_of: space.trim() } : {}), seats }))}
      >
        {t.setType}
      </button>
      <label>
        {t.quality}
        <input type="number" min={0} max={1} step={0.05} value={quality} onChange={(e) => setQuality(e.target.value)} aria-describedby="paint-quality-hint" />
      </label>
      <button type="button" disabled={none || !(q >= 0 && q <= 1)} onClick={() => queue((seats) => ({ op: 'quality', quality: q, seats }))}>{t.setQuality}</button>
      <button type="button" disabled={none} onClick={() => queue((seats) => ({ op: 'quality', quality: null, seats }))}>{t.defaultQuality}</button>
      <p className="adm-muted" id="paint-quality-hint">{t.qualityHint}</p>
    </fieldset>
  )
}

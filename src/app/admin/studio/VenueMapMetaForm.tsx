import { useState, type FormEvent } from 'react'
import { MAP_DETAIL_THRESHOLD_DEFAULT, MAP_DETAIL_THRESHOLD_MAX, MAP_DETAIL_THRESHOLD_MIN, venueMapMetaSchema } from '../../../contract/admin/catalogue'
import { firstIssue } from '../issueTexts'
import { typedOrNull, useRefusal } from '../refusal'
import { ErrorNote, messageOf, useConsole } from '../shell'
import { MAP_META_TEXTS } from './mapMetaTexts'

/**
 * A venue's map metadata on the venues screen (spec 001 §9 "detail switch threshold … overridable
 * by map metadata"): the zoom in percent from which the seat map shows single seats, for every
 * version of the venue's map, in the storefront and the studio. Blank clears it (the default 500 %).
 * noValidate: the contract's venueMapMetaSchema checks it and says why in the console's language
 * (refusal.tsx), not the browser's bubble in the browser's; nothing is sent on a refusal.
 */
export function VenueMapMetaForm({ venueId, stored, onSaved }: { venueId: number; stored: number | null; onSaved: () => Promise<void> }) {
  const { api, lang } = useConsole()
  const m = MAP_META_TEXTS[lang]
  const id = `adm-venue-${venueId}-map`
  const { refuse, marks, note } = useRefusal(id)
  const [text, setText] = useState(stored === null ? '' : String(stored))
  const [error, setError] = useState<string | null>(null)
  const [saved, setSaved] = useState(false)
  const fieldMarks: { 'aria-invalid'?: boolean; 'aria-describedby'?: string } = marks('meta', 'detail_threshold')

  const save = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    setError(null)
    setSaved(false)
    const checked = firstIssue(venueMapMetaSchema, { detail_threshold: typedOrNull(text, Number) }, lang, { label: () => m.threshold })
    if (refuse(e, 'meta', checked) || checked.data === null) return
    try {
      await api('venueMapMeta', checked.data, { id: venueId })
      setSaved(true)
      await onSaved()
    } catch (err) {
      setError(messageOf(err))
    }
  }

  return (
    <form className="adm-form adm-inline" noValidate onSubmit={(e) => void save(e)} aria-labelledby={`${id}-legend`}>
      <h3 id={`${id}-legend`} style={{ fontSize: '1rem', margin: '0.25rem 0 0' }}>{m.legend}</h3>
      {note('meta')}
      <ErrorNote error={error} />
      <label>
        {m.threshold}
        <input
          name="detail_threshold" type="number" inputMode="numeric" min={MAP_DETAIL_THRESHOLD_MIN} max={MAP_DETAIL_THRESHOLD_MAX} step={1} placeholder={String(MAP_DETAIL_THRESHOLD_DEFAULT)}
          value={text} onChange={(e) => setText(e.target.value)}
          {...fieldMarks} aria-describedby={[fieldMarks['aria-describedby'], `${id}-hint`].filter(Boolean).join(' ')}
        />
      </label>
      <p id={`${id}-hint`} className="adm-muted">{withBounds(m.hint)}. {m.current.replace('{value}', stored === null ? withBounds(m.byDefault) : `${stored} %`)}</p>
      <button type="submit">{m.save}</button>
      {saved && <p role="status">{m.saved}</p>}
    </form>
  )
}

/** The texts' {min}, {max} and {default}: the contract's numbers, one home for them. */
const withBounds = (text: string) =>
  text.replace('{min}', String(MAP_DETAIL_THRESHOLD_MIN)).replace('{max}', String(MAP_DETAIL_THRESHOLD_MAX)).replace('{default}', String(MAP_DETAIL_THRESHOLD_DEFAULT))

import { useRef, useState, type FormEvent } from 'react'
import { fillIn } from './careTexts'
import { draftOf, PriceFields, priceRequest, type PriceDraft } from './PriceForm'
import { useRefusal } from './refusal'
import { offered, type Row } from './rows'
import { SessionConfirm } from './SessionConfirm'
import { SESSION_TEXTS } from './sessionTexts'
import { useConsole } from './shell'


interface Props {
  price: Row
  /** The row's session: its map decides the zones offered. */
  session: Row
  /** The session's date and time, and the row as the list says it (category, zone, price, quantity): together the buttons' and form's names. */
  when: string
  text: string
  categories: Row[]
  zones: Row[]
  writable: boolean
  /** EventEditor's run, through EventSessions: runs a change, shows `done` or the refusal, reloads the event. */
  act: (fn: () => Promise<unknown>, done?: string) => void
  /** After the row is deleted: its Delete button goes, so the list moves the focus. */
  onRemoved: () => void
}

/**
 * One price row of a session, with Copy, Edit and Delete. Edit opens the add-price form's fields
 * on the row's values; the server keeps a sold row's category, zone and sold quantity
 * (updatePrice), and the refusal shows as the editor's error. Delete asks first (a modal
 * confirmation); the server refuses a row with orders or live holds.
 */
export function PriceRow({ price: p, session, when, text, categories, zones, writable, act, onRemoved }: Props) {
  const { api, lang, t } = useConsole()
  const s = SESSION_TEXTS[lang]
  const what = `${when} ${text}`
  const [draft, setDraft] = useState<PriceDraft | null>(null)
  const [asking, setAsking] = useState(false)
  // One prefix per row: several rows' edit forms may be on the page, each with its own note.
  const { refuse, marks, note } = useRefusal(`adm-price-${p.id}`)
  // The form closed (saved or cancelled) gives the focus back to the row's Edit button, not to the page.
  const editButton = useRef<HTMLButtonElement>(null)
  const close = () => {
    editButton.current?.focus()
    setDraft(null)
  }
  // The row's own category and zone stay offered: archived since, or (a row made before that rule) of another map.
  const rowCategories = offered(categories, [String(p.client_category_id)])
  const rowZones = offered(zones, [String(p.zone_id)]).filter((z) => z.drawing_id === (session.drawing_id ?? null) || z.id === p.zone_id)

  const save = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    if (!draft) return
    // The form is noValidate: the contract's check says a blank price or quantity in the console's
    // language, in this form beside the field (the editor's error sits at the page's top, out of sight on a phone).
    const checked = priceRequest(draft, rowZones, t, lang, p)
    if (refuse(e, 'edit', checked) || checked.body === null) return
    const { body } = checked
    act(async () => {
      await api('priceUpdate', body, { id: p.id })
      close()
    })
  }
  const remove = () =>
    act(async () => {
      // The dialog closes at once (focus back on Delete), so the note or the refusal shows on the page.
      setAsking(false)
      await api('priceDelete', {}, { id: p.id })
      onRemoved()
    }, s.priceRemoved)

  return (
    <li>
      {text}
      {writable && (
        <>
          {' '}
          <button type="button" aria-label={fillIn(s.copyPrice, { what })} onClick={() => act(() => api('priceCopy', {}, { id: p.id }), s.priceCopied)}>
            {s.copy}
          </button>{' '}
          <button type="button" ref={editButton} aria-label={fillIn(s.editPrice, { what })} onClick={() => setDraft(draftOf(p))}>
            {s.edit}
          </button>{' '}
          <button type="button" aria-label={fillIn(s.removePrice, { what })} onClick={() => setAsking(true)}>
            {s.remove}
          </button>
        </>
      )}
      {draft && (
        <form className="adm-form adm-inline" noValidate onSubmit={save} aria-label={fillIn(s.priceForm, { what })}>
          {note('edit')}
          <PriceFields draft={draft} onChange={setDraft} categories={rowCategories} zones={rowZones} t={t} lang={lang} autoFocus marks={(name) => marks('edit', name)} />
          <button type="submit">{t.save}</button>{' '}
          <button type="button" onClick={close}>
            {s.cancel}
          </button>
        </form>
      )}
      {asking && <SessionConfirm text={fillIn(s.removePriceText, { what })} t={s} title={s.removePriceTitle} confirmLabel={s.confirmRemovePrice} onConfirm={remove} onCancel={() => setAsking(false)} />}
    </li>
  )
}

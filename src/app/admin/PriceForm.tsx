import { priceInputSchema, type PriceInput } from '../../contract/admin/catalogue'
import type { Lang } from '../../contract/lang'
import { toMajor, typedMinor } from '../../contract/rules/money'
import { firstIssue } from './issueTexts'
import { typedOrNull } from './refusal'
import { isArchived, nameOf, type Row } from './rows'
import type { AdminTexts } from './texts'
import { aside } from '../i18n/punctuation'


/** A price row as its form holds it: the chosen ids and the amounts as typed. */
export interface PriceDraft {
  category: string
  zone: string
  price: string
  quantity: string
}

/** The form's draft of a stored row: an edit opens on the row's own values. */
export const draftOf = (p: Row): PriceDraft => ({ category: String(p.client_category_id), zone: String(p.zone_id), price: String(toMajor(Number(p.price))), quantity: String(p.quantity) })

/** The zone the form shows selected, and so sends: the draft's when offered, else the first offered. */
export const zoneOf = (draft: PriceDraft, zones: Row[]) => (zones.some((z) => String(z.id) === draft.zone) ? draft.zone : String(zones[0]?.id ?? ''))

/**
 * The request of a draft, checked against the contract first (its first refusal in the console's
 * words), with the zone the form shows (`zones`: those it offers). An edit (`stored`) sends the
 * row's other fields back as they are (service fee, minimum, subscription, sort order): the call
 * takes the whole row, and what it omits goes back to its default.
 */
export function priceRequest(draft: PriceDraft, zones: Row[], t: AdminTexts, lang: Lang, stored?: Row): { body: PriceInput; error: null; field: null } | { body: null; error: string; field: keyof PriceDraft } {
  const keys = Object.keys(priceInputSchema.shape)
  const kept = stored ? Object.fromEntries(Object.entries(stored).filter(([k, v]) => keys.includes(k) && v !== null)) : {}
  const body = { ...kept, client_category_id: Number(draft.category), zone_id: Number(zoneOf(draft, zones)), price: typedOrNull(draft.price, typedMinor), quantity: typedOrNull(draft.quantity, Number) }
  const labels: Record<string, string> = { client_category_id: t.category, zone_id: t.zone, price: t.price, quantity: t.quantity }
  const { error, field } = firstIssue(priceInputSchema, body, lang, { label: (key) => labels[key.split('.')[0]] ?? key, money: (key) => key === 'price' })
  // The refused field by its control's name in PriceFields (the form marks and focuses it).
  return error === null ? { body: body as PriceInput, error: null, field: null } : { body: null, error, field: field.startsWith('client_category_id') ? 'category' : field.startsWith('zone_id') ? 'zone' : field === 'price' ? 'price' : 'quantity' }
}

interface Props {
  draft: PriceDraft
  onChange: (draft: PriceDraft) => void
  /** The categories and zones to offer (the session's map's zones; archived ones only where the row has them). */
  categories: Row[]
  zones: Row[]
  t: AdminTexts
  lang: Lang
  /** Focus the category on opening (an edit's form, opened by its button). */
  autoFocus?: boolean
  /** aria-invalid and aria-describedby of a refused field, by its name (useRefusedField's marks). */
  marks?: (name: keyof PriceDraft) => object
}

/**
 * A price row's fields: category, zone, price and quantity. The add-price form and a row's edit
 * form both hold them; the zone shown selected is the one sent (`zoneOf`), also after the
 * session, and so its map, changed.
 */
export function PriceFields({ draft, onChange, categories, zones, t, lang, autoFocus = false, marks = () => ({}) }: Props) {
  const labelOf = (r: Row) => (isArchived(r) ? `${nameOf(r, lang)}${aside(lang, t.archivedMark)}` : nameOf(r, lang))
  return (
    <>
      <label>
        {t.category}
        <select name="category" autoFocus={autoFocus} value={draft.category} onChange={(e) => onChange({ ...draft, category: e.target.value })}>
          {categories.map((c) => (
            <option key={c.id} value={c.id}>
              {labelOf(c)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t.zone}
        <select name="zone" value={zoneOf(draft, zones)} onChange={(e) => onChange({ ...draft, zone: e.target.value })}>
          {zones.map((z) => (
            <option key={z.id} value={z.id}>
              {labelOf(z)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t.price}
        <input name="price" inputMode="decimal" required value={draft.price} onChange={(e) => onChange({ ...draft, price: e.target.value })} {...marks('price')} />
      </label>
      <label>
        {t.quantity}
        <input name="quantity" inputMode="numeric" required value={draft.quantity} onChange={(e) => onChange({ ...draft, quantity: e.target.value })} {...marks('quantity')} />
      </label>
    </>
  )
}

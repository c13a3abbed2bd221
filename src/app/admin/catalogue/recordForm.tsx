import type { ReactNode } from 'react'
import { LANGS, type Lang } from '../../../contract/lang'
import { toMajor, typedMinor } from '../../../contract/rules/money'
import { zoneInputInstant, zoneInputValue } from '../../../contract/rules/wallClock'
import { aside } from '../../i18n/punctuation'
import type { Marks } from '../refusal'

/**
 * A console form described by its fields: the form keeps strings (what inputs hold) and turns
 * them into the contract's input (numbers, nulls, minor units) only when sent, so the contract's
 * schema is what says what is wrong.
 */
export type FieldType = 'loc' | 'loclong' | 'text' | 'longtext' | 'number' | 'nullnumber' | 'money' | 'flag' | 'select' | 'date' | 'time' | 'datetime'
export interface Option {
  value: string
  label: string
}
export interface Field<K extends string = string> {
  key: string
  label: K
  type: FieldType
  required?: boolean
  /** For 'select': the choices; '' stands for null. */
  options?: Option[]
  /** For 'select': values are ids (sent as numbers). */
  numeric?: boolean
  /** The value a new record's form starts with (else '0' for numbers and flags, '' for the rest). */
  initial?: string
  /** Said after the label, e.g. the language a plain field is for, or a date-time's clock (venueClockNote). */
  suffix?: string
  /** For 'datetime': the venue's IANA time zone whose wall clock the input shows and is read on. */
  zone?: string
}
export type FormState = Record<string, string>

export const langAttr = (l: Lang) => (l === 'ch' ? 'zh-Hant' : l === 'kz' ? 'kk' : l)
export const isLoc = (f: Field) => f.type === 'loc' || f.type === 'loclong'

/** A 'datetime' field's zone: one without would silently read the browser's clock, so it is a mistake of the screen that built it. */
function zoneOf(f: Field): string {
  if (f.zone === undefined) throw new Error(`datetime field ${f.key} has no zone`)
  return f.zone
}

export function emptyForm(fields: readonly Field[]): FormState {
  const out: FormState = {}
  for (const f of fields) {
    if (isLoc(f)) for (const l of LANGS) out[`${f.key}_${l}`] = ''
    else if (f.initial !== undefined) out[f.key] = f.initial
    else out[f.key] = f.type === 'number' || f.type === 'flag' ? '0' : f.type === 'select' && f.options?.length && !f.options.some((o) => o.value === '') ? f.options[0].value : ''
  }
  return out
}

/** A stored row as form strings. */
export function formOf(fields: readonly Field[], row: Record<string, unknown>): FormState {
  const out = emptyForm(fields)
  for (const f of fields) {
    if (isLoc(f)) for (const l of LANGS) out[`${f.key}_${l}`] = String(row[`${f.key}_${l}`] ?? '')
    else {
      const v = row[f.key]
      out[f.key] = v === null || v === undefined ? '' : f.type === 'money' ? String(toMajor(Number(v))) : f.type === 'datetime' ? zoneInputValue(Number(v), zoneOf(f)) : String(v)
    }
  }
  return out
}

/** Form strings as the contract's input. Unreadable numbers go through as NaN: the schema refuses them by name. */
export function bodyOf(fields: readonly Field[], form: FormState): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const f of fields) {
    if (isLoc(f)) {
      for (const l of LANGS) out[`${f.key}_${l}`] = form[`${f.key}_${l}`] ?? ''
      continue
    }
    const v = (form[f.key] ?? '').trim()
    if (f.type === 'number' || f.type === 'flag') out[f.key] = v === '' ? Number.NaN : Number(v)
    else if (f.type === 'nullnumber') out[f.key] = v === '' ? null : Number(v)
    // An empty amount is none (0) unless the field is required; then the schema names it.
    else if (f.type === 'money') out[f.key] = v === '' ? (f.required ? Number.NaN : 0) : typedMinor(v)
    else if (f.type === 'datetime') out[f.key] = v === '' ? null : zoneInputInstant(v, zoneOf(f))
    else if (f.type === 'select' && f.numeric) out[f.key] = v === '' ? null : Number(v)
    else out[f.key] = v
  }
  return out
}

/** The field a contract path names: the field itself, or the localized field whose per-language key it is. */
export function fieldOf<F extends Field>(fields: readonly F[], key: string): F | undefined {
  return fields.find((x) => x.key === key) ?? fields.find((x) => isLoc(x) && key.startsWith(`${x.key}_`))
}

/**
 * The console's label of the contract field `key` among `fields`, as the form shows it: "Name (ru)"
 * ("名稱（ru）") for a per-language key, the label and its suffix for the rest; null when no field is it.
 */
export function labelOf<K extends string>(fields: readonly { key: string; label: K; type: string; suffix?: string }[], t: Record<K, string>, key: string, lang: Lang): string | null {
  const loc = (f: { type: string }) => f.type === 'loc' || f.type === 'loclong'
  const f = fields.find((x) => x.key === key) ?? fields.find((x) => loc(x) && key.startsWith(`${x.key}_`))
  if (!f) return null
  if (loc(f)) return `${t[f.label]}${aside(lang, key.slice(f.key.length + 1))}`
  return f.suffix ? `${t[f.label]}${aside(lang, f.suffix)}` : t[f.label]
}

/** Amount fields among `fields` (the form takes major units; the contract, minor ones). */
export const isMoneyIn = (fields: readonly Field[]) => (key: string): boolean => fieldOf(fields, key)?.type === 'money'

/**
 * The inputs of `fields`, labelled in the operator's language `lang` (labelOf's words). Each control is named by its contract
 * key (a per-language one by `key_lang`), the name a refusal's field is (refusal.tsx), and `marks`
 * gives the refused one its aria-invalid and aria-describedby.
 */
export function FieldInputs<K extends string>({ fields, form, setForm, t, lang, idPrefix, marks = () => ({}) }: { fields: readonly Field<K>[]; form: FormState; setForm: (f: FormState) => void; t: Record<K | 'language', string>; lang: Lang; idPrefix: string; marks?: (name: string) => Marks }): ReactNode {
  const set = (key: string, value: string) => setForm({ ...form, [key]: value })
  const named = (name: string) => ({ name, ...marks(name) })
  return fields.map((f) => {
    if (isLoc(f))
      return LANGS.map((l) => (
        <label key={`${f.key}_${l}`}>
          <span>{labelOf(fields, t, `${f.key}_${l}`, lang)}</span>
          {f.type === 'loclong' ? (
            <textarea lang={langAttr(l)} rows={3} {...named(`${f.key}_${l}`)} value={form[`${f.key}_${l}`] ?? ''} onChange={(e) => set(`${f.key}_${l}`, e.target.value)} />
          ) : (
            <input lang={langAttr(l)} {...named(`${f.key}_${l}`)} value={form[`${f.key}_${l}`] ?? ''} required={f.required && l === 'ru'} onChange={(e) => set(`${f.key}_${l}`, e.target.value)} />
          )}
        </label>
      ))
    if (f.type === 'flag')
      return (
        <label key={f.key} className="adm-check">
          <input type="checkbox" style={{ minHeight: 0 }} {...named(f.key)} checked={form[f.key] === '1'} onChange={(e) => set(f.key, e.target.checked ? '1' : '0')} />
          {t[f.label]}
        </label>
      )
    if (f.type === 'select')
      return (
        <label key={f.key}>
          {t[f.label]}
          <select id={`${idPrefix}-${f.key}`} {...named(f.key)} value={form[f.key] ?? ''} onChange={(e) => set(f.key, e.target.value)}>
            {(f.options ?? []).map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
      )
    if (f.type === 'longtext')
      return (
        <label key={f.key}>
          {t[f.label]}
          <textarea id={`${idPrefix}-${f.key}`} rows={3} {...named(f.key)} value={form[f.key] ?? ''} onChange={(e) => set(f.key, e.target.value)} />
        </label>
      )
    const type = f.type === 'date' ? 'date' : f.type === 'time' ? 'time' : f.type === 'datetime' ? 'datetime-local' : 'text'
    const mode = f.type === 'number' || f.type === 'nullnumber' ? 'numeric' : f.type === 'money' ? 'decimal' : undefined
    return (
      <label key={f.key}>
        {labelOf(fields, t, f.key, lang)}
        <input id={`${idPrefix}-${f.key}`} type={type} inputMode={mode} {...named(f.key)} value={form[f.key] ?? ''} required={f.required} onChange={(e) => set(f.key, e.target.value)} />
      </label>
    )
  })
}

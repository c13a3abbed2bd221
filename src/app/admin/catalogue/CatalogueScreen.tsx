import { useCallback, useEffect, useState, type FormEvent } from 'react'
import { Link, useParams } from 'react-router-dom'
import type { z } from 'zod'
import { categoryInputSchema, kindInputSchema, menuInputSchema, ruleInputSchema, tagInputSchema, venueInputSchema, zoneInputSchema } from '../../../contract/admin/catalogue'
import { can } from '../../../contract/admin/roles'
import { LANGS, type Lang } from '../../../contract/lang'
import { firstIssue } from '../issueTexts'
import { useRefusal } from '../refusal'
import { isArchived } from '../rows'
import { ErrorNote, messageOf, useConsole, useScreenTitle } from '../shell'
import { labelled, separatorsOf } from '../../i18n/punctuation'
import { labelOf } from './recordForm'
import { CATALOGUE_TEXTS, type CatalogueTexts } from './texts'

type Row = Record<string, unknown> & { id: number }
type Refs = Record<'kinds' | 'menus' | 'tags' | 'categories' | 'zones' | 'rules' | 'venues', Row[]>
interface Field {
  key: string
  label: keyof CatalogueTexts
  type: 'loc' | 'loclong' | 'text' | 'number' | 'nullnumber' | 'flag' | 'color' | 'kind'
  required?: boolean
}
interface Kind {
  title: keyof CatalogueTexts
  rows: (r: Refs) => Row[]
  create: 'categoryCreate' | 'zoneCreate' | 'menuCreate' | 'tagCreate' | 'ruleCreate' | 'kindCreate' | 'venueCreate'
  update: 'categoryUpdate' | 'zoneUpdate' | 'menuUpdate' | 'tagUpdate' | 'ruleUpdate' | 'kindUpdate' | 'venueUpdate'
  copy: 'categoryCopy' | 'zoneCopy' | 'menuCopy' | 'tagCopy' | 'ruleCopy' | 'kindCopy' | 'venueCopy'
  /** Archive and restore, where the kind has them (an archived row is not offered for new choices). */
  archive?: { on: ArchiveCall; off: UnarchiveCall }
  schema: z.ZodType
  fields: Field[]
}

type ArchiveCall = 'kindArchive' | 'menuArchive' | 'tagArchive' | 'venueArchive' | 'categoryArchive' | 'zoneArchive' | 'ruleArchive'
type UnarchiveCall = 'kindUnarchive' | 'menuUnarchive' | 'tagUnarchive' | 'venueUnarchive' | 'categoryUnarchive' | 'zoneUnarchive' | 'ruleUnarchive'

const sortnum: Field = { key: 'sortnum', label: 'sortnum', type: 'number' }
/** The catalogue's smaller tables, each edited with its contract schema (contract/admin/catalogue.ts). */
export const KINDS: Record<string, Kind> = {
  categories: { title: 'categories', rows: (r) => r.categories, create: 'categoryCreate', update: 'categoryUpdate', copy: 'categoryCopy', archive: { on: 'categoryArchive', off: 'categoryUnarchive' }, schema: categoryInputSchema, fields: [{ key: 'name', label: 'name', type: 'loc', required: true }, { key: 'needage', label: 'needage', type: 'number' }, { key: 'needmiddlename', label: 'needmiddlename', type: 'flag' }, { key: 'needdocument', label: 'needdocument', type: 'flag' }, sortnum] },
  zones: { title: 'zones', rows: (r) => r.zones.filter((z) => z.drawing_id === null), create: 'zoneCreate', update: 'zoneUpdate', copy: 'zoneCopy', archive: { on: 'zoneArchive', off: 'zoneUnarchive' }, schema: zoneInputSchema, fields: [{ key: 'name', label: 'name', type: 'loc', required: true }, { key: 'color', label: 'color', type: 'color' }, sortnum] },
  kinds: { title: 'kinds', rows: (r) => r.kinds, create: 'kindCreate', update: 'kindUpdate', copy: 'kindCopy', archive: { on: 'kindArchive', off: 'kindUnarchive' }, schema: kindInputSchema, fields: [{ key: 'name', label: 'name', type: 'loc', required: true }, sortnum] },
  menus: { title: 'menus', rows: (r) => r.menus, create: 'menuCreate', update: 'menuUpdate', copy: 'menuCopy', archive: { on: 'menuArchive', off: 'menuUnarchive' }, schema: menuInputSchema, fields: [{ key: 'menu_kind_id', label: 'kind', type: 'kind' }, { key: 'name', label: 'name', type: 'loc', required: true }, sortnum] },
  tags: { title: 'tags', rows: (r) => r.tags, create: 'tagCreate', update: 'tagUpdate', copy: 'tagCopy', archive: { on: 'tagArchive', off: 'tagUnarchive' }, schema: tagInputSchema, fields: [{ key: 'name', label: 'name', type: 'loc', required: true }, sortnum] },
  venues: { title: 'venues', rows: (r) => r.venues, create: 'venueCreate', update: 'venueUpdate', copy: 'venueCopy', archive: { on: 'venueArchive', off: 'venueUnarchive' }, schema: venueInputSchema, fields: [{ key: 'name', label: 'name', type: 'loc', required: true }, { key: 'address', label: 'address', type: 'loc' }, { key: 'urlyandexmap', label: 'mapLink', type: 'text' }, { key: 'latitude', label: 'latitude', type: 'nullnumber' }, { key: 'longitude', label: 'longitude', type: 'nullnumber' }] },
  rules: { title: 'rules', rows: (r) => r.rules, create: 'ruleCreate', update: 'ruleUpdate', copy: 'ruleCopy', archive: { on: 'ruleArchive', off: 'ruleUnarchive' }, schema: ruleInputSchema, fields: [{ key: 'slug', label: 'slug', type: 'text', required: true }, { key: 'infname', label: 'title', type: 'loc', required: true }, { key: 'url', label: 'link', type: 'loc' }, { key: 'filebody', label: 'body', type: 'loclong' }, sortnum] },
}
const langAttr = (l: Lang) => (l === 'ch' ? 'zh-Hant' : l === 'kz' ? 'kk' : l)
const isLoc = (f: Field) => f.type === 'loc' || f.type === 'loclong'

function emptyForm(kind: Kind, refs: Refs | null): Record<string, string> {
  const out: Record<string, string> = {}
  for (const f of kind.fields) {
    if (isLoc(f)) for (const l of LANGS) out[`${f.key}_${l}`] = ''
    else out[f.key] = f.type === 'color' ? '#3a86ff' : f.type === 'number' || f.type === 'flag' ? '0' : f.type === 'kind' ? String(refs?.kinds.find((k) => !isArchived(k))?.id ?? '') : ''
  }
  return out
}

/** The form's strings as the contract's input: numbers and flags as numbers. */
function bodyOf(kind: Kind, form: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const f of kind.fields) {
    if (isLoc(f)) for (const l of LANGS) out[`${f.key}_${l}`] = form[`${f.key}_${l}`] ?? ''
    else if (f.type === 'nullnumber') out[f.key] = (form[f.key] ?? '').trim() === '' ? null : Number(form[f.key])
    else out[f.key] = f.type === 'number' || f.type === 'flag' || f.type === 'kind' ? Number(form[f.key]) : form[f.key]
  }
  return out
}

/** /admin/catalogue/:kind — price categories, general-admission zones, menu items, tags, rules and contacts texts. */
export function CatalogueScreen() {
  const { api, lang, operator, t: base } = useConsole()
  const t = CATALOGUE_TEXTS[lang]
  const { kind: kindName = 'categories' } = useParams()
  const kind = KINDS[kindName] ?? KINDS.categories
  const writable = can(operator.role, 'catalogue.write')
  const [refs, setRefs] = useState<Refs | null>(null)
  const [editing, setEditing] = useState<number | null>(null)
  const [form, setForm] = useState<Record<string, string>>(() => emptyForm(kind, null))
  const [error, setError] = useState<string | null>(null)
  const [note, setNote] = useState<string | null>(null)
  const refusal = useRefusal('adm-cat')
  const { clear } = refusal
  const heading = useScreenTitle(t[kind.title])

  const load = useCallback(async () => setRefs((await api('refs', {})) as unknown as Refs), [api])
  useEffect(() => {
    load().catch((e: unknown) => setError(messageOf(e)))
  }, [load])
  useEffect(() => {
    setEditing(null)
    setForm(emptyForm(kind, refs))
    clear()
    // A new kind starts a new form; refs arriving later fill its defaults.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [kindName, refs === null])

  const edit = (row: Row) => {
    const f: Record<string, string> = {}
    for (const k of Object.keys(emptyForm(kind, refs))) f[k] = String(row[k] ?? '')
    setForm(f)
    setEditing(row.id)
    setNote(null)
    clear()
  }
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    // The contract is the form's only check (noValidate): the browser's own bubbles speak the browser's language.
    // Its refusal is said in the form, on the field (refusal.tsx), not at the screen's top above the list.
    setError(null)
    setNote(null)
    const parsed = firstIssue(kind.schema, bodyOf(kind, form), lang, { label: (key) => labelOf(kind.fields, t, key, lang) ?? key })
    if (refusal.refuse(e, 'record', parsed)) return
    try {
      if (editing === null) await api(kind.create, parsed.data as never)
      else await api(kind.update, parsed.data as never, { id: editing })
      setNote(t.saved)
      setEditing(null)
      setForm(emptyForm(kind, refs))
      await load()
    } catch (err) {
      setError(messageOf(err))
    }
  }
  /** Copies a row (the server copies every field) and opens the copy in the form to rename it. */
  const copy = async (row: Row) => {
    setError(null)
    setNote(null)
    try {
      const { id } = await api(kind.copy, {}, { id: row.id })
      const fresh = (await api('refs', {})) as unknown as Refs
      setRefs(fresh)
      const made = kind.rows(fresh).find((r) => r.id === id)
      if (made) edit(made)
      setNote(`${t.copied} #${id}`)
    } catch (err) {
      setError(messageOf(err))
    }
  }
  /** Archives or restores a row; the list shows it again with its new mark and the other button. */
  const toggleArchive = async (row: Row) => {
    if (!kind.archive) return
    setError(null)
    setNote(null)
    const archived = isArchived(row)
    try {
      await api(archived ? kind.archive.off : kind.archive.on, {}, { id: row.id })
      setNote(labelled(separatorsOf(lang), archived ? t.restoredDone : t.archivedDone, nameOf(row)))
      await load()
    } catch (err) {
      setError(messageOf(err))
    }
  }
  const rows = refs ? kind.rows(refs) : null
  const nameKey = kind.fields.find(isLoc)!.key
  const nameOf = (r: Row) => String(r[`${nameKey}_${lang}`] || r[`${nameKey}_ru`] || r.id)

  return (
    <section aria-labelledby="adm-cat-title">
      <nav aria-label={t.catalogue} className="adm-tabs">
        {Object.entries(KINDS).map(([k, v]) => (
          <Link key={k} to={`/admin/catalogue/${k}`} aria-current={k === kindName ? 'page' : undefined}>{t[v.title]}</Link>
        ))}
      </nav>
      <h1 id="adm-cat-title" tabIndex={-1} ref={heading}>{t[kind.title]}</h1>
      {(kindName === 'menus' || kindName === 'kinds') && <p className="adm-muted">{t.kindsNote}</p>}
      {kind.archive && <p className="adm-muted">{t.archivedHint}</p>}
      <ErrorNote error={error} />
      {note && <p role="status" className="adm-note">{note}</p>}
      {rows === null ? <p aria-busy="true">{base.loading}</p> : rows.length === 0 ? <p>{t.none}</p> : (
        <div className="adm-scroll">
          <table>
            <thead><tr><th scope="col">#</th><th scope="col">{t[kind.fields.find(isLoc)!.label]}</th>{kind.fields.filter((f) => !isLoc(f)).map((f) => <th key={f.key} scope="col">{t[f.label]}</th>)}{writable && <th scope="col">{t.actions}</th>}</tr></thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} className={isArchived(r) ? 'adm-archived' : undefined}>
                  <td>{r.id}</td>
                  <td>{nameOf(r)}{isArchived(r) && <>{' '}<span className="adm-badge">{t.archivedBadge}</span></>}</td>
                  {kind.fields.filter((f) => !isLoc(f)).map((f) => (
                    <td key={f.key}>{f.type === 'color' ? <><span className="adm-swatch" style={{ background: String(r[f.key]) }} aria-hidden="true" />{String(r[f.key])}</> : f.type === 'kind' ? String(refs!.kinds.find((k) => k.id === r[f.key])?.[`name_${lang}`] || r[f.key]) : String(r[f.key] ?? '')}</td>
                  ))}
                  {writable && <td><button type="button" onClick={() => edit(r)} aria-label={labelled(separatorsOf(lang), t.edit, nameOf(r))}>{t.edit}</button>{' '}<button type="button" onClick={() => void copy(r)} aria-label={labelled(separatorsOf(lang), t.copy, nameOf(r))}>{t.copy}</button>{kind.archive && <>{' '}<button type="button" onClick={() => void toggleArchive(r)} aria-label={labelled(separatorsOf(lang), isArchived(r) ? t.restore : t.archive, nameOf(r))}>{isArchived(r) ? t.restore : t.archive}</button></>}</td>}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {writable && refs && (
        <form className="adm-form" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="adm-cat-form">
          <h2 id="adm-cat-form">{editing === null ? t.creating : `${t.editing} #${editing}`}</h2>
          {refusal.note('record')}
          {kind.fields.map((f) => {
            // Each control named by its contract key, the name a refusal's field is.
            const named = (name: string) => ({ name, ...refusal.marks('record', name) })
            if (isLoc(f)) return LANGS.map((l) => (
              <label key={`${f.key}_${l}`} lang={langAttr(l)}>
                {labelOf(kind.fields, t, `${f.key}_${l}`, lang)}
                {f.type === 'loclong'
                  ? <textarea rows={4} {...named(`${f.key}_${l}`)} value={form[`${f.key}_${l}`] ?? ''} onChange={(e) => setForm({ ...form, [`${f.key}_${l}`]: e.target.value })} />
                  : <input {...named(`${f.key}_${l}`)} value={form[`${f.key}_${l}`] ?? ''} required={f.required && l === 'ru'} onChange={(e) => setForm({ ...form, [`${f.key}_${l}`]: e.target.value })} />}
              </label>
            ))
            if (f.type === 'flag') return (
              <label key={f.key} className="adm-check">
                <input type="checkbox" style={{ minHeight: 0 }} {...named(f.key)} checked={form[f.key] === '1'} onChange={(e) => setForm({ ...form, [f.key]: e.target.checked ? '1' : '0' })} />
                {t[f.label]}
              </label>
            )
            if (f.type === 'kind') return (
              <label key={f.key}>
                {t[f.label]}
                <select {...named(f.key)} value={form[f.key]} onChange={(e) => setForm({ ...form, [f.key]: e.target.value })}>
                  {/* An archived section is not offered for a new choice; the one the row has stays. */}
                  {refs.kinds.filter((k) => !isArchived(k) || k.id === kind.rows(refs).find((r) => r.id === editing)?.[f.key]).map((k) => <option key={k.id} value={k.id}>{String(k[`name_${lang}`] || k.name_ru)}</option>)}
                </select>
              </label>
            )
            return (
              <label key={f.key}>
                {t[f.label]}
                <input type={f.type === 'number' ? 'number' : f.type === 'color' ? 'color' : 'text'} {...named(f.key)} inputMode={f.type === 'nullnumber' ? 'decimal' : undefined} value={form[f.key] ?? ''} required={f.required} onChange={(e) => setForm({ ...form, [f.key]: e.target.value })} />
              </label>
            )
          })}
          <div>
            <button type="submit">{editing === null ? t.create : base.save}</button>{' '}
            {editing !== null && <button type="button" onClick={() => (setEditing(null), setForm(emptyForm(kind, refs)), clear())}>{t.cancel}</button>}
          </div>
        </form>
      )}
    </section>
  )
}

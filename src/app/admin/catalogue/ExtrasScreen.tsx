import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react'
import { Link, useParams } from 'react-router-dom'
import type { z } from 'zod'
import { agreementInputSchema, AGREEMENT_SCOPES, compositionInputSchema, offerInputSchema, promoCodeSchema, promoInputSchema } from '../../../contract/admin/offers'
import { AdminErrorCode, can } from '../../../contract/admin/roles'
import type { Lang } from '../../../contract/lang'
import { toMajor } from '../../../contract/rules/money'
import { ErrorNote, messageOf, useConsole, useScreenTitle } from '../shell'
import { withCurrency } from '../money'
import { EXTRAS_TEXTS, type ExtrasTexts } from './extrasTexts'
import { firstIssue } from '../issueTexts'
import { useRefusal } from '../refusal'
import { bodyOf, emptyForm, FieldInputs, formOf, isMoneyIn, labelOf, type Field, type FormState, type Option } from './recordForm'
import { formatMoment } from '../../i18n/localeFormat'
import { aside, labelled, separatorsOf } from '../../i18n/punctuation'
import { venueClockNote } from '../venueClock'

type Row = Record<string, unknown> & { id: number }
interface Extras {
  subscriptions: Row[]
  compositions: Row[]
  offers: Row[]
  promos: Row[]
  agreements: Row[]
}
interface Ctx {
  t: ExtrasTexts
  lang: Lang
  /** The venue's time zone: date-time fields are its wall clock. */
  timeZone: string
  events: Option[]
  venues: Option[]
  subscriptions: Option[]
}
type Label = keyof ExtrasTexts
interface Tab {
  title: Label
  rows: (x: Extras) => Row[]
  schema: z.ZodType
  fields: (c: Ctx) => Field<Label>[]
  /** Columns of the table besides the name (a field key, shown as the form shows it). */
  columns: { key: string; label: Label; money?: boolean; when?: boolean; flag?: boolean }[]
  nameKey: string
  create: 'offerCreate' | 'promoCreate' | 'compositionCreate' | 'agreementCreate'
  update: 'offerUpdate' | 'promoUpdate' | 'compositionUpdate' | 'agreementUpdate'
  copy?: 'offerCopy' | 'promoCopy'
  /** The field a conflict of a save names (the server's only one for the tab: a code another promo has, admin-code-taken). */
  taken?: string
  archive?: 'offerArchive' | 'promoArchive'
  remove?: 'compositionDelete' | 'agreementDelete'
}

const sortnum: Field<Label> = { key: 'sortnum', label: 'sortnum', type: 'number' }
const nameOf = (r: Row, key: string, lang: Lang) => String(r[`${key}_${lang}`] || r[`${key}_ru`] || '')

/** Each tab edits one storefront table with its contract schema (contract/admin/offers.ts). */
export const EXTRA_TABS: Record<string, Tab> = {
  offers: {
    title: 'offers',
    rows: (x) => x.offers,
    schema: offerInputSchema,
    nameKey: 'name',
    fields: (c) => [
      { key: 'name', label: 'name', type: 'loc', required: true },
      { key: 'descript', label: 'descript', type: 'loclong' },
      { key: 'event_id', label: 'event', type: 'select', numeric: true, options: [{ value: '', label: c.t.allEvents }, ...c.events] },
      { key: 'price', label: 'price', type: 'money', required: true },
      { key: 'package_id', label: 'package_id', type: 'number' },
      { key: 'limit_per_order', label: 'limit_per_order', type: 'number', initial: '1' },
      { key: 'active', label: 'active', type: 'flag', initial: '1' },
      sortnum,
    ],
    columns: [{ key: 'price', label: 'price', money: true }, { key: 'limit_per_order', label: 'limit_per_order' }, { key: 'active', label: 'active', flag: true }],
    create: 'offerCreate',
    update: 'offerUpdate',
    copy: 'offerCopy',
    archive: 'offerArchive',
  },
  promos: {
    title: 'promos',
    rows: (x) => x.promos,
    schema: promoInputSchema,
    nameKey: 'code',
    fields: (c) => [
      { key: 'code', label: 'code', type: 'text', required: true },
      { key: 'discount_percent', label: 'discount_percent', type: 'number' },
      { key: 'discount_amount', label: 'discount_amount', type: 'money' },
      { key: 'multi_use', label: 'multi_use', type: 'flag' },
      { key: 'max_uses', label: 'max_uses', type: 'nullnumber' },
      { key: 'valid_from', label: 'valid_from', type: 'datetime', zone: c.timeZone, suffix: venueClockNote(c.lang, c.timeZone) },
      { key: 'valid_to', label: 'valid_to', type: 'datetime', zone: c.timeZone, suffix: venueClockNote(c.lang, c.timeZone) },
      { key: 'active', label: 'active', type: 'flag', initial: '1' },
    ],
    columns: [{ key: 'discount_percent', label: 'discount_percent' }, { key: 'discount_amount', label: 'discount_amount', money: true }, { key: 'used_count', label: 'used_count' }, { key: 'valid_to', label: 'valid_to', when: true }, { key: 'active', label: 'active', flag: true }],
    create: 'promoCreate',
    update: 'promoUpdate',
    copy: 'promoCopy',
    taken: 'code',
    archive: 'promoArchive',
  },
  compositions: {
    title: 'compositions',
    rows: (x) => x.compositions,
    schema: compositionInputSchema,
    nameKey: 'eventstr',
    fields: (c) => [
      { key: 'subscription_event_id', label: 'subscription', type: 'select', numeric: true, options: c.subscriptions },
      { key: 'eventstr', label: 'eventstr', type: 'loc', required: true },
      { key: 'event_id', label: 'event', type: 'select', numeric: true, options: [{ value: '', label: c.t.noneChosen }, ...c.events] },
      { key: 'venue_id', label: 'venue', type: 'select', numeric: true, options: [{ value: '', label: c.t.noneChosen }, ...c.venues] },
      { key: 'eventstr_day', label: 'eventstr_day', type: 'date' },
      { key: 'eventstr_time', label: 'eventstr_time', type: 'time' },
      { key: 'url', label: 'url', type: 'text' },
      sortnum,
    ],
    columns: [{ key: 'subscription_event_id', label: 'subscription' }, { key: 'eventstr_day', label: 'eventstr_day' }, { key: 'eventstr_time', label: 'eventstr_time' }],
    create: 'compositionCreate',
    update: 'compositionUpdate',
    remove: 'compositionDelete',
  },
  agreements: {
    title: 'agreements',
    rows: (x) => x.agreements,
    schema: agreementInputSchema,
    nameKey: 'name',
    fields: (c) => [
      { key: 'scope', label: 'scope', type: 'select', options: AGREEMENT_SCOPES.map((s) => ({ value: s, label: c.t[`scope_${s}`] })) },
      { key: 'name', label: 'name', type: 'loclong', required: true },
      { key: 'filling', label: 'filling', type: 'flag', initial: '1' },
      sortnum,
    ],
    columns: [{ key: 'scope', label: 'scope' }, { key: 'filling', label: 'filling', flag: true }],
    create: 'agreementCreate',
    update: 'agreementUpdate',
    remove: 'agreementDelete',
  },
}

/** /admin/extras/:tab — special offers, promo codes, subscriptions' contents and agreement checkboxes. */
export function ExtrasScreen() {
  const { api, lang, operator, t: base, currency, timeZone } = useConsole()
  const t = useMemo(() => withCurrency(EXTRAS_TEXTS[lang], currency), [lang, currency])
  const { tab: tabName = 'offers' } = useParams()
  const tab = EXTRA_TABS[tabName] ?? EXTRA_TABS.offers
  const writable = can(operator.role, 'catalogue.write')
  const [data, setData] = useState<{ extras: Extras; events: Option[]; venues: Option[] } | null>(null)
  const [editing, setEditing] = useState<number | null>(null)
  const [form, setForm] = useState<FormState>({})
  const [copyOf, setCopyOf] = useState<{ id: number; code: string } | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [note, setNote] = useState<string | null>(null)
  const refusal = useRefusal('adm-x')
  const heading = useScreenTitle(t[tab.title])

  const load = useCallback(async () => {
    const [extras, events, refs] = await Promise.all([api('extras', {}), api('events', {}), api('refs', {})])
    const named = (r: Record<string, unknown>) => ({ value: String(r.id), label: `${nameOf(r as Row, 'name', lang) || '#'}${aside(lang, `#${String(r.id)}`)}` })
    // An archived venue stays in the list (an extra may name it already) but says so.
    const venue = (r: Record<string, unknown>) => (r.archived_at === null || r.archived_at === undefined ? named(r) : { ...named(r), label: `${named(r).label}${aside(lang, base.archivedMark)}` })
    setData({ extras: extras as unknown as Extras, events: events.events.map(named), venues: refs.venues.map(venue) })
  }, [api, lang, base])
  useEffect(() => {
    load().catch((e: unknown) => setError(messageOf(e)))
  }, [load])
  const ctx: Ctx | null = useMemo(() => (data ? { t, lang, timeZone, events: data.events, venues: data.venues, subscriptions: data.extras.subscriptions.map((r) => ({ value: String(r.id), label: nameOf(r, 'name', lang) })) } : null), [data, t, lang, timeZone])
  const fields = ctx ? tab.fields(ctx) : []
  const reset = () => {
    setEditing(null)
    setCopyOf(null)
    setForm(emptyForm(fields))
    refusal.clear()
  }
  useEffect(() => {
    if (ctx) reset()
    // A new tab (or the first load) starts an empty form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tabName, ctx === null])

  /** `on`: the form and field a conflict of the call is said on (as the form's own check says its refusals), instead of the screen's top. */
  const run = async (fn: () => Promise<unknown>, on?: { el: HTMLFormElement; form: string; field: string }) => {
    setError(null)
    setNote(null)
    try {
      await fn()
      setNote(t.saved)
      reset()
      await load()
    } catch (err) {
      if (!on || !refusal.refuseAnswer(err, on.el, on.form, on.field, AdminErrorCode.CONFLICT)) setError(messageOf(err))
    }
  }
  // The forms are noValidate: the contract, not the browser's bubbles in the browser's language, says
  // what is wrong, in the form and on the field (refusal.tsx), not at the screen's top above the list.
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    setError(null)
    const formFields = fields.filter((f) => f.key !== 'subscription_event_id')
    const checked = firstIssue(tab.schema, bodyOf(formFields, form), lang, { label: (key) => labelOf(fields, t, key, lang) ?? key, money: isMoneyIn(fields) })
    if (refusal.refuse(e, 'record', checked)) return
    const body = checked.data as never
    const parent = Number(form.subscription_event_id)
    if (tab.create === 'compositionCreate' && editing === null && !(parent > 0)) {
      refusal.refuse(e, 'record', { error: labelled(separatorsOf(lang), t.subscription, t.noneChosen), field: 'subscription_event_id' })
      return
    }
    const on = tab.taken === undefined ? undefined : { el: e.currentTarget, form: 'record', field: tab.taken }
    void run(() => (editing === null ? api(tab.create, body, tab.create === 'compositionCreate' ? { id: parent } : {}) : api(tab.update, body, { id: editing })), on)
  }
  const copy = (row: Row) => {
    refusal.clear()
    if (tab.copy === 'promoCopy') return setCopyOf({ id: row.id, code: '' })
    if (tab.copy) void run(() => api(tab.copy as 'offerCopy', {}, { id: row.id }))
  }
  const sendCopy = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    if (!copyOf) return
    setError(null)
    // A schema of one value: its refusal names no field, the form's one code is it.
    const code = firstIssue(promoCodeSchema, copyOf.code, lang, { label: () => t.newCode })
    if (refusal.refuse(e, 'copy', { error: code.error, field: 'code' }) || code.data === null) return
    void run(() => api('promoCopy', { code: code.data }, { id: copyOf.id }), { el: e.currentTarget, form: 'copy', field: 'code' })
  }

  const rows = data ? tab.rows(data.extras) : null
  const cell = (r: Row, c: Tab['columns'][number]) => {
    const v = r[c.key]
    if (v === null || v === undefined || v === '') return t.noneChosen
    if (c.money) return String(toMajor(Number(v)))
    // Written as the console's other moments (audit, orders, sessions): the language's date order, on the venue's clock.
    if (c.when) return formatMoment(Number(v), lang, timeZone)
    if (c.flag) return Number(v) === 1 ? t.activeOn : t.archived
    if (c.key === 'subscription_event_id') return ctx?.subscriptions.find((s) => s.value === String(v))?.label ?? String(v)
    if (c.key === 'scope') return t[`scope_${String(v)}` as Label] ?? String(v)
    return String(v)
  }
  const title = (r: Row) => (tab.nameKey === 'code' ? String(r.code) : nameOf(r, tab.nameKey, lang)) || `#${r.id}`

  return (
    <section aria-labelledby="adm-x-title">
      <nav aria-label={t.extras} className="adm-tabs">
        {Object.entries(EXTRA_TABS).map(([k, v]) => (
          <Link key={k} to={`/admin/extras/${k}`} aria-current={k === tabName ? 'page' : undefined}>
            {t[v.title]}
          </Link>
        ))}
        {can(operator.role, 'settings.manage') && <Link to="/admin/shop-setup">{t.setup}</Link>}
      </nav>
      <h1 id="adm-x-title" tabIndex={-1} ref={heading}>
        {t[tab.title]}
      </h1>
      <ErrorNote error={error} />
      {note && (
        <p role="status" className="adm-note">
          {note}
        </p>
      )}
      {copyOf && (
        <form className="adm-form adm-inline" onSubmit={sendCopy} noValidate aria-label={`${t.copy} ${title(rows?.find((r) => r.id === copyOf.id) ?? ({ id: copyOf.id } as Row))}`}>
          {refusal.note('copy')}
          <label>
            {t.newCode}
            <input id="adm-x-copy-code" name="code" value={copyOf.code} required autoFocus onChange={(e) => setCopyOf({ ...copyOf, code: e.target.value })} {...refusal.marks('copy', 'code')} />
          </label>
          <div>
            <button type="submit">{t.copy}</button> <button type="button" onClick={() => (setCopyOf(null), refusal.clear())}>{t.cancel}</button>
          </div>
        </form>
      )}
      {rows === null ? (
        <p aria-busy="true">{base.loading}</p>
      ) : rows.length === 0 ? (
        <p>{t.none}</p>
      ) : (
        <div className="adm-scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">{t[tab.fields(ctx!).find((f) => f.key === tab.nameKey)!.label]}</th>
                {tab.columns.map((c) => (
                  <th key={c.key} scope="col">
                    {t[c.label]}
                  </th>
                ))}
                {writable && <th scope="col">{t.actions}</th>}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id}>
                  <td>{r.id}</td>
                  <td>{title(r)}</td>
                  {tab.columns.map((c) => (
                    <td key={c.key}>{cell(r, c)}</td>
                  ))}
                  {writable && (
                    <td>
                      <button type="button" aria-label={labelled(separatorsOf(lang), t.edit, title(r))} onClick={() => (setForm(formOf(fields, r)), setEditing(r.id), setCopyOf(null), setNote(null), refusal.clear())}>
                        {t.edit}
                      </button>{' '}
                      {tab.copy && (
                        <button type="button" aria-label={labelled(separatorsOf(lang), t.copy, title(r))} onClick={() => copy(r)}>
                          {t.copy}
                        </button>
                      )}{' '}
                      {tab.archive && r.active === 1 && (
                        <button type="button" aria-label={labelled(separatorsOf(lang), t.archive, title(r))} onClick={() => void run(() => api(tab.archive!, {}, { id: r.id }))}>
                          {t.archive}
                        </button>
                      )}
                      {tab.remove && (
                        <button type="button" aria-label={labelled(separatorsOf(lang), t.remove, title(r))} onClick={() => void run(() => api(tab.remove!, {}, { id: r.id }))}>
                          {t.remove}
                        </button>
                      )}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {writable && ctx && (
        <form className="adm-form" onSubmit={submit} aria-labelledby="adm-x-form" noValidate>
          <h2 id="adm-x-form">{editing === null ? t.creating : `${t.editing} #${editing}`}</h2>
          {refusal.note('record')}
          <FieldInputs fields={editing === null ? fields : fields.filter((f) => f.key !== 'subscription_event_id')} form={form} setForm={setForm} t={t} lang={lang} idPrefix="adm-x" marks={(name) => refusal.marks('record', name)} />
          <div>
            <button type="submit">{editing === null ? t.create : t.save}</button>{' '}
            {editing !== null && (
              <button type="button" onClick={reset}>
                {t.cancel}
              </button>
            )}
          </div>
        </form>
      )}
    </section>
  )
}
